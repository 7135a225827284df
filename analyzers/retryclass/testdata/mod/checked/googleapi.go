package checked

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/api/googleapi"
)

// googleapi.CheckResponse fails every status outside 2xx: for a 4xx it
// returns the *googleapi.Error decoded from the body, or one it makes.
// A hand-written loop that retries whatever it returns retries 4xx.
func fetchGoogle(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, derr := c.Do(req)
		if derr != nil {
			err = derr
		} else {
			err = googleapi.CheckResponse(resp)
			resp.Body.Close()
			if err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Twin: the same loop stops on a client error other than 429 (quiet).
func fetchGoogleStops(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, derr := c.Do(req)
		if derr != nil {
			err = derr
		} else {
			err = googleapi.CheckResponse(resp)
			resp.Body.Close()
			if err == nil {
				return nil
			}
			if resp.StatusCode/100 == 4 && resp.StatusCode != http.StatusTooManyRequests {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
