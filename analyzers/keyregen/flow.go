package keyregen

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/flow"
)

// origin is where a fresh ID comes from: a generator call, or the call of
// a function with a Fact; or, in a function's summary, one of its
// parameters (param), standing for whatever its callers pass.
type origin struct {
	pos   token.Pos
	node  ast.Node
	gen   string // "uuid.NewString"
	via   string // the helper called, or ""
	fact  *Fact  // the helper's fact, when via is set
	param *types.Var
	index int // param's position, receiver excluded
}

// sink is where an ID is sent: a header, a field, a parameter.
type sink struct {
	pos   token.Pos // NoPos for the sink of a helper in another package
	desc  string    // "the Idempotency-Key header", "field IdempotencyKey"
	in    string    // the helper the sink is in, for a key passed to one
	class catalog.SinkClass
	// nameParam, when not 0, is 1 + the position of the parameter of
	// the summarized function that names the header: what the sink is
	// is known only at the call (setHeader(req, "Idempotency-Key", k)).
	// desc is then "header" or "metadata".
	nameParam int
	// target is the variable the sink writes into (req in
	// req.Header.Set), for the lazy-initialization guard; nil when the
	// sink builds a new value. node is the sink's syntax.
	target types.Object
	node   ast.Node
}

type finding struct {
	origin *origin
	sink   sink
}

// region is the local dataflow of one attempt body or function body, on
// syntax: which places (local variables, fields of them) hold a fresh
// ID, and which sinks they reach. The assignments and the fixpoint are
// the shared value-flow layer's (flow.AssignsIn, flow.Propagate); what
// makes a value an ID (taintOf) and which assignments do not count
// (accept) are keyregen's. It is flow-insensitive: an attempt body runs
// again from the top, so an assignment anywhere in it taints every use
// in it.
type region struct {
	r      *runner
	root   ast.Node
	taint  map[flow.Place]*origin
	parent map[ast.Node]ast.Node
	// hasSources is false when the region calls no generator and no
	// helper with a fact, and has no seeded parameter and sink; then
	// nothing else is computed.
	hasSources bool
	findings   []finding
	// seeds are the parameters followed in a summary; pairs the
	// parameters it puts in a header whose name is another parameter.
	seeds []seed
	pairs []ParamSink
}

// scan computes the dataflow of root, closures included: a key generated
// in the attempt and captured by a closure is still this attempt's key.
// The seeds, parameters of the function whose body root is, are followed
// too when root has a sink.
func (r *runner) scan(root ast.Node, seeds []seed) *region {
	reg := &region{r: r, root: root, taint: map[flow.Place]*origin{}, parent: map[ast.Node]ast.Node{}, seeds: seeds}
	// Most code generates nothing and sends no ID: look for a source, or
	// for a seed and a sink, before building anything.
	hasSink := false
	// done: a source is found and no seed waits for a sink.
	done := func() bool { return reg.hasSources && (len(seeds) == 0 || hasSink) }
	ast.Inspect(root, func(n ast.Node) bool {
		if done() {
			return false
		}
		var fn *types.Func
		if call, ok := n.(*ast.CallExpr); ok {
			fn = r.calleeOf(call)
			if catalog.LookupGenerator(fn) != nil || r.isRandReaderFill(call) != nil {
				reg.hasSources = true
			} else if f, _ := r.factOf(fn); f != nil && f.generates() {
				reg.hasSources = true
			}
		}
		if len(seeds) > 0 && !hasSink && len(reg.sinksAt(n, fn)) > 0 {
			hasSink = true
		}
		return !done()
	})
	if hasSink {
		reg.hasSources = true
		for _, s := range seeds {
			reg.taint[flow.Place{Var: s.v}] = &origin{pos: s.v.Pos(), gen: "parameter " + s.v.Name(), param: s.v, index: s.index}
		}
	}
	if !reg.hasSources {
		return reg
	}
	var stack []ast.Node
	var fills []flow.Assign // rand.Read(buf): buf is given fresh bytes
	fillOrigin := map[ast.Expr]*origin{}
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			reg.parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		if call, ok := n.(*ast.CallExpr); ok {
			if o, target := reg.fillOf(call); o != nil {
				if p, ok := r.x.PlaceOf(target); ok {
					fills = append(fills, flow.Assign{Place: p, Def: flow.Def{Node: call}, Lhs: target})
					fillOrigin[target] = o
				}
			}
		}
		return true
	})
	flow.Propagate(r.x, root, reg.taint, fills, func(a flow.Assign) *origin {
		if o := fillOrigin[a.Lhs]; o != nil && a.Def.RHS == nil {
			return reg.accept(a, o)
		}
		if a.Def.RHS == nil {
			return nil
		}
		if a.Lit {
			return reg.taintOf(a.Def.RHS) // p := &Params{Key: uuid.NewString()} taints p.Key
		}
		if o := reg.taintOf(a.Def.RHS); o != nil && !mentions(r.pass.TypesInfo, a.Def.RHS, a.Place.Var) {
			return reg.accept(a, o)
		}
		return nil
	})
	reg.findSinks()
	return reg
}

