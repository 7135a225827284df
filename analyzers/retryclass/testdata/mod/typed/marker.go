package typed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Loops that tell failures apart by the types of the package's own
// errors, which a helper makes for some statuses (vic's image fetcher
// before #5988): a type switch or errors.As on them reads which way each
// status goes.

type doNotRetry struct{ err error }

func (e doNotRetry) Error() string { return e.err.Error() }

type notFoundError struct{ url string }

func (e *notFoundError) Error() string { return "not found: " + e.url }

type permanent interface{ Permanent() bool }

type clientError struct{ status int }

func (e *clientError) Error() string   { return fmt.Sprintf("client error %d", e.status) }
func (e *clientError) Permanent() bool { return true }

// getMarked marks 401 and 404; every other failure is a plain error.
func getMarked(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusOK:
		return resp, nil
	case http.StatusUnauthorized:
		resp.Body.Close()
		return nil, doNotRetry{err: errors.New("authentication required")}
	case http.StatusNotFound:
		resp.Body.Close()
		return nil, &notFoundError{url: url}
	}
	resp.Body.Close()
	return nil, fmt.Errorf("unexpected http code %d", resp.StatusCode)
}

// Reported: a 403 is a plain error and goes round.
func fetchMarked(ctx context.Context, hc *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := getMarked(ctx, hc, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 401 and 404 only, the other 4xx go round\)`
			resp.Body.Close()
			return nil
		}
		switch err.(type) {
		case doNotRetry, *notFoundError:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errors.New("gave up")
}

// Reported: errors.As finds the 404's type and no other 4xx's.
func fetchMarkedAs(ctx context.Context, hc *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := getMarked(ctx, hc, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			resp.Body.Close()
			return nil
		}
		var nf *notFoundError
		if errors.As(err, &nf) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errors.New("gave up")
}

// getClassified makes every 4xx but 429 a *clientError.
func getClassified(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusOK {
		return resp, nil
	}
	resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
		return nil, &clientError{status: resp.StatusCode}
	}
	return nil, fmt.Errorf("unexpected http code %d", resp.StatusCode)
}

// Quiet: every permanent 4xx is a *clientError, which the switch stops on.
func fetchClassified(ctx context.Context, hc *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := getClassified(ctx, hc, url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		switch err.(type) {
		case *clientError:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errors.New("gave up")
}

// Quiet: the same through an interface the type implements, by errors.As.
func fetchClassifiedAs(ctx context.Context, hc *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := getClassified(ctx, hc, url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		var p permanent
		if errors.As(err, &p) && p.Permanent() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errors.New("gave up")
}

// Quiet: the mark is wrapped (%w), so the switch's answer is not read;
// what the loop does with a 403 stays unknown.
func fetchWrapped(ctx context.Context, hc *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := getClassified(ctx, hc, url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		err = fmt.Errorf("fetch %s: %w", url, err)
		switch err.(type) {
		case *clientError:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return errors.New("gave up")
}
