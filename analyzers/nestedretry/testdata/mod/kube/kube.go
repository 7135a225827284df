// Package kube stacks client-go's RetryOnConflict on apimachinery's
// wait.ExponentialBackoff.
package kube

import (
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	kretry "k8s.io/client-go/util/retry"
)

func load() error { return errors.New("x") }

// RetryOnConflict over a function that calls wait.ExponentialBackoff.
func update() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 4, Duration: time.Millisecond, Factor: 2, Jitter: 0.1}, func() (bool, error) {
		return load() == nil, nil
	})
}

func onConflict() error {
	return kretry.RetryOnConflict(kretry.DefaultRetry, update) // want `retry.RetryOnConflict \(5 attempts\) calls update, which retries again: up to 20 calls per call of onConflict \(5x4 via update -> wait.ExponentialBackoff\)`
}
