// Package paths holds retry sites whose walks the test renders: one path
// per way through the attempt from its top with nothing decided, the
// conditions met on the way (! for one that does not hold) and where it
// ends; for loops, what their counters allow.
package paths

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
)

var errGone = errors.New("gone")

// Two tests after the attempt: a transport error goes round, a bad
// status goes round, a good one leaves.
func status(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ { // want `round \[i < 5, err != nil\]; round \[i < 5, !err != nil, resp\.StatusCode != 200\]; leave \[i < 5, !err != nil, !resp\.StatusCode != 200\]; leave \[!i < 5\]; trips 5`
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
	for i := 0; i < 5; i++ { // want `leave \[i < 5, err == nil, resp\.StatusCode == 200\]; leave \[i < 5, err == nil, !resp\.StatusCode == 200, resp == nil\]; leave \[i < 5, err == nil, !resp\.StatusCode == 200, !resp == nil, resp\.StatusCode == 404\]; round \[i < 5, err == nil, !resp\.StatusCode == 200, !resp == nil, !resp\.StatusCode == 404\]; leave \[i < 5, !err == nil, resp == nil\]; leave \[i < 5, !err == nil, !resp == nil, resp\.StatusCode == 404\]; round \[i < 5, !err == nil, !resp == nil, !resp\.StatusCode == 404\]; leave \[!i < 5\]; trips 5`
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
	for range 3 { // want `round \[err != nil, t7 < 3:int\]; leave \[err != nil, !t7 < 3:int\]; leave \[!err != nil, resp\.StatusCode == 400\]; leave \[!err != nil, !resp\.StatusCode == 400, resp\.StatusCode == 404\]; round \[!err != nil, !resp\.StatusCode == 400, !resp\.StatusCode == 404, resp\.StatusCode == 500, t7 < 3:int\]; leave \[!err != nil, !resp\.StatusCode == 400, !resp\.StatusCode == 404, resp\.StatusCode == 500, !t7 < 3:int\]; round \[!err != nil, !resp\.StatusCode == 400, !resp\.StatusCode == 404, !resp\.StatusCode == 500, resp\.StatusCode == 503, t7 < 3:int\]; leave \[!err != nil, !resp\.StatusCode == 400, !resp\.StatusCode == 404, !resp\.StatusCode == 500, resp\.StatusCode == 503, !t7 < 3:int\]; leave \[!err != nil, !resp\.StatusCode == 400, !resp\.StatusCode == 404, !resp\.StatusCode == 500, !resp\.StatusCode == 503\]; trips 3`
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
	for i := 0; i < 3; i++ { // want `leave \[i < 3, err == nil\]; round \[i < 3, !err == nil, resp\.StatusCode == 503\]; leave \[i < 3, !err == nil, !resp\.StatusCode == 503, resp\.StatusCode == 400\]; round \[i < 3, !err == nil, !resp\.StatusCode == 503, !resp\.StatusCode == 400\]; leave \[!i < 3\]; trips 3`
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

// A select: each clause is a condition. Nothing cancels the context in
// this walk, so only the timer's case goes.
func selects(ctx context.Context, op func() error) error {
	for i := 0; i < 3; i++ { // want `leave \[i < 3, err == nil\]; round \[i < 3, !err == nil, !case <-ctx\.Done\(\), case <-time\.After\(time\.Second\)\]; leave \[!i < 3\]; trips 3`
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
	return backoff.Retry(func() error { // want `leave \[err != nil\]; leave \[!err != nil\]`
		_, err := c.Do(req)
		if err != nil {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// With a defer the operation returns through its result slot: the
// permanent error is read from what the path stored there.
func operationDefer(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error { // want `leave \[err != nil\]; leave \[!err != nil, resp\.StatusCode == 404\]; error:err \[!err != nil, !resp\.StatusCode == 404\]`
		resp, err := c.Do(req)
		if err != nil {
			return backoff.Permanent(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == 404 {
			return backoff.Permanent(errors.New("missing"))
		}
		return errors.New("again")
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func operationV5(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) { // want `round \[resp\.StatusCode == 429\]; error:err \[!resp\.StatusCode == 429, resp\.StatusCode >= 500\]; leave \[!resp\.StatusCode == 429, !resp\.StatusCode >= 500\]`
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
	return retry.Do(func() error { // want `leave \[errors\.Is\(err, errGone\)\]; error:\? \[!errors\.Is\(err, errGone\)\]`
		err := op()
		if errors.Is(err, errGone) {
			return retry.Unrecoverable(err)
		}
		return err
	})
}

// A loop nested in the attempt: its ways out are followed, its way round
// is not.
func nested(c *http.Client, reqs []*http.Request) error {
	for i := 0; i < 3; i++ { // want `leave \[i < 3, err == nil\]; leave \[i < 3, !err == nil, t9 < t7, err == nil\]; round \[i < 3, !err == nil, !t9 < t7\]; leave \[!i < 3\]; trips 3`
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

// Retry by recursion: the recursive call goes round, the returns leave.
func recursive(c *http.Client, req *http.Request, n int) error {
	_, err := c.Do(req)
	if err == nil || n == 0 {
		return err
	}
	time.Sleep(time.Second)
	return recursive(c, req, n-1) // want `leave \[err == nil\]; leave \[!err == nil, n == 0\]; round \[!err == nil, !n == 0\]`
}

// paged pages through a listing and retries it from the start on an error.
// The header of the paging loop has phis of kvs and err, which carry the
// position of their declaration in the retry loop's body: the retry loop
// is the outer one, not the paging loop.
func paged(ctx context.Context, list func(ctx context.Context, after string) ([]string, error)) error {
	for { // want `leave \[err == nil, len\(kvs\) > 0, len\(kvs\) < 10\]; leave \[err == nil, !len\(kvs\) > 0, err == nil\]; round \[!err == nil, !err == nil\]`
		kvs, err := list(ctx, "")
		for err == nil && len(kvs) > 0 {
			if len(kvs) < 10 {
				return nil
			}
			kvs, err = list(ctx, kvs[len(kvs)-1])
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A bound kept in a field of a package variable set only by its
// initializer is the literal's constant; one init sets again is not.
type limits struct{ Attempts int }

var fixedLimits = limits{Attempts: 4}

var envLimits = limits{Attempts: 4}

func init() { envLimits.Attempts = len(os.Args) }

func boundByVar(op func() error) {
	for i := 0; i < fixedLimits.Attempts; i++ { // want `leave \[i < fixedLimits\.Attempts, err == nil\]; round \[i < fixedLimits\.Attempts, !err == nil\]; leave \[!i < fixedLimits\.Attempts\]; trips 4`
		if err := op(); err == nil {
			return
		}
	}
	for i := 0; i < envLimits.Attempts; i++ { // want `leave \[i < envLimits\.Attempts, err == nil\]; round \[i < envLimits\.Attempts, !err == nil\]; leave \[!i < envLimits\.Attempts\]$`
		if err := op(); err == nil {
			return
		}
	}
}

// A counter that counts down from a setting kept in an unexported field
// that the package writes with one constant (a constructor's literal) starts
// at that constant; one written with two does not.
type sender struct{ retries, spare int }

func newSender() *sender { return &sender{retries: 3, spare: 3} }

func newEagerSender() *sender { return &sender{retries: 3, spare: 9} }

func (s *sender) send(op func() error) {
	for n := s.retries; n > 0; n-- { // want `leave \[n > 0, err == nil\]; round \[n > 0, !err == nil\]; leave \[!n > 0\]; trips 3`
		if err := op(); err == nil {
			return
		}
	}
	for n := s.spare; n > 0; n-- { // want `leave \[n > 0, err == nil\]; round \[n > 0, !err == nil\]; leave \[!n > 0\]$`
		if err := op(); err == nil {
			return
		}
	}
}
