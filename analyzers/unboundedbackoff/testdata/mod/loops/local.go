package loops

import (
	"context"
	"os"
	"time"
)

// A retry of a local file operation waits a fixed delay with no jitter,
// and that is fine: no other client waits on the same server.
func removeAll(dir string) error {
	err := os.RemoveAll(dir)
	for i := 0; err != nil && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
		err = os.RemoveAll(dir)
	}
	return err
}

// The same loop around a call that leaves the machine is reported.
func removeRemote(ctx context.Context) error {
	err := opCtx(ctx)
	for i := 0; err != nil && i < 100; i++ {
		time.Sleep(10 * time.Millisecond) // want `retry delay has no jitter`
		err = opCtx(ctx)
	}
	return err
}
