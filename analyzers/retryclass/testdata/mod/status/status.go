// Package status holds HTTP retries that go round on statuses that will
// not change, or that ignore the server's Retry-After, each beside the
// look-alike that does not.
package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strconv"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
)

var errGone = errors.New("gone")

// Any status but 200 goes round, 404 included.
func get(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK { // want `retry loop retries HTTP 4xx responses such as 404 \(err == nil && resp.StatusCode == http.StatusOK fails for them\): a client error does not change on retry, so each costs up to 4 more attempts over 4s; stop on 4xx other than 408, 425 and 429`
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// >= 400 goes round: 4xx included.
func post(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 400 { // want `retries HTTP 4xx responses such as 404 \(resp.StatusCode >= 400 holds for them\)`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// The same loop telling 4xx from 5xx: quiet.
func postSeparates(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return fmt.Errorf("rejected: %s", resp.Status)
		}
		if resp.StatusCode >= 400 {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// Only 5xx go round: quiet.
func only5xx(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// A 404 check of its own stops on 404 alone: 400, 401 and 403 still go
// round with the 5xx.
func notFoundFirst(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusNotFound {
			return errGone
		}
		if resp.StatusCode != http.StatusOK { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\): a client error does not change on retry, so each costs up to 2 more attempts; stop on 4xx other than 408, 425 and 429`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// A switch that names two 4xx and sends the rest round by default.
func switchDefault(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch resp.StatusCode { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 and 401 only, the other 4xx go round\)`
		case http.StatusOK:
			return resp, nil
		case http.StatusBadRequest, http.StatusUnauthorized:
			resp.Body.Close()
			return nil, errGone
		default:
			resp.Body.Close()
			time.Sleep(time.Second)
		}
	}
	return nil, errGone
}

// The same switch sending 5xx round and returning the rest by default:
// quiet.
func switchDefaultStops(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch resp.StatusCode {
		case http.StatusOK:
			return resp, nil
		case http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
			resp.Body.Close()
			time.Sleep(time.Second)
		default:
			resp.Body.Close()
			return nil, errGone
		}
	}
	return nil, errGone
}

// A switch that names 4xx and tells the rest of them from 5xx: quiet.
func switchRanged(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch {
		case resp.StatusCode == http.StatusOK:
			return resp, nil
		case resp.StatusCode == http.StatusUnauthorized:
			resp.Body.Close()
			return nil, errGone
		case resp.StatusCode >= 500:
			resp.Body.Close()
			time.Sleep(time.Second)
		default:
			resp.Body.Close()
			return nil, errGone
		}
	}
	return nil, errGone
}

// A 4xx named to go round on purpose (409: someone else's write), the
// rest stopped: quiet.
func switchConflict(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		switch {
		case resp.StatusCode == http.StatusConflict:
			resp.Body.Close()
			time.Sleep(time.Second)
		case resp.StatusCode < 300:
			return resp, nil
		default:
			resp.Body.Close()
			return nil, errGone
		}
	}
	return nil, errGone
}

// The status goes through a variable: still read.
func throughVariable(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		code := resp.StatusCode
		resp.Body.Close()
		ok := code/100 == 2
		if !ok { // want `retries HTTP 4xx responses such as 404 \(!ok holds for them\)`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// A classifier the analyzer does not read decides: quiet.
func classified(c *http.Client, req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil && !retryable(resp) {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGone
}

func retryable(resp *http.Response) bool { return resp.StatusCode >= 500 }

// A retry of transport errors only: the status is never looked at, quiet.
func transportOnly(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// An operation returning a retryable error for every bad status.
func operation(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK { // want `backoff.Retry retries HTTP 4xx responses such as 404 \(resp.StatusCode != http.StatusOK holds for them\)`
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}

// The same operation making 4xx permanent: quiet.
func operationPermanent(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}

// 429 recognised, answered with the loop's own delay.
func throttled(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After: it comes back before the server said it could and is turned away again; wait as long as its Retry-After header says when the response has one`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// The same loop reading Retry-After: quiet.
func throttledHonours(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			wait := time.Second
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(s) * time.Second
			}
			time.Sleep(wait)
			continue
		}
		return nil
	}
	return errGone
}

// A loop that goes round only on 429, returning every other failure, is
// a retry all the same.
func onlyThrottled(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
			return resp, err
		}
		resp.Body.Close()
		time.Sleep(2 * time.Second)
	}
	return nil, errGone
}

// The same loop waiting what the server asked: quiet.
func onlyThrottledHonours(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		s, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		time.Sleep(time.Duration(s) * time.Second)
	}
	return nil, errGone
}

// 5xx in general, 503 not named: quiet for Retry-After.
func serverErrors(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errGone
}

// backoff v5 can wait what the server asked; this operation does not ask.
func v5(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) {
		resp, err := c.Do(req)
		if err != nil {
			return 0, backoffv5.Permanent(err)
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable: // want `backoff.Retry answers HTTP 429 with its own delay and never reads Retry-After: .*; return backoff.RetryAfter\(seconds\) with the value of its Retry-After header`
			return 0, fmt.Errorf("busy: %d", resp.StatusCode)
		case http.StatusOK:
			return resp.StatusCode, nil
		}
		return 0, backoffv5.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}, backoffv5.WithMaxTries(4))
	return err
}

func v5Honours(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) {
		resp, err := c.Do(req)
		if err != nil {
			return 0, backoffv5.Permanent(err)
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			s, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			return 0, backoffv5.RetryAfter(s)
		case http.StatusOK:
			return resp.StatusCode, nil
		}
		return 0, backoffv5.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}, backoffv5.WithMaxTries(4))
	return err
}

// retryablehttp backoffs: LinearJitterBackoff and a custom function drop
// DefaultBackoff's Retry-After handling.
func clients() []*retryablehttp.Client {
	a := retryablehttp.NewClient()
	a.Backoff = retryablehttp.LinearJitterBackoff // want `retryablehttp Backoff retryablehttp.LinearJitterBackoff ignores Retry-After: on 429 and 503 the client waits its own delay instead of what the server asked and is turned away again; use retryablehttp.RateLimitLinearJitterBackoff or call retryablehttp.DefaultBackoff for those responses`
	b := &retryablehttp.Client{
		Backoff: func(min, max time.Duration, n int, resp *http.Response) time.Duration { // want `retryablehttp Backoff func\(...\) ignores Retry-After`
			return min * time.Duration(n+1)
		},
	}
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.RateLimitLinearJitterBackoff
	d := retryablehttp.NewClient()
	d.Backoff = jittered
	e := retryablehttp.NewClient()
	e.Backoff = constant // want `retryablehttp Backoff constant ignores Retry-After`
	return []*retryablehttp.Client{a, b, c, d, e}
}

// Reads the response for 429 and 503 before its own policy: quiet.
func jittered(min, max time.Duration, n int, resp *http.Response) time.Duration {
	if resp != nil && (resp.StatusCode == 429 || resp.StatusCode == 503) {
		return retryablehttp.DefaultBackoff(min, max, n, resp)
	}
	return retryablehttp.LinearJitterBackoff(min, max, n, resp)
}

func constant(min, _ time.Duration, _ int, _ *http.Response) time.Duration { return min }

// The status arrives in a typed error the loop reads only to log: a 404
// goes round with the 503s.
func typedLogged(send func() error) error {
	for i := 0; i < 4; i++ {
		err := send()
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(err == nil fails for them\)`
			return nil
		}
		var re *awshttp.ResponseError
		if errors.As(err, &re) {
			log.Printf("status %d", re.HTTPStatusCode())
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// The twin stops on a typed 4xx: quiet.
func typedStops(send func() error) error {
	for i := 0; i < 4; i++ {
		err := send()
		if err == nil {
			return nil
		}
		var re *awshttp.ResponseError
		if errors.As(err, &re) && re.HTTPStatusCode() < 500 {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// Retry-After is read, and only logged: the wait is the loop's own.
func throttledLogged(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and reads Retry-After only to print it`
			return resp, err
		}
		if ra := resp.Header.Get("Retry-After"); ra != "" {
			log.Printf("throttled, the server asks to retry after %s", ra)
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGone
}

// Retry-After logged and waited: quiet.
func throttledLoggedWaits(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		ra := resp.Header.Get("Retry-After")
		log.Printf("throttled, the server asks to retry after %s", ra)
		wait := time.Second
		if s, err := strconv.Atoi(ra); err == nil {
			wait = time.Duration(s) * time.Second
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
	return nil, errGone
}
