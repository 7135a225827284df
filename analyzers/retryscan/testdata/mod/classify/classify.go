// Package classify holds exported classifiers, the way a service's shared
// HTTP or gRPC helper package declares them: each exports a table of
// what it answers for a status, a gRPC code and the context's errors,
// which retries in other packages read (retryclass's classified fixture).
package classify

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// APIError is any answer that is not 2xx.
type APIError struct {
	StatusCode int
}

func (e *APIError) Error() string { return fmt.Sprintf("status %d", e.StatusCode) }

// Temporary is true for every status: a 404 too.
func (e *APIError) Temporary() bool { return e.StatusCode != http.StatusOK } // want `classifier\(404=yes 503=yes typed404=yes typed503=yes\)`

// Retryable is true for 5xx and 429 alone.
func (e *APIError) Retryable() bool { // want `classifier\(404=no 503=yes typed404=no typed503=yes\)`
	return e.StatusCode >= 500 || e.StatusCode == http.StatusTooManyRequests
}

// IsRetryable stops on 400 and 401 only; an error of another kind, a
// context error too, is retried.
func IsRetryable(err error) bool { // want `classifier\(typed404=yes typed503=yes canceled=yes\)`
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		switch apiErr.StatusCode {
		case http.StatusBadRequest, http.StatusUnauthorized:
			return false
		}
	}
	return true
}

// IsTransient stops on the context's errors and on 4xx.
func IsTransient(err error) bool { // want `classifier\(typed404=no typed503=yes canceled=no\)`
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode >= 500 || apiErr.StatusCode == http.StatusTooManyRequests
	}
	return true
}

// ShouldRetryStatus takes the status itself: no name of net/http, only
// the numbers.
func ShouldRetryStatus(code int) bool { // want `classifier\(404=yes 503=yes typed404=yes typed503=yes\)`
	return code < 200 || code >= 300
}

// RetryableCode is a gRPC classifier that lists NotFound.
func RetryableCode(err error) bool { // want `classifier\(typed404=no typed503=no NotFound=yes Unavailable=yes canceled=no\)`
	switch status.Code(err) {
	case codes.Unavailable, codes.NotFound:
		return true
	}
	return false
}

// Even takes an integer and answers a bool, but names no status: no
// classifier, and no SSA built for it.
func Even(n int) bool { return n%2 == 0 }

// isRetryable is not exported: the package's own retries read its body.
func isRetryable(err error) bool {
	return err != nil && !errors.Is(err, context.Canceled) && status.Code(err) != codes.NotFound
}

var _ = isRetryable

// Check answers a bool beside a value: not shaped like a classifier.
func Check(resp *http.Response) (int, bool) { return resp.StatusCode, resp.StatusCode == http.StatusOK }
