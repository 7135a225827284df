package topology

import "math"

// Expected is the mean number of calls one layer with attempts A makes
// when each attempt fails with probability p: the first attempt always
// runs, the k-th runs when the k-1 before it failed, so
//
//	E[N] = 1 + p + p^2 + ... + p^(A-1) = (1 - p^A) / (1 - p)
//
// and A at p = 1 (a full outage). ok is false when attempts is not a
// number (unknown or unbounded) or p is outside [0, 1].
func Expected(attempts int, p float64) (e float64, ok bool) {
	if attempts <= 0 || p < 0 || p > 1 || math.IsNaN(p) {
		return 0, false
	}
	if p == 1 {
		return float64(attempts), true
	}
	return (1 - math.Pow(p, float64(attempts))) / (1 - p), true
}

// Amplify multiplies attempt counts layer by layer: the calls one request
// makes to the innermost target at full outage (3 attempts at 5 layers =
// 3^5 = 243). An unbounded layer makes the whole path unbounded; else an
// unknown layer makes it unknown.
func Amplify(attempts ...int) int {
	n, unknown := 1, false
	for _, a := range attempts {
		switch {
		case a == AttemptsUnbounded:
			return AttemptsUnbounded
		case a <= 0:
			unknown = true
		case !unknown:
			if n > math.MaxInt32/a {
				n = math.MaxInt32 // saturate: a path this wide is reported as such
			} else {
				n *= a
			}
		}
	}
	if unknown {
		return AttemptsUnknown
	}
	return n
}

// ExpectedPath is E[N] along a path: each layer runs its inner layer
// E[N] times on average, so the layers' E[N] multiply (the failure
// probability of one call to the inner layer is taken as p at every
// layer, the simple model the report states). ok is false when a layer's
// attempts are not a number.
func ExpectedPath(p float64, attempts ...int) (e float64, ok bool) {
	e = 1
	for _, a := range attempts {
		x, ok := Expected(a, p)
		if !ok {
			return 0, false
		}
		e *= x
	}
	return e, true
}

// AtLeast is the fewest calls a path of these layers makes at full
// outage when some counts are not numbers: the product of the known
// ones, as every layer makes one attempt at least (the unbounded ones
// included: without their context or time limit they never stop).
func AtLeast(attempts ...int) int {
	var known []int
	for _, a := range attempts {
		if a > 0 {
			known = append(known, a)
		}
	}
	return Amplify(known...)
}
