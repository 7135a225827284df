package typed

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

type serverError struct{ code int }

func (e *serverError) Error() string { return fmt.Sprintf("server error %d", e.code) }

// fetchOnce turns only 5xx into an error: a 4xx is an answer, returned
// as success.
func fetchOnce(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return &serverError{code: resp.StatusCode}
	}
	return nil
}

func serverSide(err error) bool {
	var se *serverError
	return errors.As(err, &se)
}

// Quiet: no 4xx reaches the retry as an error.
func fetchServerErrors(ctx context.Context, hc *http.Client, url string) error {
	return backoff.Retry(func() error {
		if err := fetchOnce(ctx, hc, url); err != nil {
			if serverSide(err) {
				return err
			}
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// getOnce turns every answer from 300 on into the same error.
func getOnce(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &serverError{code: resp.StatusCode}
	}
	return nil
}

// Reported: a 404 comes back as a serverError, which goes round.
func getAll(ctx context.Context, hc *http.Client, url string) error {
	return backoff.Retry(func() error {
		if err := getOnce(ctx, hc, url); err != nil { // want `backoff.Retry retries HTTP 4xx responses such as 404 \(err != nil holds for them\)`
			if serverSide(err) {
				return err
			}
			return backoff.Permanent(err)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
