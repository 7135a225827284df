package wait

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// A classifier that reads the error's text: whether a cancelled
// attempt's error goes round is not visible, so the message does not
// say the loop stops.
func agentGone(err error) bool {
	return strings.Contains(err.Error(), "agent has no identities")
}

func getByText(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(req); err == nil {
			return resp.Body.Close()
		}
		if agentGone(err) {
			return err
		}
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 2s and the loop may go on after it`
	}
	return err
}
