package retryclass

import (
	"fmt"
	"time"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// What a retry that should have stopped costs, from the constants the
// recognizer can see. The worst case is the failure on the first
// attempt: with N attempts the retry makes N-1 more, and waits between
// them w1 + w2 + ... + w(N-1), the site's worst case (Site.WorstCase)
// as retrybudget reads it. Six attempts waiting 1s doubling: 5 more
// attempts over 1+2+4+8+16 = 31s; with a jitter added to each wait
// (d + rand.N(d/4)), over at least 31s.

// cost renders what the rest of a site's retry costs: "up to 5 more
// attempts over 31s", "... over at least 31s", "up to 4 more attempts",
// "further attempts for up
// to 15m0s (the default MaxElapsedTime)", "... up to 10s
// (MaxElapsedTime)", or "further attempts".
func (c *checker) cost(site *retryscan.Site) string {
	b := site.Bound()
	switch {
	case b.Attempts > 1:
		more := b.Attempts - 1
		s := fmt.Sprintf("up to %d more attempts", more)
		if more == 1 {
			s = "up to 1 more attempt"
		}
		// The waits are the worst case's, retrybudget's sum: the n-th
		// wait of a growing delay, capped where the cap is visible; the
		// least they can be when a jitter is added to each.
		if w := site.WorstCase(); w.WaitsKnown && len(w.Waits) == more && w.WaitTotal() > 0 {
			s += " over "
			if w.AddedJitter {
				s += "at least "
			}
			s += human(w.WaitTotal(), w.AddedJitter)
		}
		return s
	case b.Attempts == 1:
		return "no more attempts"
	}
	if w := site.WorstCase(); b.Time && w.MaxElapsed > 0 {
		// The limit the code sets (MaxElapsedTime: 10 * time.Second), or
		// the library's default, said as such.
		return "further attempts for up to " + human(w.MaxElapsed, false) + " (" + w.ElapsedBy + ")"
	}
	return "further attempts"
}

// human renders a duration for a message: 31s, 51.1s, 17m4s, 2h5m,
// rounded to the unit shown. A lower bound (least) is truncated
// instead: "at least 1.5s" for 1.55s, never more than was shown.
func human(d time.Duration, least bool) string {
	unit := time.Millisecond
	switch {
	case d >= time.Hour:
		unit = time.Minute
	case d >= time.Minute:
		unit = time.Second
	case d >= time.Second:
		unit = 100 * time.Millisecond
	}
	if least {
		return d.Truncate(unit).String()
	}
	return d.Round(unit).String()
}
