// Package randutil holds number helpers, the way a client library keeps
// its own in an internal package (rueidis's internal/util.FastRand).
package randutil

import "math/rand/v2"

// FastRand returns a random number in [0, n): a delay that adds it is
// jittered.
func FastRand(n int) int { return rand.IntN(n) }

// Half returns n/2: nothing random.
func Half(n int) int { return n / 2 }

// Spread draws a random number but returns n: nothing random comes out.
func Spread(n int, order []int) int {
	rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	return n
}
