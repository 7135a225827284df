package status

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// A classifier that decides by the error's text (topcheer/ggcode#306):
// the helper makes "status code: N" errors from constants and the status
// alone, so their text is known for each status, and the string fallback
// that excludes 401, 403 and 404 lets a 400 go round.
func postText(ctx context.Context, c *http.Client, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("upstream request failed: status code: %d", resp.StatusCode)
	}
	return nil
}

func retryableByText(err error) bool {
	msg := strings.ToLower(err.Error())
	if strings.Contains(msg, "status code: 401") || strings.Contains(msg, "status code: 403") || strings.Contains(msg, "status code: 404") {
		return false
	}
	return true
}

func sendByText(ctx context.Context, c *http.Client, url, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = postText(ctx, c, url, body); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 401, 403 and 404 only, the other 4xx go round\)`
			return nil
		}
		if !retryableByText(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The twin goes round only on texts that say timeout or reset: the
// status errors say neither, so every 4xx stops.
func transientByText(err error) bool {
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "timeout") || strings.HasSuffix(msg, "connection reset by peer")
}

func sendTransientText(ctx context.Context, c *http.Client, url, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = postText(ctx, c, url, body); err == nil {
			return nil
		}
		if !transientByText(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// An error that carries the body has words the code does not show: a
// 404's may say "invalid" or not, so what the classifier answers for it
// is unknown, and the loop is quiet.
func postBody(ctx context.Context, c *http.Client, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("status code: %d: %s", resp.StatusCode, b)
	}
	return nil
}

func invalidByText(err error) bool {
	return strings.Contains(err.Error(), "invalid")
}

func sendBodyText(ctx context.Context, c *http.Client, url, body string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = postBody(ctx, c, url, body); err == nil {
			return nil
		}
		if invalidByText(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
