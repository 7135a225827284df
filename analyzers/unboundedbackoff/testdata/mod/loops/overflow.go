package loops

import (
	"context"
	"net"
	"time"
)

// A guard against the shift's overflow is no cap: the wait doubles
// without limit until the shift runs out (slack-go/slack#1585: 29 hours
// at the 20th attempt).
type shiftBackoff struct {
	attempts int
	initial  time.Duration
	max      time.Duration
}

func (b *shiftBackoff) next() time.Duration {
	var dur time.Duration
	if dur = time.Duration(1 << uint(b.attempts)); dur > 0 { // want `retry delay doubles each attempt with no cap`
		dur *= b.initial
	} else {
		dur = b.max
	}
	b.attempts++
	return dur
}

func dialShifted(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	b := &shiftBackoff{initial: 100 * time.Millisecond, max: 5 * time.Minute}
	for {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(b.next()): // want `retry delay has no jitter`
		}
	}
}

// The twin compares the grown wait with the limit.
type cappedShift struct {
	attempts int
	initial  time.Duration
	max      time.Duration
}

func (b *cappedShift) next() time.Duration {
	dur := b.initial << uint(b.attempts)
	if dur <= 0 || dur > b.max {
		dur = b.max
	}
	b.attempts++
	return dur
}

func dialCapped(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	b := &cappedShift{initial: 100 * time.Millisecond, max: 5 * time.Minute}
	for {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(b.next()): // want `retry delay has no jitter`
		}
	}
}
