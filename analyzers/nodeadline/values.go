package nodeadline

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Values held in struct fields and made by helper functions of the
// package, read as if written in place:
//
//	type store struct {
//		ctx  context.Context
//		http *http.Client
//	}
//	func newStore() *store {
//		ctx, _ := context.WithCancel(context.Background())
//		return &store{ctx: ctx, http: &http.Client{}} // no deadline, no Timeout
//	}
//	func (s *store) get(u string) {
//		req := newRequest(s.ctx, u)                 // the helper's NewRequestWithContext(ctx, ...)
//		s.http.Do(req)                              // reported
//	}
//
// A field is followed only when every write to it is visible: an
// unexported field of this package whose address is never taken
// (flow.FieldComplete). Exported fields may be set by importers and stay
// unknown. A client field is also unknown when its value is handed to
// other code (configure(s.http), return s.http) or when a Timeout is
// assigned through it (s.http.Timeout = d). Writes of nil are skipped:
// a nil client or context is a crash, not a hang.

// field joins the states of the values written to the field e selects,
// each evaluated with eval.
func (f *tracer) field(e *ast.SelectorExpr, eval func(ast.Expr) state) state {
	fv := f.x.FieldOf(e)
	if fv == nil || !f.x.FieldComplete(fv) {
		return state{}
	}
	if f.busy[fv] {
		return state{kind: neutral}
	}
	f.busy[fv] = true
	defer delete(f.busy, fv)
	s := state{kind: neutral}
	for _, w := range f.x.FieldWrites(fv) {
		if isNil(f.x.Info(), w) {
			continue
		}
		if s = join(s, eval(w)); s.kind == unknown {
			return s
		}
	}
	if s.kind == neutral {
		return state{}
	}
	return s
}

// fieldNoTimeout is noTimeout for a client or dialer kept in a field:
// every value written to it is made without a timeout, and nothing
// configures it later.
func (f *tracer) fieldNoTimeout(e *ast.SelectorExpr, fields []string) (ast.Node, bool) {
	fv := f.x.FieldOf(e)
	if fv == nil || !f.x.FieldComplete(fv) || f.x.FieldHanded(fv) || f.busy[fv] {
		return nil, false
	}
	for _, set := range f.x.FieldSetsOn(fv) {
		if contains(fields, set) {
			return nil, false
		}
	}
	f.busy[fv] = true
	defer delete(f.busy, fv)
	return f.allNoTimeout(f.x.FieldWrites(fv), fields)
}

// allNoTimeout reports whether every non-nil value of es is made
// without a timeout, and where the first one is.
func (f *tracer) allNoTimeout(es []ast.Expr, fields []string) (ast.Node, bool) {
	var first ast.Node
	for _, e := range es {
		if isNil(f.x.Info(), e) {
			continue
		}
		n, ok := f.noTimeout(e, fields...)
		if !ok {
			return nil, false
		}
		if first == nil {
			first = n
		}
	}
	return first, first != nil
}

// helper reads the result idx of a call of a function of this package
// as if its return statements were written in place. The helper's
// context and request parameters take the states of the call's
// arguments:
//
//	func newRequest(ctx context.Context, u string) (*http.Request, error) {
//		req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
//		if err != nil {
//			return nil, err                         // skipped: nil
//		}
//		return req, nil
//	}
//	req, err := newRequest(context.Background(), u) // no deadline
func (f *tracer) helper(call *ast.CallExpr, fn *types.Func, idx int, eval func(ast.Expr) state, evalCall func(*ast.CallExpr, int, *types.Var) state) state {
	if f.helpers[fn] {
		return state{kind: neutral} // recursion: its returns are being joined
	}
	if fn == nil || len(f.helpers) >= analysisutil.MaxHops || isMethodExpr(f.x.Info(), call) {
		return state{}
	}
	if rf := f.importResult(fn); rf != nil {
		// A function of another package, read through its ResultFact.
		switch {
		case idx != 0:
			return state{}
		case rf.Param < 0:
			return state{kind: noDeadline, origin: call}
		case rf.Param < len(call.Args) && rf.Param < fn.Type().(*types.Signature).Params().Len():
			t := fn.Type().(*types.Signature).Params().At(rf.Param).Type()
			if catalog.IsContext(t) {
				return f.ctx(call.Args[rf.Param])
			} else if isRequest(t) {
				return f.request(call.Args[rf.Param])
			}
		}
		return state{}
	}
	if _, ok := f.x.ReturnValues(fn, idx); !ok {
		return state{} // another package, or returns the index cannot see
	}
	sig := fn.Type().(*types.Signature)
	type saved struct {
		v   *types.Var
		s   state
		had bool
	}
	var restore []saved
	for i := range sig.Params().Len() {
		if i >= len(call.Args) || (sig.Variadic() && i == sig.Params().Len()-1) {
			break
		}
		p := sig.Params().At(i)
		var s state
		switch {
		case catalog.IsContext(p.Type()):
			s = f.ctx(call.Args[i])
		case isRequest(p.Type()):
			s = f.request(call.Args[i])
		default:
			continue
		}
		old, had := f.bind[p]
		restore = append(restore, saved{p, old, had})
		f.bind[p] = s
	}
	defer func() {
		for _, r := range restore {
			if r.had {
				f.bind[r.v] = r.s
			} else {
				delete(f.bind, r.v)
			}
		}
	}()
	return f.returns(fn, idx, eval, evalCall)
}

// returns joins the states of the values fn returns as result idx.
func (f *tracer) returns(fn *types.Func, idx int, eval func(ast.Expr) state, evalCall func(*ast.CallExpr, int, *types.Var) state) state {
	rs, ok := f.x.ReturnValues(fn, idx)
	if !ok || len(rs) == 0 {
		return state{}
	}
	f.helpers[fn] = true
	defer delete(f.helpers, fn)
	s := state{kind: neutral}
	for _, r := range rs {
		var rs state
		switch {
		case r.Call != nil:
			rs = evalCall(r.Call, r.Result, nil) // return http.NewRequestWithContext(ctx, ...)
		case isNil(f.x.Info(), r.Value):
			continue
		default:
			rs = eval(r.Value)
		}
		if s = join(s, rs); s.kind == unknown {
			return s
		}
	}
	if s.kind == neutral {
		return state{}
	}
	return s
}

// helperNoTimeout is noTimeout for a client or dialer returned by a
// function of this package: every non-nil value it returns is made
// without a timeout (func newClient() *http.Client { return &http.Client{} }).
func (f *tracer) helperNoTimeout(call *ast.CallExpr, fn *types.Func, fields []string) (ast.Node, bool) {
	if fn == nil || f.helpers[fn] || len(f.helpers) >= analysisutil.MaxHops {
		return nil, false
	}
	rs, ok := f.x.Returns(fn, 0)
	if !ok {
		return nil, false
	}
	f.helpers[fn] = true
	defer delete(f.helpers, fn)
	return f.allNoTimeout(rs, fields)
}

func (f *tracer) importResult(fn *types.Func) *ResultFact {
	if f.imp == nil {
		return nil
	}
	return f.imp(fn)
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// isRequest reports *http.Request.
func isRequest(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Name() == "Request" && analysisutil.PkgPath(n.Obj()) == "net/http"
}
