// Package statusfield holds retries that read the HTTP status of a typed
// error from a field not named StatusCode: a field named like a status,
// a Code the package fills from a response, the response the error keeps,
// a library's field from the catalog (googleapi.Error.Code). Each stands
// beside its twin that stops on 4xx, and an application's own Code stays
// unread.
package statusfield

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"google.golang.org/api/googleapi"
)

// StatusError keeps the status in Code: send fills it from the response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("http %d: %s", e.Code, e.Body) }

// ErrorResponse keeps the response itself, as go-github's does.
type ErrorResponse struct {
	Response *http.Response
	Message  string
}

func (e *ErrorResponse) Error() string { return e.Message }

// RateError names its status HTTPStatusCode, as stripe-go's Error does.
type RateError struct {
	HTTPStatusCode int
}

func (e *RateError) Error() string { return "rate" }

// ValueError is used as a value, as consul's api.StatusError is.
type ValueError struct {
	Code int
}

func (e ValueError) Error() string { return "value" }

func send(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusTooManyRequests:
		return &RateError{HTTPStatusCode: resp.StatusCode}
	case resp.StatusCode >= 500:
		return ValueError{Code: resp.StatusCode}
	case resp.StatusCode >= 300:
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

// Code holds the status (send fills it): only 404 stops.
func codeOne(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = send(ctx, c, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		var se *StatusError
		if errors.As(err, &se) && se.Code == http.StatusNotFound {
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

// The same loop stopping on every 4xx but 429: no permanent-status
// finding; the 429 it answers with its own delay.
func codeRange(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = send(ctx, c, url); err == nil {
			return nil
		}
		var se *StatusError
		if errors.As(err, &se) && se.Code < 500 && se.Code != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
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

// The status of the response the error keeps: only 404 stops.
func nestedOne(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		var er *ErrorResponse
		if errors.As(err, &er) && er.Response.StatusCode == http.StatusNotFound {
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

// The same, stopping on 4xx: no permanent-status finding; the 429 it
// answers with its own delay.
func nestedRange(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var er *ErrorResponse
		if errors.As(err, &er) && er.Response.StatusCode < 500 && er.Response.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
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

// A field named like a status: only 400 stops.
func namedOne(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 only, the other 4xx go round\)`
			return nil
		}
		var re *RateError
		if errors.As(err, &re) && re.HTTPStatusCode == 400 {
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

// The same, stopping on 4xx: no permanent-status finding; the 429 it
// answers with its own delay.
func namedRange(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var re *RateError
		if errors.As(err, &re) && re.HTTPStatusCode/100 == 4 && re.HTTPStatusCode != 429 { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
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

// An error used as a value: only 404 stops.
func valueOne(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		var ve ValueError
		if errors.As(err, &ve) && ve.Code == http.StatusNotFound {
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

// The same, stopping on 4xx: no permanent-status finding; the 429 it
// answers with its own delay.
func valueRange(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var ve ValueError
		if errors.As(err, &ve) && ve.Code >= 400 && ve.Code < 500 && ve.Code != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
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

// googleapi.Error's Code is the HTTP status (the catalog): only 404 stops.
func googleOne(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		var gerr *googleapi.Error
		if errors.As(err, &gerr) && gerr.Code == 404 {
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

// The same, retrying only 5xx and 429: no permanent-status finding; the
// 429 it answers with its own delay.
func googleRange(ctx context.Context, get func(context.Context) error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = get(ctx); err == nil {
			return nil
		}
		var gerr *googleapi.Error
		if errors.As(err, &gerr) && !(gerr.Code >= 500 || gerr.Code == 429) { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
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
