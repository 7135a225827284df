// Package server is the ledger's gRPC service: a debit is a transfer at
// the bank, sent once.
package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"example.com/shop/proto/ledgerpb"
)

const bankURL = "http://bank.internal:8080"

var bank = &http.Client{Timeout: 5 * time.Second}

// Server is the ledger service.
type Server struct {
	ledgerpb.UnimplementedLedgerServer
}

func New() *Server { return &Server{} }

// Debit moves an order's amount through the bank.
func (s *Server) Debit(ctx context.Context, req *ledgerpb.DebitRequest) (*ledgerpb.DebitReply, error) {
	body := fmt.Sprintf(`{"order": %q, "cents": %d}`, req.GetOrder(), req.GetCents())
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, bankURL+"/transfers", bytes.NewBufferString(body))
	if err != nil {
		return nil, err
	}
	resp, err := bank.Do(r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &ledgerpb.DebitReply{Transfer: resp.Header.Get("Location")}, nil
}
