package retryclass

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Whether a retry may honour Retry-After (ignores-retry-after is quiet
// when it may). It does when an operation returns backoff.RetryAfter, when
// its function names the header for more than a message or reads a field
// or method named like the server's wait (apiErr.RetryAfter), and when, on a
// way the attempt goes round for 429 or 503, it hands the response or its
// header to code that may read it:
//
//	if resp.StatusCode == http.StatusTooManyRequests {
//		time.Sleep(ratelimit.Delay(resp)) // another package's: it may read the header
//		continue
//	}
//
// A hand-off on the way out is not how the retry waits: the response goes
// to the caller or into an error, and the way round still waits its own
// delay.
//
//	if resp.StatusCode == http.StatusTooManyRequests {
//		time.Sleep(backoff(attempt)) // reported
//		continue
//	}
//	return resp, apiError(resp)      // on the way out
//
// On the way out it counts only when what is given the response names the
// header: a helper of the package whose body names it (two calls down), or
// one of another package whose PushbackFact says it computes a wait from
// it. On the way round a helper of the package is read through its body in
// the same way, and one it cannot read (another package's, an interface's,
// a function value) may read the header.

// pushbackDepth is how many calls down the package's helpers are read.
const pushbackDepth = 2

// readsPushback reports whether the retry may honour Retry-After.
func (c *checker) readsPushback(a *attempt) bool {
	if slices.ContainsFunc(a.walk(scenario{status: 429}).Paths, func(p engine.Path) bool {
		return p.End == engine.EndRound && p.Err.Kind == engine.Err
	}) {
		return true // backoff.RetryAfter(n)
	}
	fn := c.eng.Func(a.site.Func())
	if fn == nil {
		return true // not built: unknown stays unknown
	}
	funcs := withAnon(fn, nil)
	if op := a.region.Func(); !slices.Contains(funcs, op) {
		funcs = withAnon(op, funcs) // an operation given by name
	}
	if slices.ContainsFunc(funcs, helperNamesRetryAfter) && !c.pushbackPrinted(fn) {
		return true
	}
	if slices.ContainsFunc(funcs, readsKeptPushback) {
		return true
	}
	round := roundBlocks(a)
	for _, f := range funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if round[b] && c.mayHonour(call, pushbackDepth) ||
					!round[b] && handsResponse(call) && c.namesPushback(call, pushbackDepth) {
					return true
				}
			}
		}
	}
	return false
}

// readsKeptPushback reports whether a function of the retry reads what a
// typed error or a response of the package keeps of the server's wait,
// a field or method named like it, which the package filled from the
// header where the retry does not look:
//
//	var apiErr Error
//	if errors.As(err, &apiErr) && apiErr.RetryAfter != nil {
//		waitMin = *apiErr.RetryAfter
//	}
func readsKeptPushback(fn *ssa.Function) bool {
	named := func(name string) bool { return strings.Contains(strings.ToLower(name), "retryafter") }
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.FieldAddr:
				if f := fieldVar(in.X.Type(), in.Field); f != nil && named(f.Name()) {
					return true
				}
			case *ssa.Field:
				if f := fieldVar(in.X.Type(), in.Field); f != nil && named(f.Name()) {
					return true
				}
			case ssa.CallInstruction:
				if callee := engine.Callee(in); callee != nil && callee.Signature().Recv() != nil && named(callee.Name()) {
					return true
				}
			}
		}
	}
	return false
}

// fieldVar is field i of the struct t is or points to.
func fieldVar(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// roundBlocks returns the blocks of the ways the attempt goes round when
// the server answers 429 or 503 (for an operation, the ways that return
// an error).
func roundBlocks(a *attempt) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	for _, s := range catalog.RetryAfterStatuses() {
		for _, p := range a.walk(scenario{status: s}).Paths {
			if p.End == engine.EndRound || p.End == engine.EndError && p.Err.Kind != engine.Nil {
				for _, b := range p.Blocks {
					out[b] = true
				}
			}
		}
	}
	return out
}

