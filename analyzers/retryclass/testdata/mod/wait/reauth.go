package wait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A client's call helper hands back the status, 0 on every error, and
// its loop logs in again on a 401 before it goes round (earthly#2119).
// When ctx is done the helper fails and its status is 0, so the 401 test
// is false on that way: the classifier says yes to any error, the
// context's too, and the loop sleeps and tries again.
type authClient struct {
	base  string
	token string
}

func (c *authClient) send(ctx context.Context, path string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

func (c *authClient) login(ctx context.Context) error {
	st, err := c.send(ctx, "/login")
	if err != nil {
		return err
	}
	if st != http.StatusOK {
		return errors.New("login refused")
	}
	return nil
}

func retryStatus(status int, err error) bool {
	if status == http.StatusUnauthorized || status >= 500 {
		return true
	}
	return err != nil
}

func (c *authClient) call(ctx context.Context, path string) (int, error) {
	var status int
	var err error
	reauthed := false
	for i := 0; i < 5; i++ {
		status, err = c.send(ctx, path)
		if !retryStatus(status, err) {
			return status, err
		}
		if status == http.StatusUnauthorized {
			if reauthed {
				return status, errors.New("unauthorized")
			}
			if err := c.login(ctx); err != nil {
				return status, err
			}
			reauthed = true
		}
		time.Sleep(500 * time.Millisecond) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts`
	}
	return status, err
}

// The twin's classifier stops on the context's errors first (the
// project's fix): the attempt after the caller gives up leaves.
func retryStatusLive(status int, err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if status == http.StatusUnauthorized || status >= 500 {
		return true
	}
	return err != nil
}

func (c *authClient) callLive(ctx context.Context, path string) (int, error) {
	var status int
	var err error
	reauthed := false
	for i := 0; i < 5; i++ {
		status, err = c.send(ctx, path)
		if !retryStatusLive(status, err) {
			return status, err
		}
		if status == http.StatusUnauthorized {
			if reauthed {
				return status, errors.New("unauthorized")
			}
			if err := c.login(ctx); err != nil {
				return status, err
			}
			reauthed = true
		}
		time.Sleep(500 * time.Millisecond)
	}
	return status, err
}
