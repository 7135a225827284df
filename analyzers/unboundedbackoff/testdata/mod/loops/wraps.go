package loops

import (
	"context"
	"math"
	"math/rand/v2"
	"net"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// A wait computed from the attempt counter and clamped after the growth:
// past 1s<<33 the product wraps past int64 and the clamp lets the
// negative or zero wait through (hemilabs/heminetwork#664).

const maxRedial = 15 * time.Second

func redial(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		delay := time.Second * (1 << attempt) // want `retry delay time.Second \* \(1 << attempt\) is clamped only after it grows: with no attempt limit it wraps past int64 after about 35 failures`
		if delay > maxRedial {
			delay = maxRedial
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay): // want `retry delay has no jitter`
		}
	}
}

// A jitter added after the clamp: rand.N of the wrapped wait panics.
func redialJittered(ctx context.Context, addr string, base time.Duration) (net.Conn, error) {
	var d net.Dialer
	for n := 0; ctx.Err() == nil; n++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		w := min(base<<n, maxRedial) // want `retry delay base << n is clamped only after it grows: with no attempt limit it wraps past int64 after about 64 failures`
		time.Sleep(w/2 + rand.N(w/2))
	}
	return nil, ctx.Err()
}

func redialDelay(attempt int) time.Duration {
	d := 200 * time.Millisecond * time.Duration(1<<attempt) // want `retry delay 200 \* time.Millisecond \* time.Duration\(1 << attempt\) is clamped only after it grows: with no attempt limit it wraps past int64 after about 37 failures`
	if d > maxRedial {
		return maxRedial
	}
	return d
}

func redialHelper(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		time.Sleep(rand.N(redialDelay(attempt)))
	}
	return nil, ctx.Err()
}

func redialPow(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		w := time.Duration(math.Pow(2, float64(attempt))) * time.Second // want `wraps past int64 after about 35 failures`
		time.Sleep(rand.N(min(w, maxRedial)))
	}
	return nil, ctx.Err()
}

// An attempt limit past the wrap does not stop it.
func redialMany(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	var err error
	for attempt := 0; attempt < 100; attempt++ {
		var c net.Conn
		if c, err = d.DialContext(ctx, "tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(rand.N(min(time.Second<<attempt, maxRedial))) // want `retry delay time.Second << attempt is clamped only after it grows: with 100 attempts it wraps past int64 after about 35 failures`
	}
	return nil, err
}

// Twins that do not wrap.

// An attempt limit that stops the counter first: 1s<<9 fits.
func redialLimited(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	var err error
	for attempt := 0; attempt < 10; attempt++ {
		var c net.Conn
		if c, err = d.DialContext(ctx, "tcp", addr); err == nil {
			return c, nil
		}
		time.Sleep(rand.N(min(time.Second<<attempt, maxRedial)))
	}
	return nil, err
}

// The exponent clamped before the shift.
func redialExponent(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		n := attempt
		if n > 10 {
			n = 10
		}
		time.Sleep(rand.N(min(time.Second<<n, maxRedial)))
	}
	return nil, ctx.Err()
}

func redialExponentMin(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		time.Sleep(rand.N(min(time.Second*time.Duration(1<<min(attempt, 10)), maxRedial)))
	}
	return nil, ctx.Err()
}

// The clamp tests the sign too.
func redialSigned(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		delay := time.Second * (1 << attempt)
		if delay <= 0 || delay > maxRedial {
			delay = maxRedial
		}
		time.Sleep(rand.N(delay))
	}
	return nil, ctx.Err()
}

// The delay grows from itself and is clamped every round: it never
// passes the limit.
func redialSelf(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	delay := time.Second
	for ctx.Err() == nil {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		time.Sleep(rand.N(delay))
		delay = min(delay*2, maxRedial)
	}
	return nil, ctx.Err()
}

// Clamped in floating point, before the conversion: a float goes to
// +Inf, and math.Min keeps the limit.
func redialFloat(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	for attempt := 0; ctx.Err() == nil; attempt++ {
		c, err := d.DialContext(ctx, "tcp", addr)
		if err == nil {
			return c, nil
		}
		w := math.Min(float64(time.Second)*math.Pow(2, float64(attempt)), float64(maxRedial))
		time.Sleep(rand.N(time.Duration(w)))
	}
	return nil, ctx.Err()
}

// A library's backoff guards its own arithmetic.
func redialLibrary(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	return backoff.RetryWithData(func() (net.Conn, error) {
		return d.DialContext(ctx, "tcp", addr)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}
