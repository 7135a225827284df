package engine

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// How a context made from another keeps its deadline and cancellation
// (catalog.ContextEffect; go1.26 src/context/context.go), the one reading
// every analyzer gets through Derived, Uncancellable and DeadlineSources:
//
//	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
//	vctx := context.WithValue(ctx, k, v) // ctx's deadline and cancellation
//	bg := context.WithoutCancel(ctx)     // no deadline, never done: ctx does not reach it
//	actx, c := context.WithTimeout(bg, d) // d alone
//	root := context.WithValue(context.Background(), k, v) // never done
//
// WithValue and the standard library's other value-only derivations
// (catalog.CtxValue) keep the parent's deadline and cancellation;
// WithCancel (CtxInherit) keeps the deadline and adds a cancel;
// WithoutCancel (CtxDrop) keeps the values alone: "returns no Deadline or
// Err, and its Done channel is nil".

// derivation returns the call that makes the context v, as a catalogued
// derivation, and what it does: v is its context result (the first for
// a call that returns a cancel or a task as well, errgroup.WithContext's
// second: catalog.ContextResult).
func derivation(v ssa.Value) (*ssa.Call, catalog.CtxEffect) {
	idx := 0
	if e, ok := v.(*ssa.Extract); ok {
		v, idx = e.Tuple, e.Index
	}
	c, ok := v.(*ssa.Call)
	if !ok || idx != catalog.ContextResult(Callee(c)) {
		return nil, catalog.CtxNone
	}
	return c, catalog.ContextEffect(Callee(c))
}

// drops reports a call that takes ctx and makes a context that has
// neither its deadline nor its cancellation: context.WithoutCancel(ctx),
// or a helper of the package that returns nothing else, on every path:
//
//	func detach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }
func drops(c *ssa.Call) bool {
	if catalog.ContextEffect(Callee(c)) == catalog.CtxDrop {
		return true
	}
	fn := c.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 || !IsContext(fn.Signature.Results().At(0).Type()) {
		return false
	}
	n := 0
	for _, b := range fn.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, v := range Copies(r.Results[0]) {
			if rc, ok := v.(*ssa.Call); !ok || catalog.ContextEffect(Callee(rc)) != catalog.CtxDrop {
				return false
			}
			n++
		}
	}
	return n > 0
}

// Uncancellable reports a context that is never done: every value it is
// a copy of (Copies: through phis and variables) is context.Background(),
// context.TODO() or context.WithoutCancel(...) (drops: a helper of the
// package that returns it too), or a value-only derivation of one
// (context.WithValue(context.Background(), k, v)).
//
//	ctx := context.Background()
//	return retry.Do(ctx, b, op) // no cancellation bounds the retry
func Uncancellable(v ssa.Value) bool {
	srcs := closure(v, func(x ssa.Value) []ssa.Value {
		if c, eff := derivation(x); eff == catalog.CtxValue {
			return []ssa.Value{Arg(c, 0)} // the parent's end is its end
		}
		return copied(x)
	})
	for _, s := range srcs {
		if c, eff := derivation(s); eff != catalog.CtxRoot && (c == nil || !drops(c)) {
			return false
		}
	}
	return len(srcs) > 0
}

// DeadlineSources returns the contexts v has its deadline and its
// cancellation from: SourcesIn, through the package's helpers with their
// arguments bound, and on to the parent of a derivation that keeps both
// (WithValue, WithCancel and the like: catalog.CtxValue, CtxInherit).
// One that sets a deadline of its own (WithTimeout) or drops the
// parent's (WithoutCancel) is a source itself.
//
//	func withAccount(ctx context.Context) context.Context {
//		return context.WithValue(ctx, accountKey{}, "acct")
//	}
//	fetch(withAccount(ctx), url) // DeadlineSources of the argument: ctx
func (p *Program) DeadlineSources(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[Source]bool{}
	work := []Source{{v, nil}}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		for _, src := range p.SourcesIn(s.Value, s.In) {
			if seen[src] {
				continue
			}
			seen[src] = true
			if c, eff := derivation(src.Value); eff == catalog.CtxValue || eff == catalog.CtxInherit {
				if parent := Arg(c, 0); parent != nil {
					work = append(work, Source{parent, src.In})
					continue
				}
			}
			out = append(out, src.Value)
		}
	}
	return out
}
