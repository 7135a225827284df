// Package flags is analyzed with -jitter=false -max-wait=1h.
package flags

import (
	"example.com/unboundedbackofftest/remote"
	"time"

	avast "github.com/avast/retry-go/v4"
)

func op() error { return remote.Call() }

func seventeenMinutes() error {
	var err error
	for attempt := 0; attempt < 12; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt) // ok: 17 minutes is under -max-wait=1h, and -jitter=false
	}
	return err
}

func sevenHours() error {
	return avast.Do(op, avast.Attempts(20)) // want `after 19 failures it waits 7h17m0s`
}

func forever() {
	for { // want `retry loop has no attempt limit`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
