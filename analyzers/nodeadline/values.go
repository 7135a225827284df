package nodeadline

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Where a context comes from, asked of the engine: the values it is made
// of (engine.SourcesIn: through variables, phis, closures, fields whose
// every write is visible, and the package's helpers with their parameters
// bound to the call's arguments), each judged by the catalog:
//
//	ctx := context.WithValue(context.Background(), k, v)  // no deadline
//	ctx, cancel := context.WithCancel(ctx)                // still none
//	ctx, cancel = context.WithTimeout(ctx, time.Second)   // now one
//
// A value made in several ways (a phi, a field written twice) has no
// deadline only when none of the ways gives it one; anything the engine
// cannot see (a parameter of a function literal, an exported field, a
// call of another package without a ResultFact) is unknown, and unknown
// is never reported. A nil is no way: a nil context is a crash, not a
// hang.

type kind uint8

const (
	unknown    kind = iota
	noDeadline      // made from Background/TODO/WithoutCancel/NewRequest, no deadline added
	param           // a context parameter of the function being summarized, no deadline added
	neutral         // a nil, or a cycle through the value being judged
	// bounded: every way the value is made adds a deadline
	// (context.WithTimeout, WithDeadline), here or in a helper of the
	// package. Nothing is reported on it; a wrapper of a gRPC client
	// whose calls all get one bounds them (wrapper.go).
	bounded
)

// state is what the analyzer knows about a context value.
type state struct {
	kind kind
	// origin is the call that made the deadline-less context:
	// context.Background(), context.WithoutCancel(ctx), http.NewRequest(...);
	// originFn its callee.
	origin   *ast.CallExpr
	originFn *types.Func
	// param is the parameter index, for kind param.
	param int
	// cancelled: a WithCancel on the way has a cancel func that is used.
	cancelled bool
}

// join combines the states of the ways a value is made.
func join(a, b state) state {
	switch {
	case a.kind == neutral:
		b.cancelled = b.cancelled || a.cancelled
		return b
	case b.kind == neutral:
		a.cancelled = a.cancelled || b.cancelled
		return a
	case a.kind == noDeadline && b.kind == noDeadline, a.kind == bounded && b.kind == bounded,
		a.kind == param && b.kind == param && a.param == b.param:
		// ctx, cancel := context.WithCancel(ctx): a stream opened with
		// it is cancelled, whichever way reaches it.
		a.cancelled = a.cancelled || b.cancelled
		return a
	}
	return state{}
}

// tracer judges values of one declared function, whose context and
// request parameters count as kind param.
type tracer struct {
	p   *engine.Program
	top *ssa.Function
	// imp returns the ResultFact of a function of another package.
	imp func(*types.Func) *ResultFact
	// param judges a client parameter by the clients its callers pass
	// (clientparam.go); nil: unknown.
	param func(*ssa.Parameter, []string) ([]ast.Node, bool)
	// results returns what the calls of a function of the package take
	// its result as, when every call is in sight (accessor.go); nil:
	// unknown.
	results func(*ssa.Function) ([]ssa.Value, bool)
	busy    map[busyKey]bool    // the sources being judged: a cycle adds nothing
	memo    map[ssa.Value]state // states read at the top, outside any cycle
	// steps counts the sources judged for one question at the top.
	steps int
	// exported: inside a retry attempt, clients kept in the package's
	// exported fields are judged by its writes (exported.go); non-nil
	// then, it holds the fields being judged.
	exported map[*types.Var]bool
	// handing counts the helpers read inside one another for the
	// context parameter of a function literal (handed.go); hands
	// returns the HandsFact of a function of another package.
	handing int
	hands   func(*types.Func) *HandsFact
	// kept: the stores that put a client in the field of a receiver
	// the caller builds (fieldclient.go). They do not hand the client
	// away: what is done to the field afterwards is touched's to judge.
	// One map for the package's tracers: a caller's tracer judges the
	// client it passes to the function building the receiver.
	kept map[*ssa.Store]bool
}

type busyKey struct {
	v  ssa.Value
	in engine.FrameKey
}

// maxBusy bounds the sources judged inside one another, maxSteps those
// judged for one question: past them the context is unknown.
const (
	maxBusy  = 64
	maxSteps = 4096
)

func newTracer(p *engine.Program, top *ssa.Function, imp func(*types.Func) *ResultFact) *tracer {
	return &tracer{p: p, top: top, imp: imp, busy: map[busyKey]bool{}, memo: map[ssa.Value]state{}}
}

// ctx returns the state of a context or request value read in frame in.
func (t *tracer) ctx(v ssa.Value, in *engine.Frame) state {
	if v == nil {
		return state{}
	}
	memo := in == nil && len(t.busy) == 0
	if memo {
		if s, ok := t.memo[v]; ok {
			return s
		}
		t.steps = 0
	}
	s := state{kind: neutral}
	for _, src := range t.p.SourcesIn(v, in) {
		if s = join(s, t.source(src)); s.kind == unknown {
			break
		}
	}
	if s.kind == neutral {
		s = state{}
	}
	if memo {
		t.memo[v] = s
	}
	return s
}

