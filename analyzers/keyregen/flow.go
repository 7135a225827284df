package keyregen

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
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

// region is the dataflow of one attempt body or function body: which
// values hold a fresh ID, and which sinks they reach. Where the values go
// is the engine's (engine.Taint: SSA, through variables, fields,
// captured variables and calls); what makes a value an ID (the seeds, in
// source order) and which values do not carry one (keep: booleans,
// interfaces, a lazily made key kept across attempts) are keyregen's.
// The SSA function is built only for a region that has a source.
type region struct {
	r    *runner
	root ast.Node
	// fn is the function root's code is in: its declaration or literal.
	fn     ast.Node
	taint  *engine.Taint[*origin]
	parent map[ast.Node]ast.Node
	// assigns are the assignments of root, by target (key, p.Key, *out):
	// the variable and the value, for keep's guards.
	assigns map[ast.Expr]assign
	// own are the calls that are sources, with the origin each is (nil
	// for a fill: rand.Read(b) returns no ID, b holds one).
	own map[ssa.Value]*origin
	// hasSources is false when the region calls no generator and no
	// helper with a fact, and has no seeded parameter and sink; then
	// nothing else is computed.
	hasSources bool
	findings   []finding
	// seeds are the parameters followed in a summary; pairs the
	// parameters it puts in a header whose name is another parameter.
	seeds []seed
	pairs []ParamSink
	// after says whether a statement of the region runs only after
	// the attempt failed and before the next one (guarded); nil where
	// that is not known. failAfter memoizes it by node.
	after     func(ast.Node) bool
	failAfter map[ast.Node]bool
}

// afterFailure asks after, once per node.
func (reg *region) afterFailure(n ast.Node) bool {
	if reg.after == nil {
		return false
	}
	v, ok := reg.failAfter[n]
	if !ok {
		v = reg.after(n)
		reg.failAfter[n] = v
	}
	return v
}

// assign is one assignment to a local variable or a field of one.
type assign struct {
	obj types.Object // the variable (p for p.Key)
	rhs ast.Expr     // the value; the call for one of several results
}

// source is where a fresh ID comes from in a region, in source order.
type source struct {
	o    *origin
	call *ast.CallExpr
	fill ast.Expr // the buffer a fill writes, or nil
	// value: a call through a function value, whose origin (o) the
	// engine's answer gives in follow (funcvalues.go).
	value bool
}

// scan computes the dataflow of root, in the function fn, closures
// included: a key generated in the attempt and captured by a closure is
// still this attempt's key. The seeds, parameters of the function whose
// body root is, are followed too when root has a sink. returns asks for
// the values the function returns (its first result can hold an ID).
// after answers guarded's question of a conditional key (nil: unknown).
func (r *runner) scan(root, fn ast.Node, seeds []seed, returns bool, after func(ast.Node) bool) *region {
	reg := &region{r: r, root: root, fn: fn, parent: map[ast.Node]ast.Node{}, assigns: map[ast.Expr]assign{}, own: map[ssa.Value]*origin{}, seeds: seeds,
		after: after, failAfter: map[ast.Node]bool{}}
	hasSink := reg.survey()
	if !reg.hasSources {
		return reg
	}
	// With nothing a fresh value could reach, only the calls of helpers
	// that send a key of their own are findings: no taint to build.
	if hasSink || returns {
		sources := reg.collect()
		if f := r.eng.Func(fn); f != nil {
			reg.follow(f, sources, hasSink)
		}
	}
	reg.findSinks()
	return reg
}

// survey looks, on syntax, for a source and for a sink a value can
// reach, and reports whether there is a sink. Most code generates
// nothing and sends no ID: nothing else is computed for it. A sink is
// looked for only where there is something to send: a seed, or a source.
func (reg *region) survey() (hasSink bool) {
	sinks := func(n ast.Node, fn *types.Func) {
		if !hasSink && len(reg.sinksAt(n, fn)) > 0 {
			hasSink = true
		}
	}
	seeds := len(reg.seeds) > 0
	ast.Inspect(reg.root, func(n ast.Node) bool {
		if reg.hasSources && (hasSink || !seeds) {
			return false
		}
		var fn *types.Func
		if call, ok := n.(*ast.CallExpr); ok {
			fn = reg.r.calleeOf(call)
			if catalog.LookupGenerator(fn) != nil || reg.r.isRandReaderFill(call) != nil {
				reg.hasSources = true
			} else if f, _ := reg.r.factOf(fn); f != nil && f.generates() {
				reg.hasSources = true
			} else if reg.r.throughValue(call) {
				reg.hasSources = true
			}
		}
		if seeds {
			sinks(n, fn)
		}
		return true
	})
	if hasSink && seeds {
		reg.hasSources = true
	}
	if reg.hasSources && !hasSink {
		ast.Inspect(reg.root, func(n ast.Node) bool {
			var fn *types.Func
			if call, ok := n.(*ast.CallExpr); ok {
				fn = reg.r.calleeOf(call)
			}
			sinks(n, fn)
			return !hasSink
		})
	}
	return hasSink
}

