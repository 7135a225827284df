package a

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"time"
)

// Connections dialed with no timeout and read or written with no
// deadline wait as long as the peer stays silent.

func readForever(addr string) ([]byte, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	buf := make([]byte, 512)
	n, err := conn.Read(buf) // want `^conn.Read reads a connection from net.Dial with no timeout and no deadline: a peer that stops answering blocks it forever; call conn.SetDeadline before reading and writing$`
	return buf[:n], err
}

func writeTLS(addr string) error {
	conn, err := tls.Dial("tcp", addr, nil)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = fmt.Fprintf(conn, "PING\r\n") // want `fmt.Fprintf writes a connection from tls.Dial with no timeout and no deadline`
	return err
}

func dialerRead(addr string) (string, error) {
	var d net.Dialer
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	return bufio.NewReader(conn).ReadString('\n') // want `bufio.NewReader reads a connection from d.Dial on a dialer with no Timeout`
}

func tcpRead(raddr *net.TCPAddr) error {
	conn, err := net.DialTCP("tcp", nil, raddr)
	if err != nil {
		return err
	}
	_, err = io.ReadFull(conn, make([]byte, 4)) // want `io.ReadFull reads a connection from net.DialTCP`
	return err
}

// The twins: a deadline set, a dial with a timeout, a connection handed
// to other code, a tunnel, a datagram write.

func readWithDeadline(addr string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	_, err = conn.Read(make([]byte, 1)) // ok: a deadline is set
	return err
}

func dialerWithTimeout(addr string) error {
	d := net.Dialer{Timeout: time.Second}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return err
	}
	_, err = conn.Read(make([]byte, 1)) // ok: dialed with a timeout (reads are the dialer's owner's choice)
	return err
}

func dialContextDeadline(addr string) error {
	var d net.Dialer
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	_, err = conn.Read(make([]byte, 1)) // ok: the dial is bounded
	return err
}

func handed(addr string, setup func(net.Conn)) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	setup(conn)
	_, err = conn.Read(make([]byte, 1)) // ok: handed to code that may set a deadline
	return err
}

func returned(addr string) (net.Conn, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	conn.Write([]byte("hello")) // ok: the caller gets the connection
	return conn, nil
}

func tunnel(addr string, client net.Conn) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return
	}
	go io.Copy(conn, client) // ok: a tunnel lives as long as its peers
	io.Copy(client, conn)
}

func datagramWrite(addr string) {
	conn, err := net.Dial("udp", addr)
	if err != nil {
		return
	}
	conn.Write([]byte("metric:1|c")) // ok: a datagram write does not wait for the peer
}

func tcpConn(addr string) error {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	tc := conn.(*net.TCPConn)
	_, err = tc.Read(make([]byte, 1)) // ok: converted, out of sight
	return err
}

// A write in a goroutine that the function stops waiting for when its
// context is done, closing the connection as it returns: the Close ends
// the write. The dial, though, ignores the context it has.

