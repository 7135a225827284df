package helperclient

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
)

// The helpers below send with the client they are given: the attempt's
// client is what its call passes, read where the call is written. They
// are called from several places, with several clients.
func sendWith(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func sendVia(ctx context.Context, c *http.Client, url string) error { return sendWith(ctx, c, url) }

var (
	bareClient  = &http.Client{}                         // no Timeout
	quickClient = &http.Client{Timeout: 2 * time.Second} // 2s per attempt
	slowClient  = &http.Client{Timeout: 5 * time.Second} // 5s per attempt
)

// The DefaultClient passed to the helper: no timeout.
func fetchArgDefault(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = sendWith(ctx, http.DefaultClient, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Through a second helper that passes its parameter on, the same.
func fetchArgDefaultTwoDown(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = sendVia(ctx, http.DefaultClient, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A package variable client built with no Timeout: none either.
func fetchArgBare(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = sendWith(ctx, bareClient, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: a package variable client with a 2s Timeout bounds each
// attempt, 2s + 1s + 2s + 1s + 2s = 8s fits in 10s.
func fetchArgQuick(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = sendVia(ctx, quickClient, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A 5s Timeout is known too, and 17s does not fit in 10s.
func fetchArgSlow(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 10s deadline`
		if err = sendWith(ctx, slowClient, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: a local client with a 2s Timeout, 8s fits in 10s.
func fetchArgLocal(ctx context.Context, url string) error {
	hc := &http.Client{Timeout: 2 * time.Second}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = sendWith(ctx, hc, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The client is the function's own parameter, which its callers pass:
// its Timeout is not known here, and nothing is reported.
func FetchArgFrom(ctx context.Context, c *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = sendWith(ctx, c, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The helper called twice in one attempt, with two clients: which one
// bounds the attempt is not one argument, and nothing is reported.
func fetchArgTwice(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = sendWith(ctx, quickClient, url); err == nil {
			err = sendWith(ctx, http.DefaultClient, url+"/more")
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A library's operation passes the client the same way.
func fetchArgLib(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `retry's attempts have no timeout of their own under a 10s deadline`
		return struct{}{}, sendWith(ctx, http.DefaultClient, url)
	}, backoff.WithMaxTries(3), backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)))
	return err
}

// The twin: the 2s client, 8s fits in 10s.
func fetchArgLibQuick(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (struct{}, error) {
		return struct{}{}, sendWith(ctx, quickClient, url)
	}, backoff.WithMaxTries(3), backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)))
	return err
}
