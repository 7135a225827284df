// Package remote stands for a client of a service: its calls leave the
// machine (it imports net), so a retry of them is asked for jitter.
package remote

import (
	"context"
	"net"
)

// Call asks a peer and fails while it is down.
func Call() error {
	_, err := net.LookupHost("db.internal")
	return err
}

// CallCtx is Call under a context.
func CallCtx(ctx context.Context) error {
	_, err := net.DefaultResolver.LookupHost(ctx, "db.internal")
	return err
}

// Start asks a peer to run what name names.
func Start(name string) error {
	_, err := net.LookupHost(name)
	return err
}
