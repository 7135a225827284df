// Package otlp exports telemetry over OTLP/HTTP, a protocol whose
// receivers accept duplicated data: its POSTs need no idempotency key.
// The same client's POSTs elsewhere do.
package otlp

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

type exporter struct {
	c        *retryablehttp.Client
	hc       *http.Client
	endpoint string
}

func (e *exporter) exportTraces(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, e.endpoint+"/v1/traces", body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-protobuf")
	resp, err := e.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (e *exporter) exportMetrics(ctx context.Context, body []byte) error {
	u := fmt.Sprintf("%s/v1/metrics", e.endpoint)
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := e.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func (e *exporter) exportLogs(body []byte) error {
	u := e.endpoint + "/v1/logs"
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = e.hc.Post(u, "application/x-protobuf", bytes.NewReader(body)); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twins: the same clients posting to another path of the same
// endpoint stay reported.
func (e *exporter) placeOrder(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, e.endpoint+"/v1/orders", body)
	if err != nil {
		return err
	}
	resp, err := e.c.Do(req) // want `retryablehttp.Client.Do retries an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (e *exporter) postTracesReport(body []byte) error {
	u, err := url.JoinPath(e.endpoint, "v1", "traces", "report")
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		resp, err := e.hc.Post(u, "application/json", bytes.NewReader(body)) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
