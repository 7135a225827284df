// Package server is the ledger's gRPC service: a debit is a transfer at
// the bank, sent through a client that retries (3 attempts).
package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"example.com/shop/proto/ledgerpb"
)

const bankURL = "http://bank.internal:8080"

// Server is the ledger service.
type Server struct {
	ledgerpb.UnimplementedLedgerServer
}

func New() *Server { return &Server{} }

// Debit moves an order's amount through the bank.
func (s *Server) Debit(ctx context.Context, req *ledgerpb.DebitRequest) (*ledgerpb.DebitReply, error) {
	client := retryablehttp.NewClient()
	client.RetryMax = 2
	body := fmt.Sprintf(`{"order": %q, "cents": %d}`, req.GetOrder(), req.GetCents())
	r, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, bankURL+"/transfers", bytes.NewBufferString(body))
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return &ledgerpb.DebitReply{Transfer: resp.Header.Get("Location")}, nil
}
