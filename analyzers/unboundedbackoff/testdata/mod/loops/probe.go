package loops

import (
	"context"
	"net"
	"sync/atomic"
	"time"
)

// prober dials until a dial succeeds or the pool is closed: the state
// probe p.closed() is the loop's stop signal, the dial its attempt.
type prober struct {
	shut atomic.Bool
	dial func(context.Context) (net.Conn, error)
}

func (p *prober) closed() bool { return p.shut.Load() }

func (p *prober) untilClosed() {
	for {
		if p.closed() {
			return
		}
		conn, err := p.dial(context.Background())
		if err != nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		_ = conn.Close()
		return
	}
}

// The twin with no probe retries forever.
func (p *prober) forever() {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		conn, err := p.dial(context.Background())
		if err != nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		_ = conn.Close()
		return
	}
}

type queue struct{ pending atomic.Int64 }

// drained reads a state: a loop waiting for it waits for this process,
// with no dependency to retry.
func (q *queue) drained() bool { return q.pending.Load() == 0 }

func (q *queue) awaitDrained() {
	for !q.drained() {
		time.Sleep(10 * time.Millisecond)
	}
}

// dialed makes a remote call: a loop on its bool retries it.
func (p *prober) dialed() bool {
	conn, err := p.dial(context.Background())
	if err != nil {
		return false
	}
	return conn.Close() == nil
}

func (p *prober) untilDialed() {
	for !p.dialed() { // want `retry loop has no attempt limit, no deadline and no cancellation`
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}
