package off

import (
	"context"
	"testing"
	"time"
)

// Test files are reported with -tests.
func TestRetry(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for i := 0; i < 3; i++ { // want `retry waits \? \+ 1s \+ \? \+ 1s \+ \? >= 2s but its context has a 1s deadline`
		if err := call(ctx); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
