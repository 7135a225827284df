package flow

import "testing"

func TestSteps(t *testing.T) {
	x, vars := load(t, `package p

func f() {
	attempt := 0
	attempt++
	left := 3
	left--
	left--
	once := 1
	_ = once
	var s struct{ n int }
	s.n++
}
`)
	for name, want := range map[string]int{"attempt": 1, "left": 2, "once": 0, "s": 0} {
		if got := len(x.Steps(vars[name])); got != want {
			t.Errorf("Steps(%s) = %d, want %d", name, got, want)
		}
	}
}
