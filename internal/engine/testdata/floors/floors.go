// Package floors holds retry loops whose waits have a random part: the
// test renders how the engine reads each wait, its first value when
// known, else the least it can be (>= d, when a random part that cannot
// be negative is added to d), else ?.
package floors

import (
	"errors"
	"math/rand/v2"
	"time"
)

func op() error { return errors.New("x") }

// Additive jitter on a doubling delay: at least the delay.
func added() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + rand.N(d/4)) // want `>= 1s random grows x2`
		d *= 2
	}
}

// A fraction rand.Float64() of a value that is never negative is a
// jitter that cannot be negative either, on either side of the product.
func addedFraction() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + time.Duration(rand.Float64()*float64(d/4))) // want `>= 1s random grows x2$`
		time.Sleep(time.Duration(float64(d/4)*rand.Float64()) + d) // want `>= 1s random grows x2$`
		d *= 2
	}
}

// A jitter added to a delay clamped at a constant: the floors grow up to
// the clamp, whatever the jitter's size.
func addedClamped(j time.Duration) {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + rand.N(d/2))                                // want `^>= 500ms random grows x2 floors up to 8s$`
		time.Sleep(d + time.Duration(rand.Float64()*float64(d/4))) // want `^>= 500ms random grows x2 floors up to 8s$`
		time.Sleep(d + rand.N(j))                                  // want `^>= 500ms random grows x2 floors up to 8s$`
		time.Sleep(d - rand.N(d/2))                                // want `^\? random grows x2$`
		d = min(d*2, 8*time.Second)
	}
}

// The same, the jitter in a variable first, drawn by math/rand's Int63n
// and converted.
func addedVar() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		jitter := time.Duration(rand.Int64N(int64(d / 4)))
		time.Sleep(jitter + d) // want `>= 1s random grows x2`
		d *= 2
	}
}

// A fixed wait plus jitter, and two jitters added one after the other.
func fixed() {
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(2*time.Second + rand.N(time.Second))                     // want `>= 2s random$`
		time.Sleep(time.Second + rand.N(time.Second) + rand.N(time.Second)) // want `>= 1s random$`
	}
}

// A jitter whose size comes from a parameter still cannot be negative:
// it hides nothing of the wait it is added to.
func paramJitter(j time.Duration) {
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(time.Second + rand.N(j)) // want `>= 1s random$`
	}
}

// jitter is a helper of the package that draws a jitter.
func jitter(d time.Duration) time.Duration { return time.Duration(rand.Int64N(int64(d))) }

func helperJitter() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + jitter(d/4)) // want `>= 1s random grows x2`
		d *= 2
	}
}

// Ways on which both waits are added jitter: the least of the two.
func eitherAdded() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		w := 2*d + rand.N(d)
		if i%2 == 0 {
			w = d + rand.N(d/2)
		}
		time.Sleep(w) // want `>= 1s random grows x2`
		d *= 2
	}
}

// Twins that can wait less than d: unknown.
func shorter(j time.Duration) {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(rand.N(d))                                            // want `^\? random grows x2$`
		time.Sleep(d - rand.N(d/4))                                      // want `^\? random grows x2$`
		time.Sleep(time.Duration(float64(d) * rand.Float64()))           // want `^\? random grows x2$`
		time.Sleep((d + rand.N(d)) / 2)                                  // want `^\? random grows x2$`
		time.Sleep(d + rand.N(d) - d/2)                                  // want `^\? random grows x2$`
		time.Sleep(d + time.Duration(rand.NormFloat64()*float64(d/4)))   // want `^\? random grows x2$`
		time.Sleep(d + time.Duration(rand.Uint64()))                     // want `^\? random grows x2$`
		time.Sleep(d - time.Duration(rand.Float64()*float64(d/4)))       // want `^\? random grows x2$`
		time.Sleep(d + time.Duration((rand.Float64()-0.5)*float64(d/2))) // want `^\? random grows x2$`
		time.Sleep(d + time.Duration(rand.Float64()*float64(j)))         // want `^\? random opaque grows x2$`
		time.Sleep(d + j - rand.N(j))                                    // want `^\? random opaque grows x2$`
		w := d + rand.N(d/2)
		if i%2 == 0 {
			w = rand.N(d) // full jitter on this way
		}
		time.Sleep(w) // want `^\? random grows x2$`
		d *= 2
	}
}

// The growth is in the jitter alone: at least 1s every time, not 1s
// doubling, so no floor is given for a growing wait.
func growingJitter() {
	d := time.Second
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(time.Second + rand.N(d)) // want `^\? random grows x2$`
		d *= 2
	}
}

// A linear wait plus jitter: at least 1s, stepping by 1s.
func linear() {
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(time.Duration(i+1)*time.Second + rand.N(time.Second/2)) // want `^>= 1s random steps 1s$`
		time.Sleep(time.Duration(i+1) * time.Second)                       // want `^1s steps 1s$`
		time.Sleep(time.Duration(i+1)*time.Second - rand.N(time.Second/2)) // want `^\? random$`
	}
}

// A constant added to a doubling delay does not double with it: the
// waits are 1.5s, 2s, 3s, 5s, not 1.5s doubling, so the first value is
// not the start of a geometric run. The same delay scaled is.
func offsetConstant() {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		if op() == nil {
			return
		}
		time.Sleep(d + time.Second)                                    // want `^\? grows x2$`
		time.Sleep(time.Second + time.Duration(1<<i)*time.Millisecond) // want `^\? grows x2$`
		time.Sleep(d - 100*time.Millisecond)                           // want `^\? grows x2$`
		time.Sleep(d + d/2)                                            // want `^750ms grows x2$`
		time.Sleep(3 * d)                                              // want `^1.5s grows x2$`
		d *= 2
	}
}
