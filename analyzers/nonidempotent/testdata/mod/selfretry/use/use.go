// Package use names the method of a helper of another package that
// retries inside.
package use

import (
	"context"
	"net/http"

	"example.com/nonidemtest/selfretry"
)

func archive(ctx context.Context, a *selfretry.API) error {
	if err := a.Retried(ctx, http.MethodGet, "/orders/1"); err != nil {
		return err
	}
	return a.Retried(ctx, http.MethodPost, "/orders/1/archive") // want `API.Retried retries API.once, which sends an HTTP POST`
}

// The helpers' facts carry the methods they retry.
func submit(ctx context.Context, a *selfretry.API) {
	a.Send(ctx, http.MethodPost, "/orders")
	a.Write(ctx, http.MethodPatch, "/orders/1")
	a.Write(ctx, "LOCK", "/orders/1") // want `API.Write retries API.once, which sends an HTTP LOCK`
}
