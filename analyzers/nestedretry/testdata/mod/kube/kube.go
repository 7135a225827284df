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

// Steps 6, but the wait that would pass Cap ends the retry after its
// third attempt (waits 1ms, 2ms, 4ms; 8ms passes 5ms): a layer of 3.
func capped() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 6, Duration: time.Millisecond, Factor: 2, Cap: 5 * time.Millisecond}, func() (bool, error) {
		return load() == nil, nil
	})
}

func onConflictCapped() error {
	return kretry.RetryOnConflict(kretry.DefaultRetry, capped) // want `\(5x3 via capped -> wait.ExponentialBackoff\)`
}

// The twin whose Cap is never reached: all 6 steps run.
func roomy() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 6, Duration: time.Millisecond, Factor: 2, Cap: time.Second}, func() (bool, error) {
		return load() == nil, nil
	})
}

func onConflictRoomy() error {
	return kretry.RetryOnConflict(kretry.DefaultRetry, roomy) // want `\(5x6 via roomy -> wait.ExponentialBackoff\)`
}