// accept returns o when an assignment of a fresh ID to a place makes
// the place fresh: not the error of a tuple (id, err := newID()), not the
// lazy initialization of a value kept across attempts (guarded), not
// key = cmp.Or(key, uuid.NewString()) (checked by the caller).
func (reg *region) accept(a flow.Assign, o *origin) *origin {
	if a.Tuple && analysisutil.IsErrorType(reg.r.pass.TypesInfo.TypeOf(a.Lhs)) {
		return nil
	}
	if reg.guarded(a.Lhs, a.Place.Var, o) {
		return nil
	}
	return o
}

func isPackageVar(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// taintOf returns the origin of the fresh ID e holds or is derived from
// (formatted, converted, concatenated, passed through a call), or nil.
// Struct literals are not IDs themselves; comparisons yield booleans.
func (reg *region) taintOf(e ast.Expr) *origin {
	info := reg.r.pass.TypesInfo
	if !carriesID(info.TypeOf(e)) {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok {
			return reg.taint[flow.Place{Var: v}]
		}
	case *ast.SelectorExpr:
		if p, ok := reg.r.x.PlaceOf(e); ok && p.Field != nil {
			if o := reg.taint[p]; o != nil {
				return o
			}
		}
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			return reg.taintOf(e.X)
		}
	case *ast.CallExpr:
		return reg.callTaint(e)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.XOR, token.OR, token.AND:
			if o := reg.taintOf(e.X); o != nil {
				return o
			}
			return reg.taintOf(e.Y)
		}
	case *ast.UnaryExpr:
		return reg.taintOf(e.X)
	case *ast.StarExpr:
		return reg.taintOf(e.X)
	case *ast.IndexExpr:
		return reg.taintOf(e.X)
	case *ast.SliceExpr:
		return reg.taintOf(e.X)
	case *ast.TypeAssertExpr:
		return reg.taintOf(e.X)
	case *ast.CompositeLit:
		if t := info.TypeOf(e); t == nil {
			return nil
		} else if _, isStruct := t.Underlying().(*types.Struct); isStruct {
			return nil
		}
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if o := reg.taintOf(elt); o != nil {
				return o
			}
		}
	}
	return nil
}

// guarded reports whether an assignment to obj sits under a condition
// inside the region while obj outlives the attempt: the lazy pattern that
// makes the key once and keeps it for the next attempts.
//
//	if key == "" {
//		key = uuid.NewString()
//	}
//
// In a summary, a parameter is new on every call, so only a condition on
// obj itself keeps the first value:
//
//	if req.Header.Get("Idempotency-Key") == "" { // guarded
//		req.Header.Set("Idempotency-Key", key)
//	}
//	if key != "" { req.Header.Set("Idempotency-Key", key) } // not guarded
func (reg *region) guarded(n ast.Node, obj types.Object, o *origin) bool {
	if obj == nil || (reg.root.Pos() <= obj.Pos() && obj.Pos() < reg.root.End()) {
		return false // declared in the attempt: a new one every time
	}
	info := reg.r.pass.TypesInfo
	for child, p := n, reg.parent[n]; p != nil && p != reg.root; child, p = p, reg.parent[p] {
		var cond []ast.Expr
		switch p := p.(type) {
		case *ast.IfStmt:
			if child != p.Body && child != p.Else {
				continue // in the condition: runs on every attempt
			}
			cond = []ast.Expr{p.Cond}
		case *ast.CaseClause:
			if e, ok := child.(ast.Expr); ok && slices.Contains(p.List, e) {
				continue
			}
			cond = p.List
		case *ast.CommClause:
			if child == p.Comm {
				continue
			}
		default:
			continue
		}
		if o == nil || o.param == nil {
			return true
		}
		for _, c := range cond {
			if mentions(info, c, obj) {
				return true
			}
		}
	}
	return false
}

// mentions reports whether e refers to obj: key = cmp.Or(key, uuid.NewString()).
func mentions(info *types.Info, e ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}
