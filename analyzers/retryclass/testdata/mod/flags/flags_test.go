package flags

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// With -tests, a test's retry is reported too.
func TestRetry(t *testing.T) {
	ctx := t.Context()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://localhost:1", nil)
	for i := 0; i < 3; i++ {
		if _, err := http.DefaultClient.Do(req); err == nil {
			return
		}
		time.Sleep(time.Millisecond) // want `retry loop waits with time.Sleep and never checks ctx`
	}
	_ = context.Background
}
