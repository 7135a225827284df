// Package caller hands grpcdial.DialCtx its contexts: its fact says the
// context reaches a blocking dial.
package caller

import (
	"context"
	"time"

	"example.com/nodeadlinetest/grpcdial"
)

func start(addr string) error {
	conn, err := grpcdial.DialCtx(context.Background(), addr) // want `context.Background\(\) reaches a blocking gRPC dial via grpcdial.DialCtx -> grpc.DialContext with no deadline`
	if err != nil {
		return err
	}
	return conn.Close()
}

func startBounded(addr string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := grpcdial.DialCtx(ctx, addr) // ok
	if err != nil {
		return err
	}
	return conn.Close()
}
