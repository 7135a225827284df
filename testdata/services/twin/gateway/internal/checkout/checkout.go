// Package checkout places an order with the orders service for each
// checkout.
package checkout

import (
	"context"
	"fmt"
	"net/http"
)

// Handler serves checkouts; ordersURL is the orders service's origin,
// "http://orders:8080", from the environment.
type Handler struct {
	ordersURL string
	hc        *http.Client
}

func New(ordersURL string, hc *http.Client) *Handler {
	return &Handler{ordersURL: ordersURL, hc: hc}
}

// Checkout places the cart's order.
func (h *Handler) Checkout(w http.ResponseWriter, r *http.Request) {
	if err := h.post(r.Context(), r.PathValue("cart")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// post places the order once: the client of a checkout retries, if
// anyone.
func (h *Handler) post(ctx context.Context, cart string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.ordersURL+"/orders/"+cart, nil)
	if err != nil {
		return err
	}
	resp, err := h.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("orders: %s", resp.Status)
	}
	return nil
}
