package nodeadline

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/flow"
)

// Where a context comes from, followed on syntax through local variables:
//
//	ctx := context.WithValue(context.Background(), k, v)  // no deadline
//	ctx, cancel := context.WithCancel(ctx)                // still none
//	ctx, cancel = context.WithTimeout(ctx, time.Second)   // now one
//
// A variable assigned more than once has a deadline-less state only when
// every assignment gives one; anything the analyzer cannot see (a field,
// a function result, a parameter of a function literal) is unknown, and
// unknown is never reported.

type kind uint8

const (
	unknown    kind = iota
	noDeadline      // made from Background/TODO/WithoutCancel/NewRequest, no deadline added
	param           // a context parameter of the function being summarized, no deadline added
	neutral         // a cycle through the variable being evaluated
)

// state is what the analyzer knows about a context value.
type state struct {
	kind kind
	// origin is the call that made the deadline-less context:
	// context.Background(), context.WithoutCancel(ctx), http.NewRequest(...).
	origin *ast.CallExpr
	// param is the parameter index, for kind param.
	param int
	// cancelled: a WithCancel on the way has a cancel func that is used.
	cancelled bool
}

// tracer evaluates expressions inside one top-level function, whose
// context parameters count as kind param.
type tracer struct {
	x    *flow.Index
	sig  *types.Signature // the top-level function's, or nil
	busy map[*types.Var]bool
	// bind holds, while a helper's results are read, the states of the
	// arguments its context and request parameters receive (helpers.go).
	bind    map[*types.Var]state
	helpers map[*types.Func]bool // helpers being read: recursion
	// imp returns the ResultFact of a function of another package.
	imp func(*types.Func) *ResultFact
}

func newTracer(x *flow.Index, sig *types.Signature) *tracer {
	return &tracer{x: x, sig: sig, busy: map[*types.Var]bool{}, bind: map[*types.Var]state{}, helpers: map[*types.Func]bool{}}
}

// join combines the states of a variable's assignments.
func join(a, b state) state {
	switch {
	case a.kind == neutral:
		b.cancelled = b.cancelled || a.cancelled
		return b
	case b.kind == neutral:
		a.cancelled = a.cancelled || b.cancelled
		return a
	case a.kind == noDeadline && b.kind == noDeadline,
		a.kind == param && b.kind == param && a.param == b.param:
		// ctx, cancel := context.WithCancel(ctx): a stream opened with
		// it is cancelled, whichever assignment reaches it.
		a.cancelled = a.cancelled || b.cancelled
		return a
	}
	return state{}
}

// ctx returns the state of a context expression.
func (f *tracer) ctx(e ast.Expr) state {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return f.ctxCall(e, 0, nil)
	case *ast.Ident:
		if v := f.x.Local(e); v != nil {
			return f.variable(v, f.ctxCall)
		}
	case *ast.SelectorExpr:
		return f.field(e, f.ctx)
	}
	return state{}
}

// variable joins the states of v's assignments, evaluating each call
// with eval.
func (f *tracer) variable(v *types.Var, eval func(*ast.CallExpr, int, *types.Var) state) state {
	if f.busy[v] {
		return state{kind: neutral}
	}
	// A parameter of the function being summarized is one more
	// assignment: ctx, cancel := context.WithTimeout(ctx, d) reassigns it.
	s := state{kind: neutral}
	if f.sig != nil {
		for i := range f.sig.Params().Len() {
			if f.sig.Params().At(i) == v {
				s = state{kind: param, param: i}
			}
		}
	}
	if b, ok := f.bind[v]; ok {
		s = b
	} else if s.kind == neutral && v.Kind() != types.LocalVar && v.Kind() != types.ResultVar {
		// A parameter of another function (a constructor writing a
		// field, a function literal): its callers' values are unseen.
		return state{}
	}
	if s.kind == unknown {
		return s
	}
	defs := f.x.Defs(v)
	if (len(defs) == 0 && s.kind == neutral) || f.x.AddrTaken(v) {
		return state{}
	}
	f.busy[v] = true
	defer delete(f.busy, v)
	for _, d := range defs {
		var ds state
		switch r := ast.Unparen(d.RHS).(type) {
		case *ast.CallExpr:
			ds = eval(r, d.Result, d.Other)
		case *ast.Ident:
			ds = f.ctx(r)
		}
		if s = join(s, ds); s.kind == unknown {
			return s
		}
	}
	if s.kind == neutral {
		return state{}
	}
	return s
}

