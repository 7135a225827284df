// Package lib is a service's shared HTTP helper package: an error type
// for answers that are not 2xx, and the classifiers its retries ask.
// The recognizer exports each classifier's answers as a fact, which the
// retries of package classified read.
package lib

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// APIError is any answer that is not 2xx.
type APIError struct {
	StatusCode int
}

func (e *APIError) Error() string { return fmt.Sprintf("status %d", e.StatusCode) }

// Temporary is true for every status but 200: a 404 too.
func (e *APIError) Temporary() bool { return e.StatusCode != http.StatusOK }

// Retryable is true for 5xx and 429 alone.
func (e *APIError) Retryable() bool {
	return e.StatusCode >= 500 || e.StatusCode == http.StatusTooManyRequests
}

// Get sends a GET on ctx; a status other than 2xx is an *APIError.
func Get(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &APIError{StatusCode: resp.StatusCode}
	}
	return io.ReadAll(resp.Body)
}

// IsRetryable stops on 400 and 401 only: 403, 404, 409 are retried.
func IsRetryable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		switch apiErr.StatusCode {
		case http.StatusBadRequest, http.StatusUnauthorized:
			return false
		}
	}
	return true
}

// IsTransient stops on the context's errors and on 4xx but 429.
func IsTransient(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= 500 || apiErr.StatusCode == http.StatusTooManyRequests
	}
	return true
}

// ShouldRetryStatus retries every status but 2xx.
func ShouldRetryStatus(code int) bool {
	return code < 200 || code >= 300
}

// ShouldRetryStatusOK retries 429 and 5xx.
func ShouldRetryStatusOK(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

// RetryableCode is a gRPC classifier that lists NotFound with
// Unavailable.
func RetryableCode(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.NotFound:
		return true
	}
	return false
}

// TransientCode lists Unavailable and ResourceExhausted.
func TransientCode(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted:
		return true
	}
	return false
}

// RetryAfter is the wait a response asks for in its Retry-After header.
func RetryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return time.Second
	}
	return time.Duration(secs) * time.Second
}

// Pause is a wait that does not read the response's header.
func Pause(attempt int) time.Duration { return time.Duration(attempt) * 100 * time.Millisecond }

// statusOf is the status an error carries, 0 for a transport error.
func statusOf(err error) int {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode
	}
	return 0
}

func retryableStatus(code int) bool {
	return code == 0 || code >= 500 || code == http.StatusTooManyRequests
}

func anyButBadRequest(code int) bool { return code != http.StatusOK && code != http.StatusBadRequest }

// ShouldRetry names no status itself: its helpers do, and the fact is
// read through them (5xx, 429 and transport errors).
func ShouldRetry(err error) bool { return retryableStatus(statusOf(err)) }

// ShouldRetryLoose, the same way, retries every status but 400.
func ShouldRetryLoose(err error) bool { return anyButBadRequest(statusOf(err)) }

// RetryableExceptInvalid stops on two codes and says yes to every other
// error, an HTTP one too, without reading its status.
func RetryableExceptInvalid(err error) bool {
	switch status.Code(err) {
	case codes.InvalidArgument, codes.Unauthenticated:
		return false
	default:
		return true
	}
}

// CodeError keeps the status in a field named Code: GetCode fills it
// from the response, which tells the engine that it holds a status.
type CodeError struct {
	Code int
	Body string
}

func (e *CodeError) Error() string { return fmt.Sprintf("http %d: %s", e.Code, e.Body) }

// Temporary says yes to every 4xx.
func (e *CodeError) Temporary() bool { return e.Code >= 400 }

// Retryable says yes to 5xx and 429 alone.
func (e *CodeError) Retryable() bool {
	return e.Code >= 500 || e.Code == http.StatusTooManyRequests
}

// GetCode sends a GET on ctx; a status other than 2xx is a *CodeError.
func GetCode(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return nil, &CodeError{Code: resp.StatusCode, Body: string(b)}
	}
	return b, err
}

// ShouldRetryCode stops on 400, 401 and 403 only.
func ShouldRetryCode(err error) bool {
	var ce *CodeError
	if errors.As(err, &ce) {
		return ce.Code != http.StatusBadRequest && ce.Code != http.StatusUnauthorized && ce.Code != http.StatusForbidden
	}
	return true
}

// IsTransientCode retries 429, 5xx and transport errors.
func IsTransientCode(err error) bool {
	var ce *CodeError
	if errors.As(err, &ce) {
		return ce.Code == http.StatusTooManyRequests || ce.Code >= http.StatusInternalServerError
	}
	return true
}
