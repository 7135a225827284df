package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A helper whose caller names the method may send some methods one way
// and the others another:
//
//	if method == http.MethodPost || method == http.MethodPatch {
//		resp, err = c.rc.HTTPClient.Do(req.Request) // sent once
//	} else {
//		resp, err = c.rc.Do(req) // retried
//	}
//
// The method that reaches the retried send is then not any method: the
// branches the paths to the send must take say which it can be. They
// are read on the helper's parameter, where the send is and where the
// helper hands the parameter on (a helper that retries only the methods
// of a table: if retryable[method] { return c.doWithRetries(method, ...) }),
// and kept on the effect (methodGuard); a call naming a method the
// guard shuts out is not judged.

// methodGuard is what the paths to an operation let its method be: one
// of only (any when only is nil) and none of not. A nil guard lets
// every method through.
type methodGuard struct {
	only []string
	not  []string
}

// allows reports whether a method can reach the operation.
func (g *methodGuard) allows(m string) bool {
	if g == nil {
		return true
	}
	return (g.only == nil || slices.Contains(g.only, m)) && !slices.Contains(g.not, m)
}

// open reports whether a method that is not idempotent can reach the
// operation: an effect whose guard is not open holds at no call.
func (g *methodGuard) open() bool {
	if g == nil || g.only == nil {
		return true
	}
	for _, m := range g.only {
		if !catalog.IdempotentMethod(m) && g.allows(m) {
			return true
		}
	}
	return false
}

// and returns the guard of paths that pass both g and h.
func (g *methodGuard) and(h *methodGuard) *methodGuard {
	if g == nil {
		return h
	}
	if h == nil {
		return g
	}
	out := &methodGuard{only: g.only, not: sortedSet(append(slices.Clone(g.not), h.not...))}
	switch {
	case g.only == nil:
		out.only = h.only
	case h.only != nil:
		out.only = []string{} // none, unless both name it
		for _, m := range g.only {
			if slices.Contains(h.only, m) {
				out.only = append(out.only, m)
			}
		}
	}
	return out
}

// sortedSet sorts ms and drops repeats, so that facts encode alike.
func sortedSet(ms []string) []string {
	slices.Sort(ms)
	return slices.Compact(ms)
}

// guardAt returns what the branches on the way to the instruction in
// let the parameter p be, or nil. Every path to in enters each block
// that dominates in through one of the block's predecessors; when each
// of them enters it on a test of p (an edge of an if on p), p passes one
// of those tests:
//
//	if method == http.MethodPost { ...; return }     // the rest: not POST
//	switch method { case http.MethodGet, http.MethodPut: ... } // the case: GET or PUT
//	if !retryable[method] { ... }                    // the else: a key of the table
func (c *checker) guardAt(in ssa.Instruction, p *ssa.Parameter) *methodGuard {
	if in == nil || p == nil || in.Block() == nil {
		return nil
	}
	var g *methodGuard
	for b := in.Block(); b != nil; b = b.Idom() {
		g = g.and(c.entryGuard(b, p))
	}
	return g
}

// entryGuard returns what the edges into b let p be: nil unless every
// edge into b is a branch of an if that tests p. Tests of several edges
// are joined when each names the methods p is one of (the cases of a
// switch, a || of ==); a single edge's test is taken as it is.
func (c *checker) entryGuard(b *ssa.BasicBlock, p *ssa.Parameter) *methodGuard {
	if len(b.Preds) == 0 {
		return nil
	}
	var only []string
	for _, pred := range b.Preds {
		ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok || pred.Succs[0] == pred.Succs[1] {
			return nil
		}
		set, member, ok := c.methodTest(ifi.Cond, p, 0)
		if !ok {
			return nil
		}
		if member != (pred.Succs[0] == b) { // the edge taken when p is none of set
			if len(b.Preds) > 1 {
				return nil
			}
			return &methodGuard{not: sortedSet(set)}
		}
		only = append(only, set...)
	}
	return &methodGuard{only: sortedSet(only)}
}

// paramGuard returns guardAt for the parameter i (the receiver not
// counted) of the declared function fd, at the call expression call
// written directly in it; nil for a call in a function literal.
func (c *checker) paramGuard(fd *ast.FuncDecl, call *ast.CallExpr, i int) *methodGuard {
	fn := c.eng.Func(fd)
	if fn == nil || i < 0 {
		return nil
	}
	if fn.Signature.Recv() != nil {
		i++
	}
	if i >= len(fn.Params) {
		return nil
	}
	in, _ := c.eng.Call(fn, call).(ssa.Instruction)
	return c.guardAt(in, fn.Params[i])
}

// methodTest reads a condition on the method p: it holds when p is one
// of set (in) or none of them (!in). Read are p == "POST", p != "POST",
// !cond, and a lookup in a table of methods (methodTable).
func (c *checker) methodTest(v ssa.Value, p *ssa.Parameter, depth int) (set []string, in, ok bool) {
	if depth > 4 {
		return nil, false, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			set, in, ok = c.methodTest(x.X, p, depth+1)
			return set, !in, ok
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, false, false
		}
		for _, o := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			k, isConst := o[1].(*ssa.Const)
			if engine.Strip(o[0]) == p && isConst && k.Value != nil && k.Value.Kind() == constant.String {
				return []string{constant.StringVal(k.Value)}, x.Op == token.EQL, true
			}
		}
	case *ssa.Lookup: // retryable[method]
		if x.CommaOk || engine.Strip(x.Index) != p {
			return nil, false, false
		}
		keys, _, ok := c.methodTable(x.X)
		return keys, true, ok
	case *ssa.Extract: // _, ok := known[method]
		l, isLookup := x.Tuple.(*ssa.Lookup)
		if !isLookup || x.Index != 1 || engine.Strip(l.Index) != p {
			return nil, false, false
		}
		_, all, ok := c.methodTable(l.X)
		return all, true, ok
	}
	return nil, false, false
}

// methodTable reads a map the value loads: an unexported package
// variable of the package, set by a literal of constant string keys and
// constant bool values and only looked up afterwards (the engine's
// ConstMap),
//
//	var retryableMethods = map[string]bool{http.MethodGet: true, http.MethodPut: true}
//
// and returns its keys whose value is true, and all its keys.
func (c *checker) methodTable(v ssa.Value) (keys, all []string, ok bool) {
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return nil, nil, false
	}
	g, isGlobal := load.X.(*ssa.Global)
	if !isGlobal {
		return nil, nil, false
	}
	obj, isVar := g.Object().(*types.Var)
	if !isVar || obj.Exported() || obj.Pkg() != c.pass.Pkg {
		return nil, nil, false // an importer may write an exported one
	}
	entries, ok := c.eng.ConstMap(g)
	if !ok {
		return nil, nil, false
	}
	for _, e := range entries {
		if e.Key.Value.Kind() != constant.String || e.Value.Value == nil || e.Value.Value.Kind() != constant.Bool {
			return nil, nil, false
		}
		k := constant.StringVal(e.Key.Value)
		all = append(all, k)
		if constant.BoolVal(e.Value.Value) {
			keys = append(keys, k)
		}
	}
	return keys, all, true
}
