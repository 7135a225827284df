// Package httpcheck is a service's shared check of HTTP answers: each
// function is handed a response, or its status, and returns an error for
// the statuses it refuses. The recognizer exports each one's answers as
// a classifier fact (a checker's: whether it returns an error), which
// the retries of package checked read.
package httpcheck

import (
	"fmt"
	"io"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

// StatusError is an answer that is not 2xx.
type StatusError struct {
	Code int
}

func (e *StatusError) Error() string { return fmt.Sprintf("status %d", e.Code) }

// CheckResponse fails every status but 2xx alike: a 404 too.
func CheckResponse(resp *http.Response) error {
	if resp.StatusCode/100 == 2 {
		return nil
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}

// CheckStatus does the same with the status alone, and an error of its
// own type.
func CheckStatus(code int) error {
	if code >= 200 && code <= 299 {
		return nil
	}
	return &StatusError{Code: code}
}

// ReadBody returns the body of a 2xx and an error for any other status.
func ReadBody(resp *http.Response) ([]byte, error) {
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &StatusError{Code: resp.StatusCode}
	}
	return io.ReadAll(resp.Body)
}

// Client checks the answers of one service.
type Client struct {
	Name string
}

// Check fails every status but 2xx, naming the service.
func (c *Client) Check(resp *http.Response) error {
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s: status %d", c.Name, resp.StatusCode)
	}
	return nil
}

// CheckPermanent makes every 4xx but 429 permanent: backoff.Retry stops
// on them.
func CheckPermanent(resp *http.Response) error {
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests:
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}

// CheckBadRequest makes 400 alone permanent.
func CheckBadRequest(resp *http.Response) error {
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode == http.StatusBadRequest:
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}

// CheckServer fails only 5xx and 429, which may pass; any other answer
// is the caller's to read.
func CheckServer(resp *http.Response) error {
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// Accept decides by a policy the program sets at run time: what it
// answers for a 404 cannot be read.
var Accept func(status int) bool

// CheckPolicy fails what Accept refuses.
func CheckPolicy(resp *http.Response) error {
	if Accept(resp.StatusCode) {
		return nil
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}
