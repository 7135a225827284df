// Package place debits the ledger for an order, once: the channel has no
// retry policy and the handler does not retry.
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

// Handler places orders.
type Handler struct {
	ledger ledgerpb.LedgerClient
}

// Dial connects to the ledger.
func Dial(addr string) (*Handler, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
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

// debit debits the ledger once.
func (h *Handler) debit(ctx context.Context, order string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := h.ledger.Debit(ctx, &ledgerpb.DebitRequest{Order: order, Cents: 1999})
	return err
}
