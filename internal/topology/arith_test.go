package topology

import (
	"math"
	"testing"
)

func TestExpected(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		p        float64
		want     float64
		ok       bool
	}{
		{3, 0.1, 1.11, true}, // 1 + 0.1 + 0.01
		{3, 0.5, 1.75, true}, // 1 + 0.5 + 0.25
		{3, 1, 3, true},      // full outage: every attempt runs
		{1, 0.9, 1, true},    // no retry: one call
		{5, 0, 1, true},      // nothing fails: one call
		{AttemptsUnknown, 0.1, 0, false},
		{AttemptsUnbounded, 0.1, 0, false},
		{3, 1.5, 0, false},
		{3, -0.1, 0, false},
	} {
		got, ok := Expected(tc.attempts, tc.p)
		if ok != tc.ok || math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Expected(%d, %v) = %v, %v; want %v, %v", tc.attempts, tc.p, got, ok, tc.want, tc.ok)
		}
	}
}

func TestAmplify(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want int
	}{
		{[]int{3, 3, 3, 3, 3}, 243},
		{[]int{3, 4}, 12},
		{nil, 1},
		{[]int{3, AttemptsUnknown, 4}, AttemptsUnknown},
		{[]int{3, AttemptsUnknown, AttemptsUnbounded}, AttemptsUnbounded},
		{[]int{1 << 20, 1 << 20}, math.MaxInt32},
	} {
		if got := Amplify(tc.in...); got != tc.want {
			t.Errorf("Amplify(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestExpectedPath(t *testing.T) {
	// Two layers of 3 attempts at p = 0.1: 1.11 * 1.11 = 1.2321.
	if got, ok := ExpectedPath(0.1, 3, 3); !ok || math.Abs(got-1.2321) > 1e-9 {
		t.Errorf("ExpectedPath(0.1, 3, 3) = %v, %v; want 1.2321", got, ok)
	}
	if _, ok := ExpectedPath(0.1, 3, AttemptsUnknown); ok {
		t.Error("ExpectedPath with an unknown layer: ok, want not ok")
	}
}
