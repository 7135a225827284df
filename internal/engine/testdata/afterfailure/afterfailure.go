package afterfailure

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

func do() error                    { return nil }
func get() (*http.Response, error) { return nil, nil }
func lookup() error                { return nil }
func mark()                        {}
func op(f func() error)            {}
func isThrottle(err error) bool    { return errors.Is(err, errThrottle) }
func permanent(err error) bool     { return err != nil && !isThrottle(err) }

var errThrottle = errors.New("throttled")

// Loops: the attempt is do (or get).

func afterReturnOnSuccess() error {
	for i := 0; i < 3; i++ {
		err := do()
		if err == nil {
			return nil
		}
		mark() // want `after failure`
		time.Sleep(time.Second)
	}
	return nil
}

func underErrNotNil() error {
	for i := 0; i < 3; i++ {
		if err := do(); err != nil {
			mark() // want `after failure`
			continue
		}
		return nil
	}
	return nil
}

func switchOnErr() error {
	for i := 0; i < 3; i++ {
		switch err := do(); {
		case err == nil:
			return nil
		case isThrottle(err):
			mark() // want `after failure`
		}
	}
	return nil
}

func statusCheck() error {
	for i := 0; i < 3; i++ {
		resp, err := get()
		if err != nil {
			continue
		}
		if code := resp.StatusCode; code >= 500 {
			mark() // want `after failure`
			continue
		}
		return nil
	}
	return nil
}

// The last round's failure leaves the loop: the others go round.
func rangeOverInt() error {
	var err error
	for range 3 {
		if err = do(); err == nil {
			return nil
		}
		if isThrottle(err) {
			mark() // want `after failure`
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: a first-round flag, the success way, a failure that leaves, a
// lookup's own error, the previous round's error read before the call.

func firstRound() error {
	first := true
	for i := 0; i < 3; i++ {
		if first {
			mark() // want `not after failure`
			first = false
		}
		if do() == nil {
			return nil
		}
	}
	return nil
}

func onSuccess() error {
	for i := 0; i < 3; i++ {
		err := do()
		if err == nil {
			mark() // want `not after failure`
			return nil
		}
	}
	return nil
}

func failureLeaves() error {
	for i := 0; i < 3; i++ {
		err := do()
		if err == nil {
			return nil
		}
		if permanent(err) {
			mark() // want `not after failure`
			return err
		}
	}
	return nil
}

func lookupFails() error {
	for i := 0; i < 3; i++ {
		if err := lookup(); err != nil {
			mark() // want `not after failure`
		}
		if do() == nil {
			return nil
		}
	}
	return nil
}

func previousRound() error {
	var err error
	for i := 0; i < 3; i++ {
		if err != nil {
			mark() // want `not after failure`
		}
		if err = do(); err == nil {
			return nil
		}
	}
	return err
}

// Operations: the literal's error goes round.

func opUnderErr() {
	op(func() error {
		err := do()
		if err != nil {
			mark() // want `after failure`
		}
		return err
	})
}

func opAfterReturnNil(n int) {
	op(func() error {
		err := do()
		if err == nil {
			return nil
		}
		if n > 2 {
			mark() // want `after failure`
		}
		return fmt.Errorf("do: %w", err)
	})
}

func opFirst() {
	first := true
	op(func() error {
		if first {
			mark() // want `not after failure`
			first = false
		}
		return do()
	})
}

func opSwallowed() {
	op(func() error {
		if err := do(); err != nil {
			mark() // want `not after failure`
		}
		return nil
	})
}

func opOnSuccess() {
	op(func() error {
		err := do()
		if err == nil {
			mark() // want `not after failure`
		}
		return err
	})
}
