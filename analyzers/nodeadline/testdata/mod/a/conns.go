package a

import (
	"bufio"
	"context"
	"crypto/tls"
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
