package retryclass

import (
	"fmt"
	"go/ast"
	"math"
	"time"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// What a retry that should have stopped costs, from the constants the
// recognizer can see. The worst case is the failure on the first
// attempt: with N attempts the retry makes N-1 more, and waits between
// them w1 + w2 + ... + w(N-1), where the k-th wait is Initial*Factor^(k-1)
// for a growing delay and the same constant for a fixed one. Six attempts
// waiting 1s doubling: 5 more attempts over 1+2+4+8+16 = 31s.

// cost renders what the rest of a site's retry costs: "up to 5 more
// attempts over 31s", "up to 4 more attempts", "further attempts for up
// to 15m0s (the default MaxElapsedTime)", "... up to 10s
// (MaxElapsedTime)", or "further attempts".
func (c *checker) cost(site *retryscan.Site) string {
	b := site.Bound
	switch {
	case b.Attempts > 1:
		more := b.Attempts - 1
		s := fmt.Sprintf("up to %d more attempts", more)
		if more == 1 {
			s = "up to 1 more attempt"
		}
		if w, ok := c.totalWait(site, more); ok {
			s += " over " + human(w)
		}
		return s
	case b.Attempts == 1:
		return "no more attempts"
	}
	if w := site.WorstCase(); b.Time && w.MaxElapsed > 0 {
		// The limit the code sets (MaxElapsedTime: 10 * time.Second), or
		// the library's default, said as such.
		return "further attempts for up to " + human(w.MaxElapsed) + " (" + w.ElapsedBy + ")"
	}
	return "further attempts"
}

// totalWait returns the sum of the first n waits between attempts, when
// every constant of the delay is visible and nothing caps it out of
// sight.
func (c *checker) totalWait(site *retryscan.Site, n int) (time.Duration, bool) {
	d := site.Delay()
	if d.Initial > 0 && d.Factor >= 1 && d.Capped != catalog.TriYes {
		total := 0.0
		for k := 0; k < n; k++ {
			total += float64(d.Initial) * math.Pow(d.Factor, float64(k))
		}
		if total > math.MaxInt64 {
			return 0, false
		}
		return time.Duration(total), true
	}
	if site.Kind != retryscan.KindLoop || len(d.Waits) == 0 {
		return 0, false
	}
	// Fixed waits of a loop: time.Sleep(2 * time.Second).
	var per time.Duration
	for _, w := range d.Waits {
		v, ok := c.durationConst(w)
		if !ok {
			return 0, false
		}
		per += v
	}
	return per * time.Duration(n), true
}

// durationConst returns the constant duration a wait call waits.
func (c *checker) durationConst(call *ast.CallExpr) (time.Duration, bool) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if len(call.Args) != 1 || !(analysisutil.IsFunc(fn, "time", "", "Sleep") || analysisutil.IsFunc(fn, "time", "", "After")) {
		return 0, false
	}
	n, ok := constInt(c.pass.TypesInfo.Types[call.Args[0]])
	return time.Duration(n), ok && n > 0
}

// human renders a duration for a message: 31s, 51.1s, 17m4s, 2h5m.
func human(d time.Duration) string {
	switch {
	case d >= time.Hour:
		return d.Round(time.Minute).String()
	case d >= time.Minute:
		return d.Round(time.Second).String()
	case d >= time.Second:
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Millisecond).String()
}