// source judges one value a context or request is made of.
func (t *tracer) source(src engine.Source) state {
	k := busyKey{src.Value, src.In.Key()}
	if t.busy[k] {
		return state{kind: neutral}
	}
	if t.steps++; len(t.busy) >= maxBusy || t.steps > maxSteps {
		return state{}
	}
	t.busy[k] = true
	defer delete(t.busy, k)
	switch v := src.Value.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return state{kind: neutral}
		}
	case *ssa.Parameter:
		if i := engine.ParamIndex(v); src.In == nil && v.Parent() == t.top && i >= 0 && carrier(v.Type()) {
			return state{kind: param, param: i}
		}
		if src.In == nil && v.Parent() != t.top && v.Parent().Parent() != nil && catalog.IsContext(v.Type()) {
			return t.handed(v) // withRetries(ctx, 3, func(ctx context.Context) error { ... })
		}
	case *ssa.Call:
		return t.made(v, 0, src.In)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return t.made(c, v.Index, src.In)
		}
	}
	return state{}
}

// made judges result idx of a call that makes a context or a request.
func (t *tracer) made(c *ssa.Call, idx int, in *engine.Frame) state {
	fn := engine.Callee(c)
	if fn == nil {
		return state{}
	}
	root := state{kind: noDeadline, origin: t.p.CallExpr(c), originFn: fn}
	if rf := t.imp(fn); rf != nil {
		// A function of another package, read through its ResultFact.
		sig := fn.Type().(*types.Signature)
		switch {
		case idx != rf.Result:
		case rf.Param < 0:
			return root
		case rf.Param < sig.Params().Len() && carrier(sig.Params().At(rf.Param).Type()):
			return t.ctx(engine.Arg(c, rf.Param), in)
		}
		return state{}
	}
	if idx != catalog.ContextResult(fn) {
		return state{}
	}
	switch e := catalog.ContextEffect(fn); e {
	case catalog.CtxRoot, catalog.CtxDrop:
		return root
	case catalog.CtxInherit, catalog.CtxValue:
		s := t.ctx(engine.Arg(c, 0), in)
		if e == catalog.CtxInherit && (idx == 1 || engine.Used(c, 1)) {
			// ctx, cancel := context.WithCancel(p); ... cancel(). The
			// second result of trace.NewTask (CtxValue) is a task; the
			// context errgroup.WithContext returns second is cancelled
			// when the group's Wait returns.
			s.cancelled = true
		}
		return s
	case catalog.CtxDeadline:
		return state{kind: bounded}
	}
	switch catalog.SymbolOf(fn) {
	case catalog.HTTPNewRequest:
		return root
	case catalog.HTTPNewRequestCtx, catalog.HTTPRequestWithCtx, catalog.HTTPRequestClone:
		return t.ctx(engine.Arg(c, 0), in)
	}
	if fn.Name() == "Context" && analysisutil.RecvName(fn) == "Request" && analysisutil.PkgPath(fn) == "net/http" {
		return t.ctx(engine.Recv(c), in) // req.Context() of a request made here
	}
	return state{}
}

// carrier reports the types that carry a deadline: context.Context and
// *http.Request.
func carrier(t types.Type) bool { return catalog.IsContext(t) || isRequest(t) }

// noTimeout reports whether an *http.Client or net.Dialer value is
// visibly made without a timeout, and where: every value it is made of
// is http.DefaultClient, a literal, new(T) or a variable that sets none
// of the fields, or a go-cleanhttp client, and nothing sets one of the
// fields later or hands the value to code that may.
//
// The nodes are where each of them is made, in source order, without
// the ones the syntax does not show:
//
//	c := http.DefaultClient
//	if insecure {
//		c = &http.Client{Transport: tr}   // both are made without Timeout
//	}
func (t *tracer) noTimeout(v ssa.Value, fields ...string) ([]ast.Node, bool) {
	return t.noTimeoutIn(v, nil, fields)
}

