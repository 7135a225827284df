// Package caps holds retry loops whose waits grow up to a limit: the
// test renders the cap the engine reads on each wait, when the limit is
// a constant it can see.
package caps

import (
	"errors"
	"math"
	"math/rand/v2"
	"time"
)

func op() error { return errors.New("x") }

const maxDelay = 8 * time.Second

var maxWait = 10 * time.Second // set only here

var MaxExported = 10 * time.Second // another package may set it

// mercari/datastore#62: doubling clamped by min.
func minBuiltin() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^cap 8s$`
		d = min(d*2, 8*time.Second)
	}
}

// The clamp as a branch, on a constant and on a package variable.
func branch() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^cap 8s$`
		d *= 2
		if d > maxDelay {
			d = maxDelay
		}
	}
}

func branchVar() {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^cap 10s$`
		d *= 2
		if maxWait < d {
			d = maxWait
		}
	}
}

// math.Min, and a counter shifted under min.
func mathMin() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^cap 8s$`
		d = time.Duration(math.Min(float64(d)*1.5, float64(maxDelay)))
	}
}

func shifted() {
	base := 100 * time.Millisecond
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(min(base<<i, 2*time.Second)) // want `^cap 2s$`
	}
}

// A helper of the package that returns min(...), and one that returns
// the limit past a comparison.
func backoff(n int) time.Duration { return min(time.Second<<n, maxDelay) }

func helper() {
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(backoff(i)) // want `^cap 8s$`
	}
}

func next(d time.Duration) time.Duration { return min(d*2, maxDelay) }

func helperSelf() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^cap 8s$`
		d = next(d)
	}
}

// Negatives: a limit from a parameter or an exported variable, no clamp,
// and a branch that doubles only below the limit (so up to twice it).
func param(limit time.Duration) {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^clamped cap \?$`
		d = min(d*2, limit)
	}
}

func exported() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^clamped cap \?$`
		d = min(d*2, MaxExported)
	}
}

func noClamp() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^no cap$`
		d *= 2
	}
}

func below() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^clamped cap \?$`
		if d < maxDelay {
			d *= 2
		}
	}
}

// A jitter of known bound added to a clamped delay (mercari/datastore#62
// with jitter): at most the limit plus the jitter's most, drawn by
// rand.N, by Int64N of a *rand.Rand, or as a fraction rand.Float64()
// of a quarter; taken away, at most the limit; full jitter, the limit.
func jitterAfter(r *rand.Rand) {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + rand.N(d/2))                                   // want `^cap 12s$`
		time.Sleep(d + time.Duration(r.Int64N(int64(d/4))))           // want `^cap 10s$`
		time.Sleep(d + time.Duration(rand.Float64()*float64(d/4)))    // want `^cap 10s$`
		time.Sleep(time.Duration(float64(d/4)*rand.Float64()) + d)    // want `^cap 10s$`
		time.Sleep(d - rand.N(d/4))                                   // want `^cap 8s$`
		time.Sleep(d - time.Duration(rand.Float64()*float64(d/4)))    // want `^cap 8s$`
		time.Sleep(rand.N(d))                                         // want `^cap 8s$`
		time.Sleep(time.Duration(rand.Float64() * float64(maxDelay))) // want `^cap 8s$`
		d = min(d*2, maxDelay)
	}
}

// Twins whose most is not seen: a jitter whose bound is a parameter, a
// draw with no bound (Int64, ExpFloat64), a product whose factors may
// both be negative, a difference whose subtrahend may be negative, and
// a constant added to a growing value (d + time.Second is 1.5s, 2s, 3s,
// 5s, 9s from 0.5s, not 1.5s doubling up to 9s).
func jitterUnseen(j time.Duration, k float64) {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + rand.N(j))                                        // want `^clamped cap \?$`
		time.Sleep(d + time.Duration(rand.Int64()))                      // want `^clamped cap \?$`
		time.Sleep(d + time.Duration(rand.ExpFloat64()*float64(d/4)))    // want `^clamped cap \?$`
		time.Sleep(d + time.Duration(rand.NormFloat64()*float64(d/4)))   // want `^clamped cap \?$`
		time.Sleep(d + time.Duration(k*float64(d/4)))                    // want `^clamped cap \?$`
		time.Sleep(d - time.Duration((rand.Float64()-0.5)*float64(d/4))) // want `^clamped cap \?$`
		time.Sleep(d + time.Second)                                      // want `^clamped cap \?$`
		d = min(d*2, maxDelay)
	}
}
