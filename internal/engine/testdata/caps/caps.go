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
// a jitter added after the clamp, and a branch that doubles only below
// the limit (so up to twice it).
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

func jitterAfter() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + rand.N(d/4)) // want `^clamped cap \?$`
		d = min(d*2, maxDelay)
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
