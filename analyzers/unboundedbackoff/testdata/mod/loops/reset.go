package loops

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// A consumer that sets its retry count back whenever a failed round made
// some progress retries a dependency that keeps failing that way forever
// (beatlabs/patron#1564).
func resetOnProgress(url string) error {
	var last error
	for i := 0; i <= 3; i++ { // want `retry loop sets its attempt counter back after a failed attempt \(i = 0\) and has no deadline and no cancellation: a dependency that keeps failing that way is retried forever`
		resp, err := http.Get(url)
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			return nil
		}
		last = err
		if err == nil {
			if resp.Header.Get("X-Processed") != "" {
				i = 0
			}
			resp.Body.Close()
		}
		time.Sleep(rand.N(10 * time.Second))
	}
	return last
}

// The same count set back by a plain error path, the counter counted
// down.
func resetCountDown() error {
	retries := 5
	for retries > 0 { // want `retry loop sets its attempt counter back after a failed attempt \(retries = 5\)`
		err := op()
		if err == nil {
			return nil
		}
		if partial(err) {
			retries = 5
		}
		retries--
		time.Sleep(rand.N(time.Second))
	}
	return nil
}

func partial(err error) bool { return err.Error() == "partial" }

// The count starts again only after a success: it counts failures in a
// row, as a reconnect loop's does.
func resetOnSuccess() {
	for attempt := 0; attempt < 5; attempt++ {
		if err := op(); err == nil {
			attempt = 0
			time.Sleep(rand.N(time.Second))
			continue
		}
		time.Sleep(rand.N(time.Second))
	}
}

// No reset: four attempts.
func noReset(url string) error {
	var last error
	for i := 0; i <= 3; i++ {
		resp, err := http.Get(url)
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			return nil
		}
		last = err
		time.Sleep(rand.N(10 * time.Second))
	}
	return last
}
