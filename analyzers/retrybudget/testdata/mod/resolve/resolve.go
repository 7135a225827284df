// Package resolve retries DNS lookups, whose attempts the resolver
// bounds (its timeout and attempts), beside an attempt that looks a
// name up and then calls a server over HTTP with no timeout.
package resolve

import (
	"context"
	"net"
	"net/http"
	"time"
)

// lookup is replaced by tests; the program runs lookupDefault.
var lookup = lookupDefault

func lookupDefault(ctx context.Context, hostport string) (*net.TCPAddr, error) {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return nil, err
	}
	portnum, err := net.DefaultResolver.LookupPort(ctx, "tcp", port)
	if err != nil {
		return nil, err
	}
	ips, err := net.DefaultResolver.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, err
	}
	return &net.TCPAddr{IP: ips[0].IP, Port: portnum, Zone: ips[0].Zone}, nil
}

// Resolve retries the lookup a second apart until its context ends: each
// attempt is a DNS lookup, which gives up on its own.
func Resolve(ctx context.Context, hostport string) (string, error) {
	for ctx.Err() == nil {
		addr, err := lookup(ctx, hostport)
		if err == nil {
			return addr.String(), nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return "", ctx.Err()
}

// Fetch looks the host up, then asks it over HTTP with the
// DefaultClient: the HTTP call has no timeout of its own.
func Fetch(ctx context.Context, host, url string) error { // want Fetch:`budget\(ctx 0, retry loop unknown\)`
	for ctx.Err() == nil {
		if err := probe(ctx, host, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return ctx.Err()
}

func probe(ctx context.Context, host, url string) error {
	if _, err := net.DefaultResolver.LookupHost(ctx, host); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// resolveHere runs the lookups under its own deadline: no finding.
func resolveHere(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for i := 0; i < 5; i++ {
		if _, err := net.DefaultResolver.LookupHost(ctx, "db.internal"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return ctx.Err()
}

// fetchHere does the lookup and the HTTP call under its own deadline.
func fetchHere(ctx context.Context, host, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 5; i++ { // want `retry's attempts have no timeout of their own under a 30s deadline`
		if err = probe(ctx, host, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
