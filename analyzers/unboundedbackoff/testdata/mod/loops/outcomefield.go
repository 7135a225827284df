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
