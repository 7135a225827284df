package retryscan

import (
	"fmt"
	"go/ast"
	"strings"
	"time"
)

// The worst case of a retry site is the longest its attempts and the
// waits between them can take, from the constants the code shows and the
// libraries' documented defaults:
//
//	ctx, cancel := context.WithTimeout(ctx, time.Minute)  // the budget
//	for i := 0; i < 3; i++ {
//		actx, c := context.WithTimeout(ctx, 30*time.Second)  // per attempt
//		err = call(actx)
//		c()
//		...
//		time.Sleep(backoff[i])                              // 2s, 10s
//	}
//
// is 30s + 2s + 30s + 10s + 30s = 1m42s. A term the recognizer cannot
// read (a parameter, a field set elsewhere) stays unknown: it is never
// guessed. Waits are the nominal ones, before jitter: jitter that adds
// time (cenkalti's RandomizationFactor) can only make the retry longer,
// and full jitter (gax, aws) draws below the nominal wait. A loop that
// adds a jitter that cannot be negative to its wait waits at least the
// wait without it (AddedJitter):
//
//	time.Sleep(d + rand.N(d/4))  // d doubling from 1s: at least 1s, 2s, 4s, ...
//
// and one whose wait can be shorter than its delay (rand.N(d),
// d - rand.N(x)) has unknown waits.

// TimeoutKind says what bounds one attempt.
type TimeoutKind uint8

const (
	// TimeoutNone: nothing in the attempt body bounds it (its callees
	// may still set their own timeouts, which the recognizer does not
	// follow).
	TimeoutNone TimeoutKind = iota
	// TimeoutUnknown: something may bound it that cannot be read: an
	// *http.Client from a parameter or a field.
	TimeoutUnknown
	// TimeoutContext: a context.WithTimeout made in the attempt body and
	// passed on.
	TimeoutContext
	// TimeoutClient: the Timeout of the *http.Client the attempt calls
	// (for retryablehttp, of its HTTPClient).
	TimeoutClient
	// TimeoutSelf: the attempt's only calls that can wait bound their
	// own time (DNS lookups, catalog.IsSelfBounded), by an amount the
	// code does not show (AttemptTimeout is 0).
	TimeoutSelf
)

// WorstCase is the longest a retry site can take.
type WorstCase struct {
	// Attempts is the number of attempts that can run: the bound's count
	// (0 when it is not a visible constant); Promised is the bound's
	// Promised, the larger count the configuration states when the
	// library's own arithmetic stops it earlier (Bound.Promised).
	Attempts, Promised int
	// AttemptTimeout bounds one attempt; 0 when Timeout is TimeoutNone or
	// TimeoutUnknown, or when the timeout's value is not a constant.
	AttemptTimeout time.Duration
	Timeout        TimeoutKind
	TimeoutAt      ast.Node
	// Waits are the Attempts-1 waits between attempts. When WaitsKnown
	// is false they are all 0: at least one cannot be read.
	Waits      []time.Duration
	WaitsKnown bool
	// Cap is the longest single wait, when known (gax Backoff.Max,
	// cenkalti MaxInterval, retryablehttp RetryWaitMax, a loop's clamp
	// of constant limit: Delay.Cap).
	Cap time.Duration
	// MaxElapsed is the retry's own elapsed-time limit (cenkalti
	// MaxElapsedTime and its 15 minute default, gax.WithTimeout, the
	// Timeout of the *http.Client retryablehttp's StandardClient
	// returns); 0 when none is visible. ElapsedUnknown says a limit is
	// set but not to a constant. ElapsedBy names it for messages.
	MaxElapsed     time.Duration
	ElapsedUnknown bool
	ElapsedBy      string
	ElapsedAt      ast.Node
	// TimeOnly says no attempt count applies: only time (MaxElapsed, a
	// context) ends the retry. It is false when a count may apply but
	// cannot be seen (options from a parameter).
	TimeOnly bool
	// FullJitter says each wait is drawn between zero and its nominal
	// value (aws-sdk-go-v2, gax): Waits are ceilings, and a run may wait
	// almost nothing.
	FullJitter bool
	// AddedJitter says a loop adds a random share that cannot be
	// negative to each wait (time.Sleep(d + rand.N(d/4))): Waits are
	// floors, the least each wait can be, and Total is a lower bound.
	AddedJitter bool
}

