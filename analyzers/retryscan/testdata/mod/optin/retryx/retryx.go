// Package retryx classifies errors for sethvargo/go-retry: Classify
// makes some retryable (an OptInFact says so to its importers), Wrap
// only adds context to the error it is given.
package retryx

import (
	"errors"
	"fmt"

	"github.com/sethvargo/go-retry"
)

var errBusy = errors.New("busy")

// Classify asks for another attempt on errBusy.
func Classify(err error) error {
	if errors.Is(err, errBusy) {
		return retry.RetryableError(err)
	}
	return err
}

// Wrap hands back the error it is given, and makes none.
func Wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}

// Mark makes every error retryable through a helper of its package.
func Mark(err error) error { return mark(err) }

func mark(err error) error { return retry.RetryableError(err) }