// mayHonour reports whether a call on the way round may wait what the
// server asked: it hands the response or its header to code that is not
// the standard library's and is not a helper of the package read to say
// otherwise, or it is such a helper (a closure too) that names the header
// or makes such a call itself.
func (c *checker) mayHonour(call ssa.CallInstruction, depth int) bool {
	if h := c.helper(call); h != nil {
		if depth == 0 {
			return handsResponse(call) // read no deeper: it may
		}
		return slices.ContainsFunc(withAnon(h, nil), func(f *ssa.Function) bool {
			return helperNamesRetryAfter(f) || anyCall(f, func(in ssa.CallInstruction) bool { return c.mayHonour(in, depth-1) })
		})
	}
	if _, builtin := call.Common().Value.(*ssa.Builtin); builtin {
		return false // append(seen, resp)
	}
	fn := engine.Callee(call)
	if fn != nil && c.std(fn.Pkg()) {
		return false
	}
	return handsResponse(call) || fn != nil && c.res.ReadsRetryAfter(fn)
}

// namesPushback reports whether a call off the way round is given to
// code that names the Retry-After header: a helper of the package whose
// body, or a helper it calls (depth calls down), names it, or a function
// of another package with a PushbackFact.
func (c *checker) namesPushback(call ssa.CallInstruction, depth int) bool {
	h := c.helper(call)
	if h == nil {
		fn := engine.Callee(call)
		return fn != nil && !c.std(fn.Pkg()) && c.res.ReadsRetryAfter(fn)
	}
	return slices.ContainsFunc(withAnon(h, nil), func(f *ssa.Function) bool {
		return helperNamesRetryAfter(f) || depth > 0 && anyCall(f, func(in ssa.CallInstruction) bool { return c.namesPushback(in, depth-1) })
	})
}

// helper returns the function of the package, with a body, that a call
// runs: a function, a method, a closure it makes; nil for any other.
func (c *checker) helper(call ssa.CallInstruction) *ssa.Function {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || len(fn.Blocks) == 0 {
		return nil
	}
	return fn
}

// handsResponse reports whether a call is given an *http.Response or an
// http.Header.
func handsResponse(call ssa.CallInstruction) bool {
	return slices.ContainsFunc(call.Common().Args, func(v ssa.Value) bool {
		return isResponse(v.Type()) || analysisutil.Named(v.Type(), "net/http", "Header")
	})
}

// anyCall reports whether f holds for a call of fn.
func anyCall(fn *ssa.Function, f func(ssa.CallInstruction) bool) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if call, ok := in.(ssa.CallInstruction); ok && f(call) {
				return true
			}
		}
	}
	return false
}

// withAnon appends fn and the closures inside it, at any depth, to out.
func withAnon(fn *ssa.Function, out []*ssa.Function) []*ssa.Function {
	out = append(out, fn)
	for _, anon := range fn.AnonFuncs {
		out = withAnon(anon, out)
	}
	return out
}

// pushbackPrinted reports whether fn reads the Retry-After header only
// to print it: every call given the header's name (resp.Header.Get) has
// a result used for a message alone (engine.OnlyPrinted).
//
//	log.Printf("throttled, retry after %s", resp.Header.Get("Retry-After"))
//	time.Sleep(time.Second) // the server's answer is read, then ignored
func (c *checker) pushbackPrinted(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	reads := 0
	for _, f := range withAnon(fn, nil) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if !slices.ContainsFunc(in.Operands(nil), func(op *ssa.Value) bool {
					k, ok := (*op).(*ssa.Const)
					return ok && isRetryAfterName(k)
				}) {
					continue
				}
				call, ok := in.(*ssa.Call)
				if !ok || !engine.OnlyPrinted(call) {
					return false
				}
				reads++
			}
		}
	}
	return reads > 0
}
