package loops

import (
	"testing"
	"time"
)

// A test that retries until it passes: the test timeout ends it, and no
// outage meets it.
func TestEventually(t *testing.T) {
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
