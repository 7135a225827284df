package retryscan

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Pos returns the hop's position in the package being analyzed, or
// token.NoPos for hops that came from another package's fact.
func (h Hop) Pos() token.Pos { return h.pos }

// Hop is one step of a retry chain: a call on the way down, or a retry
// layer. Chains are kept outermost first.
type Hop struct {
	// Name is the display name: "fetchUser", "store.Get", "backoff.Retry".
	Name string
	// Posn is "file.go:40", where the step happens (the call, the loop).
	Posn string
	// Attempts is the layer's attempt count (see Bound.Attempts) for a
	// retry layer; 0 for a plain call.
	Attempts int32
	// Retry marks a retry layer.
	Retry bool
	// Pkg is the import path of the package the step runs in: the
	// called function's, the library's, or the loop's.
	Pkg string
	// Switch: the layer's loop goes round only when this bool of its
	// configuration is on (switch.go); Retry says whether the package
	// that built the chain turns it on.
	Switch *HopSwitch
	// pos is the position of the hop in the package that built the chain;
	// gob does not encode it, so hops read from facts have none.
	pos token.Pos
}

// RetrierFact is exported for a function whose call runs a retry: it
// contains a retry site, or calls (at any depth) a function that does.
// Chain is the deepest chain of calls and retry layers below it.
type RetrierFact struct {
	Chain []Hop
	// RequestGated marks a transport's RoundTrip whose retry is chosen by
	// a test of the request (transport.go): a client given it retries
	// only some requests.
	RequestGated bool
}

func (*RetrierFact) AFact() {}

// String renders the fact for tests: retrier(3x5 via Get -> backoff.Retry).
func (f *RetrierFact) String() string {
	gated := ""
	if f.RequestGated {
		gated = ", request-gated"
	}
	for _, h := range f.Chain {
		if h.Switch != nil {
			gated += ", switch " + h.Switch.String()
		}
	}
	return fmt.Sprintf("retrier(%s via %s%s)", Product(f.Chain), ChainString(f.Chain), gated)
}

// Layers returns the number of retry layers in the chain.
func (f *RetrierFact) Layers() int { return Layers(f.Chain) }

// WrapperFact is exported for a function that runs one of its function
// parameters in a retry loop, like printf's wrappers of Printf:
//
//	func withRetry(ctx context.Context, op func() error) error {
//		return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
//	}
type WrapperFact struct {
	// Param is the index of the retried function parameter.
	Param int
	// Attempts is the wrapper's own layer (see Bound.Attempts).
	Attempts int32
	// Via names the retry the wrapper hands its parameter to
	// ("backoff.Retry", or ViaLoop for a hand-rolled one).
	Via string
	// CountParam is 1 + the index of the integer parameter that the
	// wrapper's attempts are counted against, 0 if none: a call makes
	// argument+CountAdd attempts (withRetries(3, f): 3).
	CountParam int32
	CountAdd   int32
	// Ctx and Time: the wrapper's retry ends on a context or after an
	// elapsed time (see Bound).
	Ctx, Time bool
	// IgnoresCtx: the wrapper is known to look at no context, so a
	// function using its caller's context is retried after the caller
	// gave up (wrapcancel.go); false when that is not known.
	IgnoresCtx bool
	// Gate is 1 + the index of the bool parameter that, when false,
	// makes the wrapper run its function once and return (gate.go): the
	// caller says whether the function may run twice. 0 if none.
	Gate int32
	// PlainStops: the wrapper's retry does not go round on a plain
	// failure of its function (an error of no type its classifier looks
	// for): it retries only the errors it names, such as a transaction
	// helper's serialization failures (plainstops.go).
	PlainStops bool
	// Lib is the catalog package of the library retry the wrapper hands
	// its function to as the operation, unchanged, with no classifier
	// and no options spread from a slice (backoff.Retry(op, b)), itself
	// or through another such wrapper: a function literal handed to the
	// wrapper is that library's operation (wrapop.go). "" otherwise.
	Lib string
	// Classifier is 1 + the index of the func(error) bool parameter the
	// wrapper's loop asks of each failure of its function, going round
	// only when it says yes (classparam.go); 0 if none.
	Classifier int32
	// The wrapper's delay between attempts (see Delay): Kind, Capped and
	// Jittered as catalog values, the first wait in nanoseconds, its
	// growth and its cap in nanoseconds (Delay.Cap).
	DelayKind        uint8
	Capped, Jittered uint8
	Initial          int64
	Factor           float64
	Cap              int64
	// Module is the path of the module the wrapper is written in, when
	// the driver says: a call from another module is the retry's only
	// place in the code being checked.
	Module string
}

