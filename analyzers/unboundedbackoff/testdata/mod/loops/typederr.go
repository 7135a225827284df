package loops

import (
	"errors"
	"math/rand/v2"
	"time"
)

// statusError is an answer with a status, read with errors.As or a type
// assertion to decide whether to go round.
type statusError struct{ StatusCode int }

func (e *statusError) Error() string { return "status" }

func (e *statusError) Temporary() bool { return e.StatusCode >= 500 }

// A test of the typed error's field depends on the outcome only: the loop
// goes round on 5xx forever.
func retryOn5xx() error {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		err := op()
		if err == nil {
			return nil
		}
		var se *statusError
		if errors.As(err, &se) && se.StatusCode >= 500 {
			time.Sleep(time.Second + rand.N(time.Second))
			continue
		}
		return err
	}
}

// Same through a type assertion and a method of the typed error.
func retryOnTemporary() error {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		err := op()
		if err == nil {
			return nil
		}
		if se, ok := err.(*statusError); ok && se.Temporary() {
			time.Sleep(time.Second + rand.N(time.Second))
			continue
		}
		return err
	}
}

// Twin: a round guard bounds it, whatever the typed error says.
func retryOn5xxGuarded() error {
	retries := 3
	for {
		err := op()
		if err == nil {
			return nil
		}
		var se *statusError
		if errors.As(err, &se) && se.StatusCode >= 500 && retries > 0 {
			retries--
			time.Sleep(time.Second + rand.N(time.Second))
			continue
		}
		return err
	}
}

// Twin: the typed error is another call's, not the attempt's: its test
// bounds nothing, and the counter does.
func retryUntilGiveUp(last func() error) error {
	for n := 0; n < 3; n++ {
		if err := op(); err == nil {
			return nil
		}
		var se *statusError
		if errors.As(last(), &se) && se.StatusCode == 418 {
			return errors.New("teapot")
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
	return errors.New("gave up")
}
