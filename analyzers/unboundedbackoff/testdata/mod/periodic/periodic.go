// Package periodic holds periodic loops (docs/dev/app-shapes.md M7):
// the failure path that waits a fixed minute and tries again is a retry,
// and every client that failed together comes back in the same second;
// a loop that waits the same period whatever happens is a ticker.
package periodic

import (
	"log"
	"math/rand/v2"
	"net/http"
	"time"
)

func rejoinAfter(resp *http.Response) time.Duration {
	if d, err := time.ParseDuration(resp.Header.Get("X-Rejoin")); err == nil {
		return d
	}
	return time.Hour
}

// rejoin re-registers with a pool server every period; failure, 429 and
// 500 try again in a fixed minute.
func rejoin(c *http.Client, url string) {
	for {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute) // want `retry delay has no jitter: clients that failed together retry together; add random jitter`
			continue
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			time.Sleep(rejoinAfter(resp))
			continue
		case http.StatusTooManyRequests, http.StatusInternalServerError:
			time.Sleep(time.Minute)
			continue
		case http.StatusUnauthorized:
			return
		}
	}
}

// rejoinJitter is its twin: the failure path's wait is jittered.
func rejoinJitter(c *http.Client, url string) {
	for {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute/2 + rand.N(time.Minute))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			return
		}
		time.Sleep(rejoinAfter(resp))
	}
}

// refresh waits the same minute after success and failure, with no path
// of its own for failure: a ticker, not a retry, and quiet (nor is it
// reported for its missing bound: it is meant to run for good).
func refresh(c *http.Client, url string) {
	for {
		resp, err := c.Get(url)
		if err != nil {
			log.Print(err)
		} else {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
	}
}
