package a

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"

	"github.com/hashicorp/go-cleanhttp"
)

func shortcut() {
	http.Get("http://example.com") // want `^http.Get uses http.DefaultClient, which has no timeout: the request can wait forever; use a client with Timeout or a request context with a deadline$`
}

func defaultDo() {
	req, _ := http.NewRequest("GET", "http://example.com", nil)
	http.DefaultClient.Do(req) // want `^http.DefaultClient.Do sends a request with no deadline on http.DefaultClient, which has no timeout: the request can wait forever; set the client's Timeout`
}

func defaultDoDeadline() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://example.com", nil)
	http.DefaultClient.Do(req) // ok: the request's context has a deadline
}

func withContextLater() {
	req, _ := http.NewRequest("GET", "http://example.com", nil)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req = req.WithContext(ctx)
	http.DefaultClient.Do(req) // ok: one assignment gives a deadline
}

func transportOnly(t http.RoundTripper) {
	c := &http.Client{Transport: t}
	req, _ := http.NewRequestWithContext(context.Background(), "GET", "http://example.com", nil)
	c.Do(req) // want `c.Do sends a request with no deadline on a client made without Timeout`
}

func clientGet() {
	c := new(http.Client)
	c.Get("http://example.com") // want `c.Get sends a request with no context on a client made without Timeout`
}

func cleanClient() {
	c := cleanhttp.DefaultPooledClient()
	c.Get("http://example.com") // want `c.Get sends a request with no context on a client made without Timeout`
}

func withTimeout() {
	c := &http.Client{Timeout: 10 * time.Second}
	c.Get("http://example.com") // ok
}

func timeoutSetLater() {
	c := cleanhttp.DefaultClient()
	c.Timeout = 10 * time.Second
	c.Get("http://example.com") // ok
}

func configuredElsewhere(configure func(*http.Client)) {
	c := &http.Client{}
	configure(c)
	c.Get("http://example.com") // ok: handed to other code
}

type api struct{ hc *http.Client }

func (a *api) get(url string) {
	req, _ := http.NewRequest("GET", url, nil)
	a.hc.Do(req) // ok: the client is a field, assumed configured
}

// Dials are reported only inside retry sites.

func dialOnce() {
	net.Dial("tcp", "example.com:80") // ok: outside a retry site
}

func dialRetry() (net.Conn, error) {
	var err error
	for i := 0; i < 3; i++ {
		var conn net.Conn
		conn, err = net.Dial("tcp", "example.com:80") // want `^net.Dial has no timeout: every attempt of the retry loop in [\w.]+ can wait for the operating system's connect timeout \(minutes\); use net.DialTimeout or a net.Dialer with Timeout$`
		if err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// net.DialTCP waits as long (jcmturner/gokrb5#282 dialed its KDCs so);
// net.DialUnix's connect waits for no remote peer.
func dialTCPRetry(raddr *net.TCPAddr) (*net.TCPConn, error) {
	var err error
	for i := 0; i < 3; i++ {
		var conn *net.TCPConn
		if conn, err = net.DialTCP("tcp", nil, raddr); err == nil { // want `^net.DialTCP has no timeout: every attempt of the retry loop in [\w.]+ can wait for the operating system's connect timeout`
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func dialUnixRetry(raddr *net.UnixAddr) (*net.UnixConn, error) {
	var err error
	for i := 0; i < 3; i++ {
		var conn *net.UnixConn
		if conn, err = net.DialUnix("unix", nil, raddr); err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func tlsRetry() (*tls.Conn, error) {
	for {
		conn, err := tls.Dial("tcp", "example.com:443", nil) // want `tls.Dial has no timeout`
		if err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
}

func dialerRetry() (net.Conn, error) {
	var d net.Dialer
	good := &net.Dialer{Timeout: time.Second}
	for {
		conn, err := d.DialContext(context.Background(), "tcp", "example.com:80") // want `context.Background\(\) reaches d.DialContext on a dialer with no Timeout`
		if err == nil {
			return conn, nil
		}
		conn, err = good.DialContext(context.Background(), "tcp", "example.com:80") // ok: the dialer has a Timeout
		if err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
}

// A failover loop tries each host once: not a retry site.
func failover(hosts []string) (net.Conn, error) {
	var err error
	for _, h := range hosts {
		var conn net.Conn
		conn, err = net.Dial("tcp", h) // ok: not a retry site
		if err == nil {
			return conn, nil
		}
	}
	return nil, err
}

// defaultOrLiteral's variable is http.DefaultClient on one path and a
// literal on the other: the message names both kinds (the twin where one
// of them sets a Timeout is eitherClientTimeout in sees.go).
func defaultOrLiteral(t http.RoundTripper) {
	c := http.DefaultClient
	if t != nil {
		c = &http.Client{Transport: t}
	}
	c.Get("http://example.com") // want `^c.Get sends a request with no context on http.DefaultClient or a client made without Timeout: `
}
