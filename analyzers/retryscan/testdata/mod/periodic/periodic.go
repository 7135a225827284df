// Package periodic holds loops that go round after success too: the
// failure path of a periodic loop with a wait of its own, and reconnect
// loops, are retries; a loop that waits the same period whatever
// happens, and a worker loop, are not.
package periodic

import (
	"context"
	"log"
	"net/http"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func rejoinAfter(resp *http.Response) time.Duration {
	if d, err := time.ParseDuration(resp.Header.Get("X-Rejoin")); err == nil {
		return d
	}
	return time.Hour
}

// rejoin re-registers every period; a failure or a 429/500 tries again
// in a minute (syncthing's relay joining its pool).
func rejoin(c *http.Client, url string) { // want `retrier\(N via periodic loop\)`
	for { // want `site loop "periodic loop" N attempts`
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute)
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

// refresh waits the same period after success and failure: a ticker
// written with time.Sleep, not a retry.
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

// refreshBoth waits the same period on both paths, written twice in
// the same block after the test: still one wait, not a retry.
func refreshBoth(c *http.Client, url string) {
	for {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
	}
}

// work takes the next job as soon as one is done, and waits only when
// the queue fails: a worker loop, not a retry (success does not wait).
func work(ctx context.Context, next func(context.Context) (string, error), do func(string)) {
	for ctx.Err() == nil {
		job, err := next(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		do(job)
	}
}

// watch re-opens the health stream on any error, and reads it until it
// breaks: a reconnect loop.
func watch(ctx context.Context, c healthpb.HealthClient) { // want `retrier\(N via reconnect loop\)`
	for { // want `site loop "reconnect loop" N attempts`
		stream, err := c.Watch(ctx, &healthpb.HealthCheckRequest{})
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for {
			resp, err := stream.Recv()
			if err != nil {
				break
			}
			log.Print(resp.GetStatus())
		}
	}
}

// watchCtx is the same loop, stopped by its context.
func watchCtx(ctx context.Context, c healthpb.HealthClient) { // want `retrier\(N via reconnect loop\)`
	for ctx.Err() == nil { // want `site loop "reconnect loop" unbounded attempts ctx`
		stream, err := c.Watch(ctx, &healthpb.HealthCheckRequest{})
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for {
			if _, err := stream.Recv(); err != nil {
				break
			}
		}
	}
}

// drain opens a stream once per iteration but does not read what it
// opened: each iteration sends a new check, and its own wait is shared
// with success. Not a reconnect loop.
func drain(ctx context.Context, c healthpb.HealthClient, out chan<- string) {
	for {
		resp, err := c.Check(ctx, &healthpb.HealthCheckRequest{})
		if err == nil {
			for i := 0; i < 3; i++ {
				out <- resp.GetStatus().String()
			}
		}
		time.Sleep(time.Second)
	}
}