// noTimeoutIn is noTimeout for a value read in a frame: a helper's
// parameter is what its call passes.
func (t *tracer) noTimeoutIn(v ssa.Value, in *engine.Frame, fields []string) ([]ast.Node, bool) {
	if v == nil {
		return nil, false
	}
	var made []ast.Node
	found := false
	for _, src := range t.p.SourcesIn(v, in) {
		if c, ok := src.Value.(*ssa.Const); ok && c.IsNil() {
			continue // a nil client is a crash, not a hang
		}
		var ns []ast.Node
		if f := t.exportedField(src.Value); f != nil {
			var ok bool
			if ns, ok = t.fieldWrites(f, fields); !ok {
				return nil, false
			}
		} else if prm, ok := src.Value.(*ssa.Parameter); ok && src.In == nil && t.param != nil && !t.configured(src, fields) {
			ns, ok = t.param(prm, fields) // clientparam.go
			if !ok {
				return nil, false
			}
		} else {
			n, ok := t.unset(src, fields)
			if !ok {
				return nil, false
			}
			ns = []ast.Node{n}
		}
		found = true
		for _, n := range ns {
			if n != nil && !slices.Contains(made, n) {
				made = append(made, n)
			}
		}
	}
	slices.SortFunc(made, func(a, b ast.Node) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return made, found
}

// unset reports whether a value a client or dialer is made of sets none
// of the fields, and where it is made.
func (t *tracer) unset(src engine.Source, fields []string) (ast.Node, bool) {
	switch v := src.Value.(type) {
	case *ssa.UnOp:
		if g, ok := v.X.(*ssa.Global); ok && v.Op == token.MUL {
			obj := g.Object()
			if analysisutil.PkgPath(obj) == catalog.HTTPDefaultClient.Pkg && obj.Name() == catalog.HTTPDefaultClient.Name {
				return exprNode(engine.Expr(v)), true
			}
		}
	case *ssa.Alloc:
		// &http.Client{...}, new(http.Client), var d net.Dialer.
		if !t.configured(src, fields) {
			return madeAt(v), true
		}
	case *ssa.Call:
		if catalog.TimeoutFreeClient(engine.Callee(v)) && !t.configured(src, fields) {
			if call := t.p.CallExpr(v); call != nil {
				return call, true
			}
			return nil, true
		}
	}
	return nil, false
}

// madeAt returns the syntax that makes a variable's value: the literal
// stored in it (client := http.Client{}), else the expression it is
// (&http.Client{}, new(http.Client)) or the variable it declares (var d
// net.Dialer); nil when none says.
func madeAt(a *ssa.Alloc) ast.Node {
	for _, r := range *a.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			if lit, ok := engine.ExprIn(st.Val, st.Block()).(*ast.CompositeLit); ok {
				return lit
			}
		}
	}
	e := engine.Expr(a)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	return exprNode(e)
}

// exprNode returns an expression as a node: nil stays a nil interface.
func exprNode(e ast.Expr) ast.Node {
	if e == nil {
		return nil
	}
	return e
}

// configured reports whether code sets one of the fields on a client or
// dialer made here, or may: it is handed to a call other than as the
// receiver of a method, returned, or stored where the engine does not
// follow it.
//
//	c := &http.Client{}
//	c.Timeout = 5 * time.Second   // configured
//	configure(c)                  // may be
func (t *tracer) configured(src engine.Source, fields []string) bool {
	return t.configuredSeen(src, fields, map[ssa.Value]bool{})
}

func (t *tracer) configuredSeen(src engine.Source, fields []string, seen map[ssa.Value]bool) bool {
	if seen[src.Value] {
		return false
	}
	seen[src.Value] = true
	for _, u := range t.p.Uses(src) {
		switch in := u.Instr.(type) {
		case *ssa.FieldAddr:
			if f := engine.FieldOf(in); f != nil && contains(fields, f.Name()) && written(in) {
				return true
			}
		case *ssa.Field, *ssa.BinOp:
		case *ssa.UnOp:
			// A copy of the struct the variable holds: what is done to
			// the copy leaves the variable as it is.
		case *ssa.Store:
			if t.kept[in] && in.Val == u.Value {
				continue
			}
			if found, set := t.storedInExported(in, fields, seen); found && in.Val == u.Value {
				if set {
					return true
				}
				continue
			}
			if in.Val == u.Value || !t.zero(in.Val, fields, seen) {
				return true
			}
		case *ssa.Return:
			if t.returnedConfigured(in, u.Value, fields, seen) {
				return true // an accessor's callers may set it
			}
		case ssa.CallInstruction:
			if found, set := t.handedToLocal(in, u.Value, fields, seen); found {
				if set {
					return true
				}
				continue
			}
			if engine.Recv(in) != u.Value || handed(in, u.Value) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// zero reports a value stored into a struct variable as a whole that
// sets none of the fields: its zero value, or a literal built in a
// temporary (d := net.Dialer{KeepAlive: k}).
func (t *tracer) zero(v ssa.Value, fields []string, seen map[ssa.Value]bool) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			return !t.configuredSeen(engine.Source{Value: a}, fields, seen)
		}
	}
	return false
}

// written reports a field address that something other than a load
// takes: a store, or the address handed on.
func written(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		switch r.(type) {
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// handed reports whether a call is given v as an argument, the
// receiver not counted.
func handed(c ssa.CallInstruction, v ssa.Value) bool {
	for i := 0; ; i++ {
		a := engine.Arg(c, i)
		if a == nil {
			return false
		}
		if a == v {
			return true
		}
	}
}

func contains[T comparable](list []T, x T) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// isRequest reports *http.Request.
func isRequest(t types.Type) bool { return httpPtr(t, "Request") }

// isClient reports *http.Client.
func isClient(t types.Type) bool { return httpPtr(t, "Client") }

// httpPtr reports a pointer to the named type of net/http.
func httpPtr(t types.Type, name string) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Name() == name && analysisutil.PkgPath(n.Obj()) == "net/http"
}
