package protocols

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Envoy's admin API over a unix socket, as projectcontour/contour
// v1.33.8 fails Envoy's health checks (cmd/contour/shutdownmanager.go):
// the POST sets a flag, so a repeat leaves what one leaves.
const healthcheckFailURL = "http://unix/healthcheck/fail"

func failHealthChecks(adminSocket string) error {
	c := http.Client{
		Transport: &http.Transport{
			DialContext: func(_ context.Context, _, _ string) (net.Conn, error) {
				return net.Dial("unix", adminSocket)
			},
		},
	}
	resp, err := c.Post(healthcheckFailURL, "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("POST %s: %s", healthcheckFailURL, resp.Status)
	}
	return nil
}

func shutdown(adminSocket string) error {
	return backoff.Retry(func() error { return failHealthChecks(adminSocket) }, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// The admin listener on loopback, its address a constant prefix.
func drainListeners(ctx context.Context, port int) error {
	u := fmt.Sprintf("http://127.0.0.1:%d/drain_listeners?graceful", port)
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func healthOK() error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post("http://localhost:9901/healthcheck/ok", "", nil); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// --- Twins that stay reported ----------------------------------------

// Another path on the same unix-socket client: an order, not a state.
func placeOrder(sock string) error { // want placeOrder:`nonidempotent\(an HTTP POST\)`
	c := http.Client{
		Transport: &http.Transport{
			DialContext: func(_ context.Context, _, _ string) (net.Conn, error) {
				return net.Dial("unix", sock)
			},
		},
	}
	resp, err := c.Post("http://unix/orders", "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func orders(sock string) error {
	return backoff.Retry(func() error { return placeOrder(sock) }, backoff.NewExponentialBackOff()) // want `retry wraps placeOrder, which sends an HTTP POST with no Idempotency-Key header`
}

// The admin path on a host that is not local, and on a host named like a
// socket's but dialed over the network: a service of its own, whose
// /healthcheck/fail may do anything.
func remoteFail(ctx context.Context) error {
	return backoff.Retry(func() error {
		resp, err := http.Post("http://lb.example.com/healthcheck/fail", "", nil) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func notUnix(ctx context.Context) error {
	c := &http.Client{Timeout: 5 * time.Second}
	return backoff.Retry(func() error {
		resp, err := c.Post(healthcheckFailURL, "", nil) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
