package retryscan

import (
	"go/ast"
	"go/types"
	"math"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// The delay of a hand-rolled loop is read from what flows into the
// duration of each wait, as the engine sees it round the loop (engine
// Flow): a value updated from itself grows, one shifted by the counter
// too, a min or a clamping branch caps it, a random source jitters it.
// The package's own helpers are read through their returns, and a helper
// that waits on a parameter (sleepCtx(ctx, d)) is a wait on what the
// caller passes.
//
//	d := 100 * time.Millisecond              // first wait
//	for i := 0; ; i++ {
//		...
//		time.Sleep(d)                         // grows: d *= 2, no clamp
//		d *= 2
//	}
//	time.Sleep(min(base<<attempt, maxDelay))  // clamped

// delayPolicy refines a hand-rolled loop's delay: growth, cap, jitter.
func (s *scanner) delayPolicy(d *Delay, site *Site) {
	r := site.Region()
	body := site.BodyBlock()
	if r == nil || body == nil {
		return
	}
	type wait struct {
		call *ast.CallExpr
		in   ssa.CallInstruction
		arg  ssa.Value
		// random: a helper that adds randomness to what it is given;
		// added: only a jitter added to it
		random, added bool
		flow          engine.Flow // of what is waited
		// in: the wait is made in the policy called (policywait.go),
		// its flow read there
		policy *types.Func
		// inCallee: made in a helper of the package the loop calls,
		// which computes what it waits (sleep(ctx, base, max, n)
		// waiting nextDelay(base, max, n)) or waits a constant; its
		// flow read there, with the helper's parameters bound
		inCallee bool
	}
	var waits []wait
	loop, _ := site.node.(ast.Stmt) // nil for a recursion's self-call
	policies := s.policyWaits(loop, body)
	visit := func(call *ast.CallExpr) {
		c := s.eng.Call(r.Func(), call)
		if c == nil || len(c.Common().Args) == 0 {
			return
		}
		args := c.Common().Args
		switch {
		case s.isWait(call):
			waits = append(waits, wait{call: call, in: c, arg: args[len(args)-1]})
		default:
			if i, random, added := s.eng.WaitParam(c.Common().StaticCallee()); i >= 0 && i < len(args) {
				waits = append(waits, wait{call: call, in: c, arg: args[i], random: random, added: added})
			} else if fn := policies[call]; fn != nil {
				for _, cw := range r.WaitsIn(c) {
					waits = append(waits, wait{call: call, in: c, flow: cw.Flow, policy: fn})
				}
			} else if !slices.Contains(site.attempt, c) {
				// Not the attempt: a wait in it may be its timeout
				// (select { ... case <-time.After(d): }).
				for _, cw := range r.WaitsIn(c) {
					waits = append(waits, wait{call: call, in: c, flow: cw.Flow, inCallee: true})
				}
			}
		}
	}
	eachCall(body, visit)
	if cond := loopCond(loop); cond != nil {
		eachCall(cond, func(call *ast.CallExpr) {
			if policies[call] != nil {
				visit(call) // for err != nil && p.next(q)
			}
		})
	}
	for i, w := range waits {
		if w.policy == nil && !w.inCallee {
			waits[i].flow = waited(r.FlowOf(w.arg), w.random, w.added)
		}
	}
	// A wait of a constant zero (timer.Reset(0) to run again at once, as
	// grpc's backoff.RunF does when its function asks for a reset) waits
	// for nothing: jitter cannot spread it, and no wait is another
	// problem than a fixed one.
	waits = slices.DeleteFunc(waits, func(w wait) bool {
		f := w.flow
		return !w.random && f.Known && f.At0 == 0 && f.Growth == nil && !f.Varying && !f.Linear && !f.Random && !f.Opaque
	})
	if len(waits) == 0 {
		return
	}
	jitter, opaque, kind := false, false, catalog.DelayConstant
	d.Capped = catalog.TriYes
	for _, w := range waits {
		f := w.flow
		jitter = jitter || f.Random || w.random
		opaque = opaque || f.Opaque
		switch {
		case f.Growth != nil && !f.Clamped:
			if d.Capped != catalog.TriNo {
				d.Capped, d.Growth, d.Wait, d.Factor = catalog.TriNo, s.eng.Node(f.Growth, f.SelfUpdate), w.call, f.Factor
				if w.policy != nil {
					d.WaitIn = analysisutil.FuncName(w.policy, s.pass.Pkg)
				}
				switch {
				case f.Known && f.At0 > 0 && f.At0 < math.MaxInt64:
					d.Initial = time.Duration(f.At0)
					if !f.SelfUpdate && f.Factor > 1 && r.LaterRounds(w.in) && f.At0*f.Factor < math.MaxInt64 {
						d.Initial = time.Duration(f.At0 * f.Factor) // if i > 0 { sleep(base << i) }: base << 1 first
					}
				case f.Floor > 0 && f.Floor < math.MaxInt64:
					d.Least = time.Duration(f.Floor) // d + rand.N(d/2): at least d
				}
			}
			kind = catalog.DelayExponential
		case f.Growth != nil:
			kind = catalog.DelayExponential
		case f.Linear && kind != catalog.DelayExponential:
			kind = catalog.DelayLinear
		case f.Opaque && kind == catalog.DelayConstant:
			kind = catalog.DelayUnknown
		}
		if f.WrapsBeforeClamp && f.WrapsAt != nil && d.Wraps == nil {
			// if d > maxDelay { d = maxDelay } after time.Second * (1 << attempt)
			d.Wraps, d.WrapsAfter, d.WrapWait = s.eng.Node(f.WrapsAt, false), f.WrapsAfter, w.call
		}
	}
	d.Kind = kind
	if len(waits) == 1 && kind == catalog.DelayExponential && d.Capped == catalog.TriYes {
		capped(d, waits[0].flow, !waits[0].flow.SelfUpdate && r.LaterRounds(waits[0].in))
	}
	if f := waits[0].flow; len(waits) == 1 && kind == catalog.DelayConstant && !f.Varying {
		switch {
		case f.Known && f.At0 > 0 && f.At0 < math.MaxInt64:
			d.Initial, d.Factor = time.Duration(f.At0), 1 // time.Sleep(2 * time.Second)
		case !f.Known && f.Floor > 0 && f.Floor < math.MaxInt64:
			d.Least, d.Factor = time.Duration(f.Floor), 1 // time.Sleep(2*time.Second + rand.N(time.Second)): at least 2s
		}
	}
	if f := waits[0].flow; len(waits) == 1 && kind == catalog.DelayLinear && !f.Clamped && !f.Opaque && f.Step > 0 {
		// time.Sleep(time.Duration(i+1) * time.Second); with a jitter
		// added, at least that
		at0, ok := f.At0, f.Known && !f.Random
		if !f.Known && f.Floor > 0 {
			at0, ok = f.Floor, true
		}
		if ok && at0 >= 0 && at0+f.Step < math.MaxInt64 {
			first, step := time.Duration(at0), time.Duration(f.Step)
			if r.LaterRounds(waits[0].in) {
				first += step // if i > 0 { sleep(time.Duration(i) * time.Second) }: 1s first
			}
			d.Step = step
			if f.Known {
				d.Initial = first
			} else {
				d.Least = first
			}
		}
	}
	switch {
	case jitter:
		d.Jittered = catalog.TriYes
	case !opaque:
		d.Jittered = catalog.TriNo
	}
}

// capped fills the first wait, the growth and the cap of a loop's only
// wait when it grows from a known start up to a constant limit (engine
// Flow.Cap):
//
//	d := time.Second
//	for ... {
//		time.Sleep(d)                // 1s 2s 4s 8s 8s
//		d = min(d*2, 8*time.Second)
//	}
//
// later: the wait runs from the second round on, its counter shifted
// once already (if i > 0 { sleep(min(base<<i, max)) }). A first value
// equal to the limit may be the limit alone (min(x<<i, 8s), x a
// parameter): the start is then unknown. A wait the engine cannot see
// through keeps all three unknown.
//
// A random wait has no Initial. Its Cap is the most it can be, when the
// jitter's bound is seen (engine Flow.Cap), and with a jitter that cannot
// be negative added, the delay under it gives the floors (Least up to
// LeastCap):
//
//	time.Sleep(d + rand.N(d/2))      // d = min(d*2, 8s) from 0.5s:
//	                                 // at least 0.5s 1s 2s 4s 8s 8s, at most 12s
func capped(d *Delay, f engine.Flow, later bool) {
	if !f.Clamped || f.Factor <= 1 || f.Opaque {
		return
	}
	if f.Random {
		if f.Cap > 0 && f.Cap < math.MaxInt64 {
			d.Cap = time.Duration(f.Cap)
		}
		if f.Floor > 0 && f.Floor < f.FloorCap && f.FloorCap < math.MaxInt64 {
			first := f.Floor
			if later {
				first = min(f.Floor*f.Factor, f.FloorCap)
			}
			d.Least, d.Factor, d.LeastCap = time.Duration(first), f.Factor, time.Duration(f.FloorCap)
		}
		return
	}
	if f.Cap <= 0 || f.Cap >= math.MaxInt64 || !f.Known || f.At0 <= 0 || f.At0 >= f.Cap {
		return
	}
	first := f.At0
	if later {
		first = min(f.At0*f.Factor, f.Cap)
	}
	d.Initial, d.Factor, d.Cap = time.Duration(first), f.Factor, time.Duration(f.Cap)
}

// waited makes the flow of what a wait helper of the package is given the
// flow of what it waits: with a jitter added (sleepJitter(d), which waits
// d + rand.N(d/4)) at least that, up to the clamp of what it is given,
// with other randomness (d - rand.N(x), d * rand.Float64()) unknown. How
// much the helper adds is not read: the most it waits is unknown.
func waited(f engine.Flow, random, added bool) engine.Flow {
	if !random {
		return f
	}
	floor, floorCap := f.Floor, f.FloorCap
	if f.Known {
		floor, floorCap = f.At0, f.Cap
	}
	f.Random, f.Known, f.Floor, f.FloorCap, f.Cap = true, false, 0, 0, 0
	if added && floor > 0 {
		f.Floor, f.FloorCap = floor, floorCap
	}
	return f
}
