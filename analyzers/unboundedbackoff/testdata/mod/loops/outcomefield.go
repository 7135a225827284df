package loops

import (
	"context"
	"math/rand/v2"
	"net"
	"time"
)

// targetHost redials a relay target until the connection its connect
// keeps in h.conn is there (bookingcom/nanotube#32): every relay that
// lost the target waits the same doubling delay and comes back in one
// wave.
type targetHost struct {
	addr string
	conn net.Conn
}

func (h *targetHost) connect() {
	conn, err := net.DialTimeout("tcp", h.addr, 5*time.Second)
	if err != nil {
		h.conn = nil
		return
	}
	h.conn = conn
}

func (h *targetHost) ensure() {
	for wait := time.Duration(0); h.conn == nil; { // want `retry loop has no attempt limit, no deadline and no cancellation`
		time.Sleep(wait) // want `retry delay has no jitter`
		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
		h.connect()
	}
}

// The fix: each relay draws its wait, and stops with its context.
func (h *targetHost) ensureJittered(ctx context.Context) {
	for wait := time.Duration(0); h.conn == nil; {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait/2 + rand.N(wait/2+time.Millisecond)):
		}
		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
		h.connect()
	}
}

// A loop that waits for another goroutine to set the connection
// retries nothing.
func (h *targetHost) awaitConn() net.Conn {
	for h.conn == nil {
		time.Sleep(10 * time.Millisecond)
	}
	return h.conn
}

// The same relay as nanotube wrote it: the wait steps only while under
// its limit, both settings of the relay, and the connection is
// installed one call down, the round's number handed on to tell the
// first failure.
type relayConf struct{ maxWaitMs, stepMs uint32 }

type relayConn struct {
	net.Conn
	used time.Time
}

func (c *relayConn) install(conn net.Conn) {
	c.Conn = conn
	c.used = time.Now()
}

type relayHost struct {
	addr      string
	available bool
	conn      relayConn
	conf      *relayConf
	rnd       *rand.Rand
}

func (h *relayHost) connect(attempt int) {
	conn, err := net.DialTimeout("tcp", h.addr, 5*time.Second)
	if err != nil {
		h.conn.Conn = nil
		if attempt == 1 {
			h.available = false
		}
		return
	}
	h.conn.install(conn)
	h.available = true
}

func (h *relayHost) ensure(ctx context.Context) {
	for waitMs, attempt := uint32(0), 1; h.conn.Conn == nil && ctx.Err() == nil; {
		time.Sleep(time.Duration(waitMs) * time.Millisecond) // want `retry delay has no jitter`
		if waitMs < h.conf.maxWaitMs {
			waitMs = waitMs*2 + h.conf.stepMs
		}
		if waitMs >= h.conf.maxWaitMs {
			waitMs = h.conf.maxWaitMs
		}
		h.connect(attempt)
		attempt++
	}
}

// The fix (nanotube PR #163): each host draws around the wait from a
// source of its own.
func (h *relayHost) ensureJittered(ctx context.Context) {
	for waitMs, attempt := uint32(0), 1; h.conn.Conn == nil && ctx.Err() == nil; {
		amplitude := max(waitMs/2, 200)
		waitMs = waitMs/2 + uint32(h.rnd.IntN(int(amplitude*2)))
		time.Sleep(time.Duration(waitMs) * time.Millisecond)
		if waitMs < h.conf.maxWaitMs {
			waitMs = waitMs*2 + h.conf.stepMs
		}
		if waitMs >= h.conf.maxWaitMs {
			waitMs = h.conf.maxWaitMs
		}
		h.connect(attempt)
		attempt++
	}
}
