package onerror

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"
)

// The predicates of api/errors decide a hand-rolled loop or a backoff
// operation as they decide retry.OnError's classifier.

var configMaps = schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}

// Stops on 404 alone: a 403 Forbidden goes round ten times.
func getUnlessMissing(ctx context.Context, s Store, name string) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = s.Update(ctx, name); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		if apierrors.IsNotFound(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Twin: stops on every client error whose reason the status tells; a
// 409 may be a conflict, retried on purpose.
func getUnlessClientError(ctx context.Context, s Store, name string) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = s.Update(ctx, name); err == nil {
			return nil
		}
		if apierrors.IsBadRequest(err) || apierrors.IsUnauthorized(err) || apierrors.IsForbidden(err) ||
			apierrors.IsNotFound(err) || apierrors.IsMethodNotSupported(err) || apierrors.IsNotAcceptable(err) ||
			apierrors.IsRequestEntityTooLargeError(err) || apierrors.IsUnsupportedMediaType(err) || apierrors.IsInvalid(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Twin: goes round only on what the server may answer otherwise.
func getWhileBusy(ctx context.Context, s Store, name string) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = s.Update(ctx, name); err == nil {
			return nil
		}
		if !apierrors.IsTooManyRequests(err) && !apierrors.IsServiceUnavailable(err) && !apierrors.IsTimeout(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The same through client-go's builders (dyn.Resource(...).Get), whose
// calls the analyzer reads as one attempt, and through a backoff
// operation that makes 404 alone permanent.
func getDynamic(ctx context.Context, dyn dynamic.Interface) error {
	return backoff.Retry(func() error {
		_, err := dyn.Resource(configMaps).Namespace("ns").Get(ctx, "x", metav1.GetOptions{})
		if apierrors.IsNotFound(err) { // want `backoff.Retry retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5), ctx))
}

// Twin: every client error is permanent.
func getDynamicPermanent(ctx context.Context, dyn dynamic.Interface) error {
	return backoff.Retry(func() error {
		_, err := dyn.Resource(configMaps).Namespace("ns").Get(ctx, "x", metav1.GetOptions{})
		if isClientError(err) {
			return backoff.Permanent(err)
		}
		return err
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5), ctx))
}

// isClientError names every client error whose reason the status tells
// (catalog.APIStatuses).
func isClientError(err error) bool {
	return apierrors.IsBadRequest(err) || apierrors.IsUnauthorized(err) || apierrors.IsForbidden(err) ||
		apierrors.IsNotFound(err) || apierrors.IsMethodNotSupported(err) || apierrors.IsNotAcceptable(err) ||
		apierrors.IsRequestEntityTooLargeError(err) || apierrors.IsUnsupportedMediaType(err) || apierrors.IsInvalid(err)
}

// retry.OnError with the same classifier negated: quiet.
func updateUnlessClientError(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool {
		return !isClientError(err)
	}, func() error {
		return s.Update(ctx, name)
	})
}
