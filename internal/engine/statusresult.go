package engine

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A helper of the package often hands its caller the status of the
// response it got, not the response:
//
//	func deliver(ctx context.Context, url string) (int, error) {
//		resp, err := client.Do(req)
//		if err != nil {
//			return 0, err
//		}
//		defer resp.Body.Close()
//		return resp.StatusCode, nil
//	}
//	status, err := deliver(ctx, url)
//	if err == nil && status < 300 { return nil } // success leaves
//
// Its int result is the status an outcome has: any 2xx on success, the
// scenario's status on a soft failure, unknown on an error.

// statusResult reports whether result idx of fn, a function of the
// package, is a response's status: an integer that every return gives
// as a constant or as the status of a response (a StatusCode field, a
// catalogued status method), at least one of them the latter.
func (p *Program) statusResult(fn *ssa.Function, idx int) bool {
	if !p.own(fn) || idx < 0 || idx >= fn.Signature.Results().Len() || !isInt(fn.Signature.Results().At(idx).Type()) {
		return false
	}
	return memo(&p.mu, p.statusRes, statusKey{fn, idx}, p.readStatusResult)
}

// statusKey is a result of a function.
type statusKey struct {
	fn  *ssa.Function
	idx int
}

// readStatusResult is statusResult, worked out.
func (p *Program) readStatusResult(k statusKey) bool {
	fn, idx := k.fn, k.idx
	var vals []ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) || b == fn.Recover {
			continue
		}
		vals = append(vals, resultStored(b, Strip(ret.Results[idx])))
	}
	return p.statuses(vals)
}

// statuses reports values each a constant or the status of a response,
// one at least the latter.
func (p *Program) statuses(vals []ssa.Value) bool {
	seen := false
	for _, v := range vals {
		switch {
		case isIntConst(v):
		case p.statusRead(v):
			seen = true
		default:
			return false
		}
	}
	return seen
}

// statusRead reports whether v is the status of a response: resp.StatusCode,
// resp.StatusCode() of a catalogued client.
func (p *Program) statusRead(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if x.Op != token.MUL || !ok || !hasStatusField(fa.X.Type()) && !catalog.StatusResponse(fa.X.Type()) {
			return false
		}
		f := fieldOf(fa)
		n, st := structOf(fa.X.Type())
		return f != nil && p.isStatusField(n, st, f)
	case *ssa.Call:
		fn := Callee(x)
		return fn != nil && catalog.LookupStatusMethod(fn) == catalog.StatusCode
	}
	return false
}

// ReportsStatus reports whether a result of the call is the status of a
// response its callee, a function of the package, got: the call reports
// a soft failure, as one returning the response does.
func (p *Program) ReportsStatus(c ssa.CallInstruction) bool {
	for i := range c.Common().Signature().Results().Len() {
		if p.callStatusResult(c, i) {
			return true
		}
	}
	return false
}

// callStatusResult reports whether result idx of a call is a response's
// status (statusResult): of its static callee, or of every method an
// interface method call can run where the package shows each dynamic
// type of the receiver (Methods), the requester a client holds in an
// unexported field its constructor fills:
//
//	type HTTPRequester interface {
//		Request(ctx context.Context, method, path string) (int, error)
//	}
//	api.http = &HTTPClient{client: hc} // (*HTTPClient).Request returns resp.StatusCode
//	code, err = api.http.Request(ctx, method, path)
//
// A receiver of a type the package does not show leaves it unknown.
func (p *Program) callStatusResult(c ssa.CallInstruction, idx int) bool {
	fns := p.statusCallees(c)
	for _, fn := range fns {
		if !p.statusResult(fn, idx) {
			return false
		}
	}
	return len(fns) > 0
}

// statusCallees are the functions a call runs: its static callee, or
// the methods the package shows an interface method call runs.
func (p *Program) statusCallees(c ssa.CallInstruction) []*ssa.Function {
	if !c.Common().IsInvoke() {
		if fn := c.Common().StaticCallee(); fn != nil {
			return []*ssa.Function{fn}
		}
		return nil
	}
	methods, ok := p.Methods(c)
	if !ok {
		return nil
	}
	var fns []*ssa.Function
	for _, m := range methods {
		fns = append(fns, p.ssa.Prog.FuncValue(m))
	}
	return fns
}

