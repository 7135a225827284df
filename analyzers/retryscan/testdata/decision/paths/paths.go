// Package paths holds retry sites whose decisions the test renders: one
// "path" per way through the attempt, its conditions (! for a condition
// that does not hold) and where it ends.
package paths

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
)

var errGone = errors.New("gone")

// Two tests after the attempt: a transport error goes round, a bad
// status goes round, a good one leaves.
func status(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ { // want `round \[err != nil\]; round \[!err != nil, resp.StatusCode != 200\]; leave \[!err != nil, !resp.StatusCode != 200\]`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode != 200 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errGone
}

// A switch: each case after the earlier ones did not match; the missing
// default falls off the end of the body and goes round.
func codes(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ { // want `leave \[err == nil && resp.StatusCode == 200\]; leave \[!err == nil && resp.StatusCode == 200, resp == nil \|\| resp.StatusCode == 404\]; round \[!err == nil && resp.StatusCode == 200, !resp == nil \|\| resp.StatusCode == 404\]`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode == 200 {
			return nil
		}
		if resp == nil || resp.StatusCode == 404 {
			break
		}
		time.Sleep(time.Second)
	}
	return errGone
}

func tagged(c *http.Client, req *http.Request) error {
	for range 3 { // want `round \[err != nil\]; leave \[!err != nil, resp.StatusCode == 400\|404\]; round \[!err != nil, !resp.StatusCode == 400\|404, resp.StatusCode == 500\|503\]; leave \[!err != nil, !resp.StatusCode == 400\|404, !resp.StatusCode == 500\|503\]`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch resp.StatusCode {
		case 400, 404:
			return errGone
		case 500, 503:
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// A break in a switch leaves the switch, not the loop; a labeled break
// leaves the loop.
func breaks(c *http.Client, req *http.Request) error {
retry:
	for i := 0; i < 3; i++ { // want `leave \[err == nil\]; round \[!err == nil, resp.StatusCode == 503\]; leave \[!err == nil, !resp.StatusCode == 503, resp.StatusCode == 400\]; round \[!err == nil, !resp.StatusCode == 503, !resp.StatusCode == 400\]`
		resp, err := c.Do(req)
		if err == nil {
			return nil
		}
		switch {
		case resp.StatusCode == 503:
			time.Sleep(time.Second)
			break
		case resp.StatusCode == 400:
			break retry
		}
	}
	return errGone
}

// A select: each clause is a condition; its statement is a step.
func selects(ctx context.Context, op func() error) error {
	for i := 0; i < 3; i++ { // want `leave \[err == nil\]; leave \[!err == nil, case <-ctx.Done\(\)\]; round \[!err == nil, case <-time.After\(time.Second\)\]`
		err := op()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errGone
}

// An operation: nil and a permanent error leave, other errors go round
// when they are not nil.
func operation(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error { // want `leave \[err != nil\]; error:err \[!err != nil\]`
		_, err := c.Do(req)
		if err != nil {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func operationV5(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) { // want `round \[resp.StatusCode == 429\]; error:fmt.Errorf\("status %d", resp.StatusCode\) \[!resp.StatusCode == 429, resp.StatusCode >= 500\]; leave \[!resp.StatusCode == 429, !resp.StatusCode >= 500\]`
		resp, _ := c.Do(req)
		if resp.StatusCode == 429 {
			return 0, backoffv5.RetryAfter(1)
		}
		if resp.StatusCode >= 500 {
			return 0, fmt.Errorf("status %d", resp.StatusCode)
		}
		return resp.StatusCode, nil
	})
	return err
}

func retryGo(op func() error) error {
	return retry.Do(func() error { // want `leave \[errors.Is\(err, errGone\)\]; error:err \[!errors.Is\(err, errGone\)\]`
		err := op()
		if errors.Is(err, errGone) {
			return retry.Unrecoverable(err)
		}
		return err
	})
}

// Not followed: a return inside a loop nested in the attempt, goto.
func nested(c *http.Client, reqs []*http.Request) error {
	for i := 0; i < 3; i++ { // want `no decision`
		_, err := c.Head("x")
		if err == nil {
			return nil
		}
		for _, r := range reqs {
			if _, err := c.Do(r); err == nil {
				return nil
			}
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// Retry by recursion: the recursive call goes round, the returns around
// it do not leave; not followed.
func recursive(c *http.Client, req *http.Request, n int) error {
	_, err := c.Do(req)
	if err == nil || n == 0 {
		return err
	}
	time.Sleep(time.Second)
	return recursive(c, req, n-1) // want `no decision`
}
