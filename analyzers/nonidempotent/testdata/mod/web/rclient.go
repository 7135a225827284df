package web

import (
	"context"

	"example.com/nonidemtest/rclient"
)

// Another package names the method of the client's retried request.
func payout(ctx context.Context, c *rclient.Client) error {
	if err := c.Do(ctx, "PATCH", "/v1/payouts/1", map[string]string{"state": "sent"}); err != nil { // want `retryablehttp.Client.Do retries \(through Client.Do\) an HTTP PATCH`
		return err
	}
	return c.Do(ctx, "DELETE", "/v1/payouts/2", nil)
}
