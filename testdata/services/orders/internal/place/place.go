// Package place debits the ledger for an order. The ledger channel has a
// retry policy of 3 attempts, and the handler tries the debit 3 times:
// 9 calls on the ledger per order when it is down.
package place

import (
	"context"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"example.com/shop/proto/ledgerpb"
)

const serviceConfig = `{"methodConfig": [{
	"name": [{"service": "ledger.v1.Ledger"}],
	"retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s",
		"backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// Handler places orders.
type Handler struct {
	ledger ledgerpb.LedgerClient
}

// Dial connects to the ledger.
func Dial(addr string) (*Handler, error) {
	conn, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(serviceConfig))
	if err != nil {
		return nil, err
	}
	return &Handler{ledger: ledgerpb.NewLedgerClient(conn)}, nil
}

// Place debits the ledger for the order.
func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if err := h.debit(r.Context(), chi.URLParam(r, "id")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// debit tries the ledger 3 times.
func (h *Handler) debit(ctx context.Context, order string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, err = h.ledger.Debit(actx, &ledgerpb.DebitRequest{Order: order, Cents: 1999})
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}