// statusBesideError reports whether every function the call runs gives
// result idx as a response's status beside an error on some return
// (return resp.StatusCode, APIErrorFrom(resp)): the error it fails with
// comes with the status of the response it was made from. A helper that
// answers every error with a constant (return 0, &APIError{...}) does not.
func (p *Program) statusBesideError(c ssa.CallInstruction, idx int) bool {
	fns := p.statusCallees(c)
	for _, fn := range fns {
		vals, _ := failingResults(fn, idx)
		if !slices.ContainsFunc(vals, p.statusRead) {
			return false
		}
	}
	return len(fns) > 0
}

// failingResults returns result idx of fn on each return whose error
// (its last result of type error) is not a nil constant, and whether fn
// has an error result at all.
func failingResults(fn *ssa.Function, idx int) ([]ssa.Value, bool) {
	errIdx := -1
	res := fn.Signature.Results()
	for i := range res.Len() {
		if isErrorType(res.At(i).Type()) {
			errIdx = i
		}
	}
	if errIdx < 0 {
		return nil, false
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) || b == fn.Recover {
			continue
		}
		if e, ok := Strip(resultStored(b, Strip(ret.Results[errIdx]))).(*ssa.Const); ok && e.IsNil() {
			continue // a success
		}
		out = append(out, resultStored(b, Strip(ret.Results[idx])))
	}
	return out, true
}

// A helper that fails gives its status result as the same constant on
// every return with an error, the status it never got:
//
//	resp, err := client.Do(req)
//	if err != nil {
//		return 0, nil, err
//	}
//	...
//	return resp.StatusCode, body, nil
//
// On a failure the status is that constant, not unknown: a loop that asks
// status == http.StatusUnauthorized after the call (to log in again) is
// not told "maybe" when the call failed with the caller's context.

// statusOnError returns the constant every function the call runs gives
// as result idx on each return whose error is not a nil constant, when
// they all give the same one.
func (p *Program) statusOnError(c ssa.CallInstruction, idx int) (int64, bool) {
	fns := p.statusCallees(c)
	var n int64
	seen := false
	for _, fn := range fns {
		vals, ok := failingResults(fn, idx)
		if !ok {
			return 0, false
		}
		for _, v := range vals {
			if !isIntConst(v) || seen && intConst(v) != n {
				return 0, false
			}
			n, seen = intConst(v), true
		}
	}
	return n, seen
}

// statusOutcome is the status an outcome gives such a result. A failure
// with an error that carries the status of a response (a typed error
// read with errors.As, ErrStatus), from a helper that returns the status
// beside such an error (beside, statusBesideError), got it from the
// response whose status the result is: both say the same status, so a loop that tests the
// int and reads the error on the way is not told two stories.
//
//	code, err = api.http.Request(ctx, method, path) // return resp.StatusCode, APIErrorFrom(resp)
//	if code == http.StatusTooManyRequests { errors.As(err, &apiErr) ... }
func statusOutcome(o Outcome, beside bool) Val {
	switch {
	case o.Fails && o.Class == ErrStatus && o.Code > 0 && beside:
		return Val{Kind: Int, N: o.Code, Exact: true, Related: true}
	case o.Fails, o.Status < 0:
		return unknown(true)
	case o.Status == 0:
		return Val{Kind: Int, Status: true, Success: true}
	}
	return Val{Kind: Int, N: int64(o.Status), Exact: true, Related: true}
}

// resultStored returns what a return gives when a deferred call made the
// builder keep the result in a local: the value stored there last in the
// block (*t0 = resp.StatusCode; rundefers; return *t0).
func resultStored(b *ssa.BasicBlock, v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	if _, ok := load.X.(*ssa.Alloc); !ok {
		return v
	}
	var last ssa.Value
	for _, in := range b.Instrs {
		if in == ssa.Instruction(load) {
			break
		}
		if st, ok := in.(*ssa.Store); ok && st.Addr == load.X {
			last = st.Val
		}
	}
	if last == nil {
		return v
	}
	return Strip(last)
}