// ctxCall evaluates a call producing a context, as result idx; other is
// the variable receiving the call's other result (a cancel func).
func (f *tracer) ctxCall(call *ast.CallExpr, idx int, other *types.Var) state {
	if idx != 0 {
		return state{}
	}
	fn := analysisutil.Callee(f.x.Info(), call)
	switch catalog.ContextEffect(fn) {
	case catalog.CtxRoot, catalog.CtxDrop:
		return state{kind: noDeadline, origin: call}
	case catalog.CtxInherit:
		if len(call.Args) == 0 {
			return state{}
		}
		s := f.ctx(call.Args[0])
		if other != nil && f.x.Uses(other) > 0 {
			s.cancelled = true // ctx, cancel := context.WithCancel(p); ... cancel()
		}
		return s
	case catalog.CtxDeadline:
		return state{}
	}
	// req.Context() of a request made here: http.NewRequest(...).Context().
	if fn != nil && fn.Name() == "Context" && analysisutil.RecvName(fn) == "Request" && analysisutil.PkgPath(fn) == "net/http" {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return f.request(sel.X)
		}
	}
	return f.helper(call, fn, idx, f.ctx, f.ctxCall)
}

// request returns the state of the context an *http.Request carries.
func (f *tracer) request(e ast.Expr) state {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return f.requestCall(e, 0, nil)
	case *ast.Ident:
		if v := f.x.Local(e); v != nil {
			return f.variable(v, f.requestCall)
		}
	case *ast.SelectorExpr:
		return f.field(e, f.request)
	}
	return state{}
}

func (f *tracer) requestCall(call *ast.CallExpr, idx int, _ *types.Var) state {
	if idx != 0 {
		return state{}
	}
	fn := analysisutil.Callee(f.x.Info(), call)
	if fn == nil {
		return state{}
	}
	switch catalog.SymbolOf(fn) {
	case catalog.HTTPNewRequest:
		return state{kind: noDeadline, origin: call}
	case catalog.HTTPNewRequestCtx, catalog.HTTPRequestWithCtx, catalog.HTTPRequestClone:
		if len(call.Args) > 0 {
			return f.ctx(call.Args[0])
		}
		return state{}
	}
	return f.helper(call, fn, idx, f.request, f.requestCall)
}

// noTimeout reports whether an *http.Client or net.Dialer expression is
// visibly made without a timeout, and where: http.DefaultClient, a
// literal without Timeout (Deadline), new(T), a go-cleanhttp client, or a
// local variable only ever assigned those and never configured or handed
// to other code.
func (f *tracer) noTimeout(e ast.Expr, fields ...string) (ast.Node, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if v, ok := f.x.Info().Uses[e.Sel].(*types.Var); ok && analysisutil.PkgPath(v) == catalog.HTTPDefaultClient.Pkg && v.Name() == catalog.HTTPDefaultClient.Name {
			return e, true
		}
		return f.fieldNoTimeout(e, fields)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return f.noTimeout(e.X, fields...)
		}
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return nil, false // positional: every field set
			}
			if id, ok := kv.Key.(*ast.Ident); ok && contains(fields, id.Name) {
				return nil, false
			}
		}
		return e, true
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && id.Name == "new" {
			if _, ok := f.x.Info().Uses[id].(*types.Builtin); ok {
				return e, true
			}
		}
		fn := analysisutil.Callee(f.x.Info(), e)
		if fn != nil && catalog.TimeoutFreeClient(fn) {
			return e, true
		}
		return f.helperNoTimeout(e, fn, fields)
	case *ast.Ident:
		v := f.x.Local(e)
		if v == nil || v.Kind() != types.LocalVar || f.x.AddrTaken(v) || f.x.Handed(v) || f.busy[v] {
			return nil, false // a parameter holds its callers' values too
		}
		for _, set := range f.x.FieldSets(v) {
			if contains(fields, set) {
				return nil, false
			}
		}
		defs := f.x.Defs(v)
		if len(defs) != 1 {
			return nil, false
		}
		if defs[0].RHS == nil { // var d net.Dialer
			if _, isPtr := v.Type().(*types.Pointer); !isPtr && defs[0].Result == 0 {
				return e, true
			}
			return nil, false
		}
		if defs[0].Value() == nil {
			return nil, false
		}
		f.busy[v] = true
		defer delete(f.busy, v)
		return f.noTimeout(defs[0].RHS, fields...)
	}
	return nil, false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
