package retryscan

import (
	"go/ast"
	"go/constant"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// loopBound works out what ends a hand-rolled retry loop.
//
// A counter ends it after its count: `for i := 0; i < 3; i++` makes 3
// attempts, `for range n` n, a round guard `if retries > 0 { retries--;
// continue }` retries+1 (the engine's Trips). Any other loop ends only
// where an exit tests something other than the attempt's outcome: a
// counter the engine cannot count, the context (`ctx.Err() != nil`,
// `case <-ctx.Done():`), the clock (`time.Since(start) > limit`) or a
// loop driver (`for r.Wait(ctx)`). A loop whose exits all test only the
// outcome is unbounded, and so is one whose counter a failed attempt
// sets back (resetOnFailure). body is the loop's code.
func (s *scanner) loopBound(d *decision, body ast.Node) Bound {
	b := Bound{Attempts: catalog.AttemptsUnbounded}
	t := d.region.Trips(d.calls[0])
	switch {
	case t.N > 0:
		b.Attempts = t.N
	case t.Param != nil:
		b.Attempts = catalog.AttemptsUnknown
		b.CountParam, b.CountAdd = engine.ParamIndex(t.Param)+1, t.Add
		if n, ok := s.callersCount(t.Param); ok && n+t.Add >= 1 {
			b.Attempts = n + t.Add // every call of the helper passes a constant
		}
	}
	var reset ast.Node
	for _, cond := range d.region.Exits() {
		if rs, ok := d.region.Resets(cond); ok && s.resetOnFailure(d, rs) {
			reset = resetAt(body, rs.Counter)
			continue // a count that starts again bounds nothing
		}
		b = b.or(s.depsBound(d.region.DepsOf(cond, d.calls)))
	}
	if b.Attempts == catalog.AttemptsUnbounded {
		b.Evidence = reset
	}
	if !b.Ctx && s.endsOnCancel(d) {
		b.Ctx = true
	}
	return b
}

// endsOnCancel reports whether the loop stops when the caller's context
// is done, though no exit tests it: the attempt is given the context and
// fails with its error (cancelled, or past its deadline), and no way goes
// round on that failure. The callee watches ctx.Done() and the loop
// leaves on its error (retryclass reports a loop that still goes round on
// the other one):
//
//	for {
//		if err := watchOnce(ctx); errors.Is(err, context.Canceled) {
//			return err
//		}
//		time.Sleep(time.Second)
//	}
//
// A call that takes the context but does not fail when it is done
// (catalog.NoFailOnCancel: http.NewRequestWithContext) succeeds: leaving
// on its error is no stop on cancel.
func (s *scanner) endsOnCancel(d *decision) bool {
	ctxs := d.region.OuterContexts()
	if len(ctxs) == 0 {
		return false
	}
	derived := engine.Derived(ctxs)
	given := func(c ssa.CallInstruction) bool {
		return slices.ContainsFunc(engine.Operands(c), func(v ssa.Value) bool { return derived[v] })
	}
	if !slices.ContainsFunc(d.calls, given) {
		return false
	}
	for _, class := range []engine.ErrClass{engine.ErrCanceled, engine.ErrDeadline} {
		sc := &engine.Scenario{Cancel: true, Deadline: class == engine.ErrDeadline,
			Others: func(c ssa.CallInstruction) (engine.Outcome, bool) {
				if catalog.NoFailOnCancel(engine.Callee(c)) {
					return engine.Succeeded, true // http.NewRequestWithContext: its error is no look at ctx
				}
				if given(c) && !s.local(c) {
					return engine.Failed(class), true
				}
				return engine.Outcome{}, false // a function of the package is read through its body
			}}
		if w := d.region.Walk(sc, d.calls[0]); !w.Void && !w.Ends.Has(engine.EndRound) && w.Ends.Has(engine.EndLeave) {
			return true // cancelled, or past its deadline, it stops
		}
	}
	return false
}

// depsBound is the bound an exit condition sets: loop drivers by their
// catalog row, the context, the clock, and anything else (a counter, a
// flag) an unknown bound. A condition on the outcome alone bounds
// nothing.
func (s *scanner) depsBound(d engine.Deps) Bound {
	b := Bound{Attempts: catalog.AttemptsUnbounded, Ctx: d.Ctx, Time: d.Time}
	if d.Other {
		b.Attempts = catalog.AttemptsUnknown
	}
	for _, c := range d.Calls {
		if db, _, ok := s.driverCall(c); ok {
			b = b.or(db)
		}
	}
	return b
}

// or combines two sources of a bound.
func (b Bound) or(c Bound) Bound {
	b.Ctx = b.Ctx || c.Ctx
	b.Time = b.Time || c.Time
	switch {
	case b.Attempts > 0 && c.Attempts > 0:
		b.Attempts = min(b.Attempts, c.Attempts)
	case b.Attempts > 0:
	case c.Attempts > 0:
		b.Attempts = c.Attempts
	case b.Attempts == catalog.AttemptsUnknown || c.Attempts == catalog.AttemptsUnknown:
		b.Attempts = catalog.AttemptsUnknown
	}
	return b
}

// argParam returns 1 + the index of the parameter of fn that argument i
// of a call in fn is (through conversions: retry.Attempts(uint(n))), or
// 0.
func (s *scanner) argParam(fn ast.Node, call *ast.CallExpr, i int) int {
	f := s.eng.Func(fn)
	c := s.eng.Call(f, call)
	if c == nil {
		return 0
	}
	p, ok := engine.Strip(engine.Arg(c, i)).(*ssa.Parameter)
	if !ok || p.Parent() != f {
		return 0
	}
	return engine.ParamIndex(p) + 1
}

// intConst returns the value of a constant integer expression.
func (s *scanner) intConst(e ast.Expr) (int64, bool) {
	v := s.constValue(e)
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// driverCall returns the bound and delay of a call of a catalogued loop
// driver (r.Wait(ctx)), and false for other calls.
func (s *scanner) driverCall(c ssa.CallInstruction) (Bound, Delay, bool) {
	call := s.eng.CallExpr(c)
	if call == nil || !s.isDriver(call) {
		return Bound{}, Delay{}, false
	}
	return s.driverBound(call)
}

// optionParam returns 1 + the index of the parameter of the enclosing
// function that an option's value is (retry.Attempts(uint(n))), or 0.
func (s *scanner) optionParam(node ast.Node, val ast.Expr) int {
	call, ok := node.(*ast.CallExpr)
	if !ok {
		return 0
	}
	for i, a := range call.Args {
		if a == val {
			return s.argParam(s.enclosingFunc(call), call, i)
		}
	}
	return 0
}

// local reports a call of a function of this package with a body, which
// the engine reads rather than assumes.
func (s *scanner) local(c ssa.CallInstruction) bool {
	f := c.Common().StaticCallee()
	return f != nil && f.Pkg != nil && f.Pkg.Pkg == s.pass.Pkg && len(f.Blocks) > 0
}

// endless reports a context given to a retry that is never done
// (engine.Uncancellable): context.Background() or TODO() written in the
// call, a local variable that holds one on every path, a context derived
// from one that adds no deadline or cancel (WithValue), or
// context.WithoutCancel(ctx). It bounds nothing:
//
//	ctx := context.Background()
//	retry.Do(ctx, retry.NewConstant(time.Second), op) // no bound
//
// A parameter, or a local that some path sets from WithTimeout, may end.
func (s *scanner) endless(e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && catalog.ContextEffect(s.calleeOf(call)) == catalog.CtxRoot {
		return true // read without building the package's SSA
	}
	fn := s.enclosingFunc(e)
	if fn == nil {
		return false
	}
	v := s.eng.ValueOf(fn, e)
	return v != nil && engine.Uncancellable(v)
}
