package statusfield

import (
	"context"
	"errors"
	"time"
)

// AppError carries the application's own code, which this package never
// fills from a response nor compares with a status: it stays unread, and
// a loop that stops on one code is quiet.
type AppError struct {
	Code   int
	Reason string
}

func (e *AppError) Error() string { return e.Reason }

func appCode(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var ae *AppError
		if errors.As(err, &ae) && ae.Code == 1001 {
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

// QuotaError names its status, and carries an application code beside
// it: a loop that stops on the code alone does not say what it does
// with a 404, since the code may come with any status. Quiet.
type QuotaError struct {
	StatusCode int
	Code       int
}

func (e *QuotaError) Error() string { return "quota" }

func quotaCode(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var qe *QuotaError
		if errors.As(err, &qe) && qe.Code == 1001 {
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
