// Package client is a client library of another package: its functions
// that call one target export it in their fact, so that a caller whose
// report does not include this package still knows what they call.
package client // want "."

import (
	"context"
	"net/http"
)

const base = "http://ledger.internal"

// Debit calls one target: the fact carries it.
func Debit(ctx context.Context, hc *http.Client, id string) error { // want Debit:`outbound\(an HTTP call POST ledger.internal/accounts/\{id\}/debit\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/accounts/"+id+"/debit", nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Sync calls two targets: the fact has none (the look-alike of Debit).
func Sync(ctx context.Context, hc *http.Client) error { // want Sync:`outbound\(an HTTP call\)`
	if _, err := hc.Get(base + "/a"); err != nil {
		return err
	}
	_, err := hc.Get(base + "/b")
	return err
}
