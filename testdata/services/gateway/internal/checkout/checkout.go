// Package checkout places an order with the orders service for each
// checkout.
package checkout

import (
	"context"
	"fmt"
	"net/http"
	"time"
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
	if err := h.place(r.Context(), r.PathValue("cart")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// place tries the orders service 3 times.
func (h *Handler) place(ctx context.Context, cart string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = h.post(ctx, cart); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 200 * time.Millisecond):
		}
	}
	return err
}

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
