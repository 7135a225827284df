package statusfield

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The name of the type says what its Code or Status holds: an HTTPError
// keeps the answer's status, whichever package fills it (chroncal's retry
// package, axiom's client), and this package neither fills it from a
// response nor compares it with a net/http constant.

// HTTPError is filled by callers in other packages.
type HTTPError struct {
	Status int
	Err    error
}

func (e *HTTPError) Error() string { return fmt.Sprintf("HTTP %d: %v", e.Status, e.Err) }

// Reported: 404 stops; 400, 401, 403 go round.
func httpStatusOnly(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		var he *HTTPError
		if errors.As(err, &he) && he.Status == 404 {
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

// HTTPFault names its status and keeps an application code beside it:
// the code is not read as a status for the type's name. Quiet.
type HTTPFault struct {
	StatusCode int
	Code       int
}

func (e *HTTPFault) Error() string { return "fault" }

func httpFaultCode(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var hf *HTTPFault
		if errors.As(err, &hf) && hf.Code == 404 {
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