// WorstCase returns the site's worst case, worked out on the first call:
// only the analyzers that compare it with a budget pay for it.
func (s *Site) WorstCase() WorstCase {
	if s.worst == nil {
		return WorstCase{Attempts: max(s.bound.Attempts, 0)}
	}
	return s.worst.get()
}

// Known reports whether every term is known: a constant number of
// attempts, each bounded by a constant timeout, and every wait (not only
// its least, AddedJitter).
func (w WorstCase) Known() bool {
	return w.Attempts > 0 && w.WaitsKnown && !w.AddedJitter && w.TimeoutKnown()
}

// TimeoutKnown reports whether each attempt has a constant timeout.
func (w WorstCase) TimeoutKnown() bool {
	return (w.Timeout == TimeoutContext || w.Timeout == TimeoutClient) && w.AttemptTimeout > 0
}

// Total is the sum of the known terms: Attempts x AttemptTimeout when
// the timeout is known, plus the waits when they are.
func (w WorstCase) Total() time.Duration {
	var t time.Duration
	if w.TimeoutKnown() {
		t += time.Duration(w.Attempts) * w.AttemptTimeout
	}
	return t + w.WaitTotal()
}

// Typical is Total as a typical run that fails every attempt takes it:
// the same, but for waits drawn with full jitter, which average half
// their nominal value (a run may wait almost nothing, so a budget only
// the nominal waits exceed is no sure overrun).
func (w WorstCase) Typical() time.Duration {
	if w.FullJitter {
		return w.Total() - w.WaitTotal()/2
	}
	return w.Total()
}

// TypicalWait is the i-th wait (0-based) as Typical counts it: the wait,
// half of it under full jitter, 0 when unknown.
func (w WorstCase) TypicalWait(i int) time.Duration {
	switch {
	case !w.WaitsKnown || i >= len(w.Waits):
		return 0
	case w.FullJitter:
		return w.Waits[i] / 2
	}
	return w.Waits[i]
}

// WaitTotal is the sum of the waits, 0 when they are not known.
func (w WorstCase) WaitTotal() time.Duration {
	var t time.Duration
	for _, d := range w.Waits {
		t += d
	}
	return t
}

// Terms renders the sum term by term for messages, unknown terms as "?"
// and their sum as a lower bound, as it is when waits are floors
// (AddedJitter):
//
//	30s + 2s + 30s + 10s + 30s = 1m42s
//	? + 1s + ? + 2s + ? >= 3s
//	6 x 10s + 1s + 2s + 4s + 8s + 16s = 1m31s
//	30s + 2s + 30s >= 1m2s
func (w WorstCase) Terms() string {
	if w.Attempts <= 0 {
		return "unknown"
	}
	attempt := "?"
	if w.TimeoutKnown() {
		attempt = w.AttemptTimeout.String()
	}
	wait := func(i int) string {
		if !w.WaitsKnown || i >= len(w.Waits) {
			return "?"
		}
		return w.Waits[i].String()
	}
	var terms []string
	if w.Attempts <= 5 {
		for i := 0; i < w.Attempts; i++ {
			if i > 0 {
				terms = append(terms, wait(i-1))
			}
			terms = append(terms, attempt)
		}
	} else {
		terms = append(terms, fmt.Sprintf("%d x %s", w.Attempts, attempt))
		n := w.Attempts - 1
		for i := 0; i < n; i++ {
			if n > 6 && i == 3 {
				terms = append(terms, "...")
				i = n - 2
			}
			terms = append(terms, wait(i))
		}
	}
	eq := " = "
	if !w.Known() {
		eq = " >= "
	}
	return strings.Join(terms, " + ") + eq + w.Total().String()
}

func (s *scanner) worstCase(site *Site) WorstCase {
	w := WorstCase{Attempts: max(site.bound.Attempts, 0), Promised: site.bound.Promised}
	s.attemptTimeout(site, &w)
	m := s.timeModel(site)
	w.Cap, w.FullJitter = m.cap, m.fullJitter
	if w.Attempts > 0 {
		s.waits(site, m, &w)
	}
	s.elapsedLimit(site, m, &w)
	w.TimeOnly = s.timeOnly(site)
	return w
}

func (k TimeoutKind) String() string {
	return [...]string{"none", "unknown", "context", "client", "self"}[k]
}