// collect returns the region's sources in source order, and records the
// syntax keep's guards read: each node's parent, the assignments.
func (reg *region) collect() []source {
	var sources []source
	var stack []ast.Node
	ast.Inspect(reg.root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			reg.parent[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.CallExpr:
			if o, target := reg.fillOf(n); o != nil {
				sources = append(sources, source{o: o, call: n, fill: target})
			} else if o := reg.sourceOf(n); o != nil {
				sources = append(sources, source{o: o, call: n})
			} else if reg.r.throughValue(n) {
				sources = append(sources, source{call: n, value: true})
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				rhs := n.Rhs[0]
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				if v := reg.placeVar(l); v != nil {
					reg.assigns[ast.Unparen(l)] = assign{obj: v, rhs: rhs}
				}
			}
		}
		return true
	})
	return sources
}

// follow asks the engine where the sources' values go in f: the
// parameters first (in a summary with a sink), then the sources in
// source order, so that the first to reach a value names it.
func (reg *region) follow(f *ssa.Function, sources []source, hasSink bool) {
	reg.taint = engine.NewTaint(reg.r.eng, f, reg.keep)
	sources = reg.resolve(sources)
	for _, s := range sources {
		if v := reg.taint.Value(s.call); v != nil {
			reg.own[v] = s.o
			if s.fill != nil {
				reg.own[v] = nil // rand.Read(b) returns no ID; b holds one
			}
		}
	}
	if hasSink && len(reg.seeds) > 0 {
		params := f.Params
		if f.Signature.Recv() != nil && len(params) > 0 {
			params = params[1:]
		}
		for _, s := range reg.seeds {
			if s.index < len(params) {
				reg.taint.Seed(params[s.index], &origin{pos: s.v.Pos(), gen: "parameter " + s.v.Name(), param: s.v, index: s.index})
			}
		}
	}
	for _, s := range sources {
		switch {
		case s.fill == nil:
			if v := reg.taint.Value(s.call); v != nil {
				reg.taint.Seed(v, s.o)
			}
		case !reg.guarded(s.fill, reg.placeVar(s.fill), s.o):
			// rand.Read(buf) fills buf; a buffer kept across attempts
			// and filled only when empty keeps its first bytes.
			if v := reg.taint.Value(s.fill); v != nil {
				reg.taint.Write(v, s.o)
			}
		}
	}
}

// placeVar returns the local variable an assignment target or a buffer
// is, or is a field of: key, p.Key, *out; nil for anything else.
func (reg *region) placeVar(e ast.Expr) types.Object {
	info := reg.r.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.ObjectOf(e).(*types.Var); ok && !v.IsField() && !isPackageVar(v) {
			return v
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() && !isPackageVar(v) {
					return v
				}
			}
		}
	case *ast.StarExpr:
		return reg.placeVar(e.X)
	}
	return nil
}

// keep says whether a value the taint reaches holds the ID of origin o:
// not a boolean or an interface (k != "", a context with a time.Now
// deadline, an error) except to box it for a call (fmt.Sprintf("%s",
// k)); not arithmetic other than concatenation and bit mixing; not a
// source of its own (a generator call, a helper with a fact) reached by
// another; and not the value of an assignment the region refuses (a key
// made lazily and kept across attempts).
func (reg *region) keep(v ssa.Value, o *origin) bool {
	switch x := v.(type) {
	case *ssa.MakeInterface:
	case *ssa.BinOp:
		switch x.Op {
		case token.ADD, token.XOR, token.OR, token.AND:
		default:
			return false
		}
		if !carriesID(v.Type()) {
			return false
		}
	default:
		if !carriesID(v.Type()) {
			return false
		}
	}
	if own, ok := reg.own[v]; ok && own != o {
		return false
	}
	exprs := engine.Exprs(v)
	for _, e := range exprs {
		if a, ok := reg.assigns[e]; ok && !reg.accept(e, a, o) && !reg.heldBy(exprs, a.obj) {
			return false
		}
	}
	return true
}

// heldBy reports whether a value, by its expressions, is held by a
// variable other than obj: k in k := uuid.NewString(); if last == "" {
// last = k }, whose other uses are fresh whatever last keeps.
func (reg *region) heldBy(exprs []ast.Expr, obj types.Object) bool {
	for _, e := range exprs {
		if id, ok := e.(*ast.Ident); ok {
			if v, ok := reg.r.pass.TypesInfo.ObjectOf(id).(*types.Var); ok && v != obj {
				return true
			}
		}
	}
	return false
}

// accept reports whether assigning a fresh ID to a variable (or a field
// of one) makes it fresh: not the lazy initialization of a value kept
// across attempts (guarded), not key = cmp.Or(key, uuid.NewString()).
func (reg *region) accept(lhs ast.Expr, a assign, o *origin) bool {
	return !mentions(reg.r.pass.TypesInfo, a.rhs, a.obj) && !reg.guarded(lhs, a.obj, o)
}

// taintOf returns the origin of the fresh ID an expression of the region
// holds or is made of, or nil.
func (reg *region) taintOf(e ast.Expr) *origin {
	if reg.taint == nil {
		return nil
	}
	o, _ := reg.taint.OfExpr(e)
	return o
}

func isPackageVar(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
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
//
// A key made under a condition that does not name obj, where only the
// way of a failed attempt to the next one passes, is made again for
// that attempt, not once and kept (the recognizer's AfterFailure, read
// by the engine's walks of the attempt's outcomes):
//
//	if err != nil {
//		args.ClientToken = newToken() // not guarded
//		return err
//	}
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
			if !slices.ContainsFunc(cond, func(c ast.Expr) bool { return mentions(info, c, obj) }) && reg.afterFailure(n) {
				continue // a new key after a failure: the next attempt's
			}
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
