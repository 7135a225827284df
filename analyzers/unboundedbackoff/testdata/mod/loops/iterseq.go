package loops

import (
	"iter"
	"math/rand/v2"
	"time"
)

// backoffs is in a file of its own: the finding at its growth names
// the file of the wait.
//
// backoffs yields n waits doubling from base, jittered, with no clamp.
func backoffs(base time.Duration, n int) iter.Seq[time.Duration] {
	return func(yield func(time.Duration) bool) {
		d := base
		for range n {
			if !yield(d + rand.N(d/2)) {
				return
			}
			d *= 2 // want `retry delay doubles each attempt with no cap \(wait at iterdelay.go:\d+\)`
		}
	}
}
