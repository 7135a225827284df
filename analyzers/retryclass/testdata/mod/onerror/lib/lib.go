// Package lib holds classifiers that callers in another package hand to
// client-go's retry.OnError.
package lib

import apierrors "k8s.io/apimachinery/pkg/api/errors"

// RetryUnlessForbidden stops on 403 alone: 404, 422 go round.
func RetryUnlessForbidden(err error) bool {
	return !apierrors.IsForbidden(err)
}

// Transient retries what the API server may answer otherwise later.
func Transient(err error) bool {
	return apierrors.IsServerTimeout(err) || apierrors.IsTooManyRequests(err) || apierrors.IsServiceUnavailable(err)
}
