// Package transfers records a transfer, trying the database 3 times.
package transfers

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/avast/retry-go/v4"
)

// Handler records transfers.
type Handler struct {
	db *sql.DB
}

func New(db *sql.DB) *Handler { return &Handler{db: db} }

type transfer struct {
	Order string `json:"order"`
	Cents int64  `json:"cents"`
}

// Create records the transfer in the request's body.
func (h *Handler) Create(w http.ResponseWriter, r *http.Request) {
	var t transfer
	if err := json.NewDecoder(r.Body).Decode(&t); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.record(r.Context(), t); err != nil {
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// record inserts the transfer once per order, however often it runs.
func (h *Handler) record(ctx context.Context, t transfer) error {
	return retry.Do(func() error {
		_, err := h.db.ExecContext(ctx,
			`INSERT INTO transfers (order_id, cents) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING`, t.Order, t.Cents)
		return err
	}, retry.Attempts(3), retry.Context(ctx))
}
