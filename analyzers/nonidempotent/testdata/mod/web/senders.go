package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/smtp"

	"github.com/avast/retry-go/v4"

	"example.com/nonidemtest/apiclient"
	"example.com/nonidemtest/ops"
)

// A POST built by the client and sent through its helper is retried.
func postThroughHelper(ctx context.Context, c *apiclient.Client, r apiclient.Refund) error {
	return retry.Do(func() error {
		return c.PostJSON(ctx, "/refunds", r) // want `retry wraps Client.PostJSON, which sends an HTTP POST with no Idempotency-Key header`
	}, retry.Attempts(3))
}

// Twins: a literal that sets the body's key field, a value whose type has
// one (set where it is made), and a GET through the same helper.
func postKeyedBody(ctx context.Context, c *apiclient.Client, key string, ch apiclient.Charge) error {
	return retry.Do(func() error {
		if err := c.PostJSON(ctx, "/charges", apiclient.Charge{Amount: 5, Key: key}); err != nil {
			return err
		}
		if err := c.PostJSON(ctx, "/charges", ch); err != nil {
			return err
		}
		if err := c.PostCharge(ctx, ch); err != nil {
			return err
		}
		return c.Get(ctx, "/charges")
	}, retry.Attempts(3))
}

// A literal of the keyed type that leaves the key out sends no key.
func postUnkeyedLiteral(ctx context.Context, c *apiclient.Client) error {
	return retry.Do(func() error {
		return c.PostJSON(ctx, "/charges", apiclient.Charge{Amount: 5}) // want `retry wraps Client.PostJSON, which sends`
	}, retry.Attempts(3))
}

// A concrete body type without a key field.
func postRefund(ctx context.Context, c *apiclient.Client, r apiclient.Refund) error {
	return retry.Do(func() error {
		return c.PostRefund(ctx, r) // want `retry wraps Client.PostRefund, which sends an HTTP POST`
	}, retry.Attempts(3))
}

// A sender that retries what it is given: its call retries the POST.
func sendRetrying(ctx context.Context, c *apiclient.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	return c.SendRetrying(req) // want `Client.SendRetrying retries an HTTP POST with no Idempotency-Key header`
}

// Twins: a GET, and a POST with a key made once.
func sendRetryingSafe(ctx context.Context, c *apiclient.Client, u, key string) error {
	get, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	if err := c.SendRetrying(get); err != nil {
		return err
	}
	post, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	post.Header.Set("Idempotency-Key", key)
	return c.SendRetrying(post)
}

// A local sender, and a POST built here and handed to it in a retry.
func send(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func postViaLocalSender(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		return send(c, req) // want `retry wraps an HTTP POST with no Idempotency-Key header`
	}, retry.Attempts(3))
}

// A JSON body made here: a map with a key field is keyed, one without
// is not.
func postJSONMaps(ctx context.Context, c *http.Client, u, key string) error {
	return retry.Do(func() error {
		keyed, _ := json.Marshal(map[string]any{"amount": 5, "idempotency_key": key})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(keyed))
		if err != nil {
			return err
		}
		if err := send(c, req); err != nil { // ok: the body carries the key
			return err
		}
		bare, _ := json.Marshal(map[string]any{"amount": 5})
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(bare))
		if err != nil {
			return err
		}
		return send(c, req) // want `retry wraps an HTTP POST with no Idempotency-Key header`
	}, retry.Attempts(3))
}

// An e-mail sent in a retry, directly or through a function of another
// package; a retried dial delivers nothing.
func mailRetried(to string) error {
	return retry.Do(func() error {
		if err := smtp.SendMail("mail.internal:25", nil, "a@example.com", []string{to}, []byte("x")); err != nil { // want `retry wraps smtp.SendMail \(an e-mail\): if an attempt fails after the server accepted the message, the retry delivers it again`
			return err
		}
		if _, err := ops.Dial(); err != nil { // ok: connecting twice sends nothing
			return err
		}
		return ops.Welcome(to) // want `retry wraps ops.Welcome, which calls smtp.SendMail \(an e-mail\)`
	}, retry.Attempts(3))
}

// The message of Client.Data is handed over when its writer closes.
func mailData(msg []byte) error {
	return retry.Do(func() error {
		c, err := smtp.Dial("mail.internal:25")
		if err != nil {
			return err
		}
		defer c.Close()
		w, err := c.Data() // want `retry wraps Client.Data \(an e-mail\)`
		if err != nil {
			return err
		}
		if _, err := w.Write(msg); err != nil {
			return err
		}
		return w.Close()
	}, retry.Attempts(3))
}
