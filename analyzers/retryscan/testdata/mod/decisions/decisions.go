// Package decisions holds retry loops that decide in the forms real
// code uses: combined conditions, local booleans, predicates, the
// response's status, bool results.
package decisions

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errStatus = errors.New("bad status")

func op(ctx context.Context) error { return ctx.Err() }

func isRetryable(err error) bool {
	var t interface{ Temporary() bool }
	return errors.As(err, &t) && t.Temporary()
}

// Success or the last attempt leaves: the counter bounds the loop.
func orCounter(ctx context.Context) error { // want `retrier\(5 via retry loop\)`
	const max = 5
	attempt := 0
	for { // want `site loop "retry loop" 5 attempts`
		err := op(ctx)
		attempt++
		if err == nil || attempt == max {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A retryable failure goes round, anything else leaves: nothing bounds it.
func andRetryable(ctx context.Context) error { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		err := op(ctx)
		if err != nil && isRetryable(err) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

func orNotRetryable(ctx context.Context) error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err = op(ctx); err == nil || !isRetryable(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// A local boolean holds the decision.
func localBool(c *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		resp, err := c.Do(req)
		retry := err != nil || resp.StatusCode >= http.StatusInternalServerError
		if !retry {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// shouldRetry's body is read: its answer depends on the error and the status.
func shouldRetry(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
}

func predicate(c *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(4 via retry loop\)`
	for attempt := 0; attempt < 4; attempt++ { // want `site loop "retry loop" 4 attempts`
		resp, err := c.Do(req)
		if !shouldRetry(resp, err) {
			return resp, err
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("gave up")
}

// The status class through a local variable: code/100 == 2 is success.
func statusClass(c *http.Client, req *http.Request) error { // want `retrier\(3 via retry loop\)`
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		code := resp.StatusCode
		resp.Body.Close()
		if code/100 == 2 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// Success is a good status, not only a nil error.
func goodStatus(c *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(5 via retry loop\)`
	for i := 0; i < 5; i++ { // want `site loop "retry loop" 5 attempts`
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errStatus
}

// A 5xx becomes an error and goes round; other statuses leave.
func statusToErr(c *http.Client, url string) (*http.Response, error) { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		resp, err := c.Get(url)
		if err == nil {
			if resp.StatusCode < 500 {
				return resp, nil
			}
			resp.Body.Close()
			err = errStatus
		}
		time.Sleep(time.Second)
	}
}

// 429 and 503 go round; an error or another status leaves.
func statusSwitch(c *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	for range 3 { // want `site loop "retry loop" 3 attempts`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errStatus
}

// An attempt that reports success as a bool, in a loop that waits.
func tryAcquire(ctx context.Context) (bool, error) { return ctx.Err() == nil, nil }

func boolResult(ctx context.Context) error { // want `retrier\(∞ via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts`
		ok, err := tryAcquire(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A (done bool, err error) condition, as wait.ConditionFunc has it.
func untilDone(ctx context.Context, cond func(context.Context) (bool, error)) error { // want `wrapper\(param=1, 10 attempts via retry loop\)` `retrier\(10 via retry loop\)`
	for attempt := 0; attempt < 10; attempt++ { // want `site loop "retry loop" 10 attempts`
		done, err := cond(ctx)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("not done")
}

// The condition decides, with a counter beside the error.
func condCounter(ctx context.Context) error { // want `retrier\(5 via retry loop\)`
	var err error
	n := 0
	for err = op(ctx); err != nil && n < 5; err = op(ctx) { // want `site loop "retry loop" 5 attempts`
		n++
		time.Sleep(time.Second)
	}
	return err
}
