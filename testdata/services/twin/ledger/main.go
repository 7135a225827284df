// Command ledger serves the ledger over gRPC; each debit moves the money
// through the bank.
package main

import (
	"log"
	"net"

	"google.golang.org/grpc"

	"example.com/shop/ledger/internal/server"
	"example.com/shop/proto/ledgerpb"
)

func main() {
	lis, err := net.Listen("tcp", ":9090")
	if err != nil {
		log.Fatal(err)
	}
	s := grpc.NewServer()
	ledgerpb.RegisterLedgerServer(s, server.New())
	log.Fatal(s.Serve(lis))
}