func (*WrapperFact) AFact() {}

// ViaLoop is WrapperFact.Via for a wrapper whose own loop retries: the
// name of a loop site.
const ViaLoop = "retry loop"

func (f *WrapperFact) String() string {
	attempts := AttemptsString(int(f.Attempts))
	if f.CountParam > 0 {
		attempts = fmt.Sprintf("attempts from param %d%+d", f.CountParam-1, f.CountAdd)
	}
	ctx := ""
	if f.IgnoresCtx {
		ctx = ", ignores ctx"
	}
	if f.Gate > 0 {
		ctx += fmt.Sprintf(", gated by param %d", f.Gate-1)
	}
	if f.PlainStops {
		ctx += ", named errors only"
	}
	if f.Classifier > 0 {
		ctx += fmt.Sprintf(", classifier param %d", f.Classifier-1)
	}
	return fmt.Sprintf("wrapper(param=%d, %s via %s%s)", f.Param, attempts, f.Via, ctx)
}

// Layers counts the retry layers of a chain.
func Layers(chain []Hop) int {
	n := 0
	for _, h := range chain {
		if h.Retry {
			n++
		}
	}
	return n
}

// Product renders the attempt product of a chain's layers: "3x5",
// "3xN" when a count is unknown, "3x∞" when a layer is unbounded.
func Product(chain []Hop) string {
	var parts []string
	for _, h := range chain {
		if h.Retry {
			parts = append(parts, factor(int(h.Attempts)))
		}
	}
	return strings.Join(parts, "x")
}

func factor(n int) string {
	switch {
	case n > 0:
		return fmt.Sprint(n)
	case n == catalog.AttemptsUnbounded:
		return "∞"
	}
	return "N"
}

// Total returns the product of the layers' attempt counts, and false when
// any count is unknown or unbounded.
func Total(chain []Hop) (int, bool) {
	total := 1
	for _, h := range chain {
		if !h.Retry {
			continue
		}
		if h.Attempts <= 0 {
			return 0, false
		}
		total *= int(h.Attempts)
	}
	return total, true
}

// ChainString renders a chain compactly: "fetchUser -> store.Get -> backoff.Retry".
func ChainString(chain []Hop) string {
	names := make([]string, len(chain))
	for i, h := range chain {
		names[i] = h.Name
	}
	return strings.Join(names, " -> ")
}

// deeper reports whether chain a should be kept over b: more retry
// layers first, then the larger known product, then the shorter path.
func deeper(a, b []Hop) bool {
	la, lb := Layers(a), Layers(b)
	if la != lb {
		return la > lb
	}
	ta, oka := Total(a)
	tb, okb := Total(b)
	if oka && okb && ta != tb {
		return ta > tb
	}
	if oka != okb {
		return !oka // an unknown or unbounded layer is the worse case
	}
	return len(a) < len(b)
}

// prepend returns h followed by chain, capped by the suite's one rule
// (analysisutil.CapChain): plain call hops leave the middle first, so
// that every retry layer (what the product is made of) survives while it
// can; the first and the last hop always stay. The cap also keeps the
// summary fixpoint finite when functions recurse.
func prepend(h Hop, chain []Hop) []Hop {
	out := make([]Hop, 0, len(chain)+1)
	out = append(out, h)
	out = append(out, chain...)
	return analysisutil.CapChain(out, func(h Hop) bool { return h.Retry || h.Switch != nil })
}
