// Package orders is the module's own API client: its request types look
// like an SDK's, but they are this module's, where RequestId is whatever
// the module makes of it (a correlation ID, unless -keyregen.requestid).
package orders

import "context"

type CreateOrderRequest struct {
	RequestId string
	Item      string
}

type Client struct{}

func (c *Client) CreateOrder(ctx context.Context, r *CreateOrderRequest) error { return nil }
