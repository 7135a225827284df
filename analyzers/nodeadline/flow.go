package nodeadline

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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

// def is one assignment to a local variable: its right-hand side and,
// for v1, v2 := f(), the index of the result it receives.
type def struct {
	rhs ast.Expr // nil: defined by something the analyzer does not follow (range, zero value)
	idx int
	// other is, for a tuple assignment, the variable receiving the other
	// result (the cancel func of ctx, cancel := context.WithCancel(p)).
	other *types.Var
}

// index records, for each local variable of the package, what the flow
// queries need: its assignments, the fields assigned on it, whether its
// address is taken or it is handed to other code, and how often it is used.
type index struct {
	info      *types.Info
	defs      map[*types.Var][]def
	fieldSets map[*types.Var][]string
	addr      map[*types.Var]bool // &v: may change behind the analyzer's back
	handed    map[*types.Var]bool // v passed to a call or copied: may be configured elsewhere
	uses      map[*types.Var]int
}

func newIndex(info *types.Info, files []*ast.File) *index {
	x := &index{info: info, defs: map[*types.Var][]def{}, fieldSets: map[*types.Var][]string{},
		addr: map[*types.Var]bool{}, handed: map[*types.Var]bool{}, uses: map[*types.Var]int{}}
	for _, f := range files {
		ast.Inspect(f, x.visit)
	}
	return x
}

func (x *index) local(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

func (x *index) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if v := x.local(l); v != nil {
				switch {
				case len(n.Rhs) == len(n.Lhs):
					x.defs[v] = append(x.defs[v], def{rhs: n.Rhs[i]})
				case len(n.Rhs) == 1:
					d := def{rhs: n.Rhs[0], idx: i}
					if len(n.Lhs) == 2 {
						d.other = x.local(n.Lhs[1-i])
					}
					x.defs[v] = append(x.defs[v], d)
				}
				continue
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
				if v := x.local(sel.X); v != nil {
					x.fieldSets[v] = append(x.fieldSets[v], sel.Sel.Name)
				}
			}
		}
		for _, r := range n.Rhs {
			if v := x.local(r); v != nil {
				x.handed[v] = true
			}
		}
	case *ast.ValueSpec:
		for i, id := range n.Names {
			v, _ := x.info.Defs[id].(*types.Var)
			if v == nil {
				continue
			}
			switch {
			case len(n.Values) == len(n.Names):
				x.defs[v] = append(x.defs[v], def{rhs: n.Values[i]})
			case len(n.Values) == 1:
				x.defs[v] = append(x.defs[v], def{rhs: n.Values[0], idx: i})
			default:
				x.defs[v] = append(x.defs[v], def{}) // zero value
			}
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if v := x.local(e); v != nil {
				x.defs[v] = append(x.defs[v], def{idx: -1})
			}
		}
	case *ast.UnaryExpr:
		if v := x.local(n.X); v != nil && n.Op == token.AND {
			x.addr[v] = true
		}
	case *ast.CallExpr:
		for _, a := range n.Args {
			if v := x.local(a); v != nil {
				x.handed[v] = true
			}
		}
	case *ast.Ident:
		if v, ok := x.info.Uses[n].(*types.Var); ok {
			x.uses[v]++
		}
	}
	return true
}

// flow evaluates expressions inside one top-level function, whose
// context parameters count as kind param.
type flow struct {
	x    *index
	sig  *types.Signature // the top-level function's, or nil
	busy map[*types.Var]bool
}

func (x *index) flow(sig *types.Signature) *flow {
	return &flow{x: x, sig: sig, busy: map[*types.Var]bool{}}
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
func (f *flow) ctx(e ast.Expr) state {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return f.ctxCall(e, 0, nil)
	case *ast.Ident:
		if v := f.x.local(e); v != nil {
			return f.variable(v, f.ctxCall)
		}
	}
	return state{}
}

// variable joins the states of v's assignments, evaluating each call
// with eval.
func (f *flow) variable(v *types.Var, eval func(*ast.CallExpr, int, *types.Var) state) state {
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
	defs := f.x.defs[v]
	if (len(defs) == 0 && s.kind == neutral) || f.x.addr[v] {
		return state{}
	}
	f.busy[v] = true
	defer delete(f.busy, v)
	for _, d := range defs {
		var ds state
		switch r := ast.Unparen(d.rhs).(type) {
		case *ast.CallExpr:
			ds = eval(r, d.idx, d.other)
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
func (f *flow) ctxCall(call *ast.CallExpr, idx int, other *types.Var) state {
	if idx != 0 {
		return state{}
	}
	fn := analysisutil.Callee(f.x.info, call)
	switch catalog.ContextEffect(fn) {
	case catalog.CtxRoot, catalog.CtxDrop:
		return state{kind: noDeadline, origin: call}
	case catalog.CtxInherit:
		if len(call.Args) == 0 {
			return state{}
		}
		s := f.ctx(call.Args[0])
		if other != nil && f.x.uses[other] > 0 {
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
	return state{}
}

// request returns the state of the context an *http.Request carries.
func (f *flow) request(e ast.Expr) state {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return f.requestCall(e, 0, nil)
	case *ast.Ident:
		if v := f.x.local(e); v != nil {
			return f.variable(v, f.requestCall)
		}
	}
	return state{}
}

func (f *flow) requestCall(call *ast.CallExpr, idx int, _ *types.Var) state {
	if idx != 0 {
		return state{}
	}
	fn := analysisutil.Callee(f.x.info, call)
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
	}
	return state{}
}

// noTimeout reports whether an *http.Client or net.Dialer expression is
// visibly made without a timeout, and where: http.DefaultClient, a
// literal without Timeout (Deadline), new(T), a go-cleanhttp client, or a
// local variable only ever assigned those and never configured or handed
// to other code.
func (f *flow) noTimeout(e ast.Expr, fields ...string) (ast.Node, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if v, ok := f.x.info.Uses[e.Sel].(*types.Var); ok && analysisutil.PkgPath(v) == catalog.HTTPDefaultClient.Pkg && v.Name() == catalog.HTTPDefaultClient.Name {
			return e, true
		}
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
			if _, ok := f.x.info.Uses[id].(*types.Builtin); ok {
				return e, true
			}
		}
		if fn := analysisutil.Callee(f.x.info, e); fn != nil && catalog.TimeoutFreeClient(fn) {
			return e, true
		}
	case *ast.Ident:
		v := f.x.local(e)
		if v == nil || f.x.addr[v] || f.x.handed[v] || f.busy[v] {
			return nil, false
		}
		for _, set := range f.x.fieldSets[v] {
			if contains(fields, set) {
				return nil, false
			}
		}
		defs := f.x.defs[v]
		if len(defs) != 1 {
			return nil, false
		}
		if defs[0].rhs == nil { // var d net.Dialer
			if _, isPtr := v.Type().(*types.Pointer); !isPtr && defs[0].idx == 0 {
				return e, true
			}
			return nil, false
		}
		if defs[0].idx != 0 {
			return nil, false
		}
		f.busy[v] = true
		defer delete(f.busy, v)
		return f.noTimeout(defs[0].rhs, fields...)
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
