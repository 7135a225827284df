package retryclass

import (
	"testing"
	"time"
)

// A total shown as "at least" is truncated to the unit shown, any other
// figure rounded: 1.55s of waits proved is "at least 1.5s".
func TestHuman(t *testing.T) {
	for _, c := range []struct {
		d     time.Duration
		least bool
		want  string
	}{
		{1550 * time.Millisecond, true, "1.5s"},
		{1550 * time.Millisecond, false, "1.6s"},
		{7500 * time.Millisecond, true, "7.5s"},
		{61500 * time.Millisecond, true, "1m1s"},
		{61500 * time.Millisecond, false, "1m2s"},
		{2*time.Hour + 90*time.Second, false, "2h2m0s"},
		{1500 * time.Microsecond, true, "1ms"},
	} {
		if got := human(c.d, c.least); got != c.want {
			t.Errorf("human(%v, %v) = %q, want %q", c.d, c.least, got, c.want)
		}
	}
}