func writeUntilDone(addr string, msg []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := net.Dial("tcp", addr) // want `^net.Dial takes no context though ctx is at hand: the dial waits for the operating system's connect timeout \(minutes\) after ctx is done; use \(&net.Dialer\{\}\).DialContext\(ctx, network, address\)$`
	if err != nil {
		return err
	}
	defer conn.Close()
	errc := make(chan error, 1)
	go func() {
		_, err := conn.Write(msg) // ok: the deferred Close ends it when ctx is done
		errc <- err
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func readUntilCancelled(ctx context.Context, addr string) ([]byte, error) {
	conn, err := net.Dial("tcp", addr) // want `net.Dial takes no context though ctx is at hand`
	if err != nil {
		return nil, err
	}
	done := make(chan struct{})
	buf := make([]byte, 512)
	var n int
	go func() {
		n, err = conn.Read(buf) // ok: closed below when ctx is done
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		conn.Close()
		<-done
	}
	return buf[:n], err
}

func readUntilTimer(addr string) ([]byte, error) {
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	defer func() { conn.Close() }()
	got := make(chan []byte, 1)
	go func() {
		b, _ := io.ReadAll(conn) // ok: abandoned after five seconds, then closed
		got <- b
	}()
	select {
	case b := <-got:
		return b, nil
	case <-time.After(5 * time.Second):
		return nil, errors.New("timeout")
	}
}

func tlsDialWithCtx(ctx context.Context, addr string) error {
	conn, err := tls.Dial("tcp", addr, nil) // want `^tls.Dial takes no context though ctx is at hand: .*; use \(&tls.Dialer\{Config: config\}\).DialContext\(ctx, network, address\)$`
	if err != nil {
		return err
	}
	return conn.Close()
}

func dialerWithCtx(ctx context.Context, addr string) error {
	var d net.Dialer
	conn, err := d.Dial("tcp", addr) // want `^d.Dial takes no context though ctx is at hand: .*; use d.DialContext\(ctx, network, address\)$`
	if err != nil {
		return err
	}
	return conn.Close()
}

// The twins: no wait on the context, no Close, a context that never
// ends; a dial with no context at hand, or only one that never ends.

func writeNoSelect(addr string, msg []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := net.Dial("tcp", addr) // want `net.Dial takes no context though ctx is at hand`
	if err != nil {
		return err
	}
	defer conn.Close()
	errc := make(chan error, 1)
	go func() {
		_, err := conn.Write(msg) // want `conn.Write writes a connection from net.Dial with no timeout and no deadline`
		errc <- err
	}()
	_ = ctx
	return <-errc
}

func writeNoClose(addr string, msg []byte, ctx context.Context) error {
	conn, err := net.Dial("tcp", addr) // want `net.Dial takes no context though ctx is at hand`
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() {
		_, err := conn.Write(msg) // want `conn.Write writes a connection from net.Dial`
		errc <- err
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		return ctx.Err() // the connection stays open: the write goes on
	}
}

func unixDialWithCtx(ctx context.Context, path string) error {
	conn, err := net.Dial("unix", path) // ok: a Unix socket connects or fails at once
	if err != nil {
		return err
	}
	return conn.Close()
}

func dialHook() func(context.Context, string, string) (net.Conn, error) {
	return func(context.Context, string, string) (net.Conn, error) {
		return net.Dial("tcp", "127.0.0.1:80") // ok: the context has no name for a fix to use
	}
}

func writeBackground(addr string, msg []byte) error {
	ctx := context.Background()
	conn, err := net.Dial("tcp", addr) // ok: DialContext with a context that never ends adds nothing
	if err != nil {
		return err
	}
	defer conn.Close()
	errc := make(chan error, 1)
	go func() {
		_, err := conn.Write(msg) // want `conn.Write writes a connection from net.Dial`
		errc <- err
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done(): // never: Background's Done is nil
		return ctx.Err()
	}
}

// A connection that several dials can make is one connection: its first
// write is reported once, with each dial that waits forever as a related
// location. A dial of a Unix socket talks to a process on this machine
// and is left out, whichever way its network is written.

type logConn struct{ c net.Conn }

func dialLocalLog() (*logConn, error) {
	for _, network := range []string{"unixgram", "unix"} {
		c, err := net.Dial(network, "/dev/log") // a Unix socket: not one of the dials
		if err == nil {
			return &logConn{c: c}, nil
		}
	}
	return nil, errors.New("no local log daemon")
}

func dialLog(network, raddr string) (*logConn, error) {
	if network == "" {
		return dialLocalLog()
	}
	c, err := net.Dial(network, raddr) // the network may be "tcp"
	if err != nil {
		return nil, err
	}
	return &logConn{c: c}, nil
}

func (l *logConn) send(msg string) error {
	_, err := fmt.Fprintf(l.c, "<13>%s\n", msg) // want `^fmt.Fprintf writes a connection from net.Dial with no timeout and no deadline: a peer that stops answering blocks it forever; call c.SetDeadline before reading and writing$`
	return err
}

type pair struct{ c net.Conn }

func dialPair(primary, backup string) (*pair, error) {
	c, err := net.Dial("tcp", primary)
	if err != nil {
		c, err = net.Dial("tcp", backup)
	}
	if err != nil {
		return nil, err
	}
	return &pair{c: c}, nil
}

func (p *pair) roundTrip(b []byte) error {
	if _, err := p.c.Write(b); err != nil { // want `^p.c.Write writes a connection from net.Dial`
		return err
	}
	_, err := p.c.Read(b)
	return err
}

func localOnly(msg []byte) error {
	for _, network := range []string{"unixgram", "unix"} {
		conn, err := net.Dial(network, "/run/app.sock")
		if err != nil {
			continue
		}
		defer conn.Close()
		_, err = conn.Write(msg) // ok: a Unix socket either way
		return err
	}
	return errors.New("no socket")
}

// The network held in a variable or a struct field: a datagram write does
// not wait for its peer; a stream does.

type endpoint struct{ network, addr string }

func sendMetric(addr string, b []byte) error {
	ep := endpoint{network: "udp", addr: addr}
	conn, err := net.Dial(ep.network, ep.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(b) // ok: a datagram
	return err
}

func sendStream(addr string, b []byte) error {
	ep := &endpoint{network: "tcp", addr: addr}
	conn, err := net.Dial(ep.network, ep.addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(b) // want `conn.Write writes a connection from net.Dial with no timeout`
	return err
}

func sendVar(addr string, b []byte, reliable bool) error {
	network := "udp"
	if reliable {
		network = "tcp"
	}
	conn, err := net.Dial(network, addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write(b) // want `conn.Write writes a connection from net.Dial with no timeout`
	return err
}

func sdNotify(socket, state string) error {
	addr := &net.UnixAddr{Net: "unixgram", Name: socket}
	conn, err := net.DialUnix(addr.Net, nil, addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte(state)) // ok: a Unix datagram socket
	return err
}

// A *net.TCPConn's Read is the embedded conn's: the same wait.
func readTCP(raddr *net.TCPAddr) ([]byte, error) {
	conn, err := net.DialTCP("tcp", nil, raddr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	buf := make([]byte, 64)
	n, err := conn.Read(buf) // want `^conn.Read reads a connection from net.DialTCP with no timeout and no deadline`
	return buf[:n], err
}

// Its SetDeadline, promoted too, bounds the read.
func readTCPDeadline(raddr *net.TCPAddr) ([]byte, error) {
	conn, err := net.DialTCP("tcp", nil, raddr)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(5 * time.Second)); err != nil {
		return nil, err
	}
	buf := make([]byte, 64)
	n, err := conn.Read(buf)
	return buf[:n], err
}
