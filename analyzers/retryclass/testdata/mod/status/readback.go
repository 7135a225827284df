package status

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// The status is decided two calls down, by a helper that keeps it in its
// receiver's field and reads it back (vmware/vic#5988): the loop calls
// readAll, readAll calls open, open stores res.StatusCode in f.code and
// tests f.code. The loop stops on the package's not-found error alone;
// every other 4xx is a plain error and goes round.
type fetcher struct {
	client *http.Client
	code   int
}

type notFoundError struct{ url string }

func (e notFoundError) Error() string { return "not found: " + e.url }

type clientError struct{ code int }

func (e clientError) Error() string { return fmt.Sprintf("client error %d", e.code) }

func (f *fetcher) open(ctx context.Context, url string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	f.code = res.StatusCode
	if f.code == http.StatusNotFound {
		res.Body.Close()
		return nil, notFoundError{url: url}
	}
	if f.code != http.StatusOK {
		res.Body.Close()
		return nil, fmt.Errorf("unexpected http code %d", f.code)
	}
	return res.Body, nil
}

func (f *fetcher) readAll(ctx context.Context, url string) (string, error) {
	body, err := f.open(ctx, url)
	if err != nil {
		return "", err
	}
	defer body.Close()
	b, err := io.ReadAll(body)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func (f *fetcher) fetchStopsOnNotFound(ctx context.Context, url string) (string, error) {
	for i := 1; ; i++ {
		data, err := f.readAll(ctx, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return data, nil
		}
		if i == 5 {
			return "", err
		}
		switch err.(type) {
		case notFoundError:
			return "", err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Duration(i) * time.Second):
		}
	}
}

// The twin's helper turns every 4xx into a clientError, two calls down,
// and the loop stops on it.
type strictFetcher struct {
	client *http.Client
	code   int
}

func (f *strictFetcher) open(ctx context.Context, url string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	f.code = res.StatusCode
	if f.code >= 400 && f.code < 500 && f.code != http.StatusTooManyRequests {
		res.Body.Close()
		return nil, clientError{code: f.code}
	}
	if f.code != http.StatusOK {
		res.Body.Close()
		return nil, fmt.Errorf("unexpected http code %d", f.code)
	}
	return res.Body, nil
}

func (f *strictFetcher) readAll(ctx context.Context, url string) (string, error) {
	body, err := f.open(ctx, url)
	if err != nil {
		return "", err
	}
	defer body.Close()
	b, err := io.ReadAll(body)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func (f *strictFetcher) fetchStopsOnClientErrors(ctx context.Context, url string) (string, error) {
	for i := 1; ; i++ {
		data, err := f.readAll(ctx, url)
		if err == nil {
			return data, nil
		}
		if i == 5 {
			return "", err
		}
		switch err.(type) {
		case clientError:
			return "", err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Duration(i) * time.Second):
		}
	}
}
