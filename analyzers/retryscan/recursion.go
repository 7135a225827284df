package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A function that waits and calls itself after a failure retries by
// recursion; the call is the retry site and the function body the
// attempt:
//
//	func fetch(ctx context.Context, url string, left int) error {
//		err := get(ctx, url)
//		if err == nil || left == 0 {
//			return err
//		}
//		time.Sleep(time.Second)
//		return fetch(ctx, url, left-1)
//	}
//
// The call must repeat the same operation: every argument is the
// parameter itself, a counter (left-1, attempt+1), a growing delay
// (d*2) or a constant. A tree walk recurses on a child, an element or
// the rest of a list, and is no retry.

// recursionSite returns the retry site a call of the enclosing function
// by itself is, or nil.
func (s *scanner) recursionSite(fn ast.Node, call *ast.CallExpr) *Site {
	fd, ok := fn.(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return nil
	}
	self, ok := s.info.Defs[fd.Name].(*types.Func)
	if !ok || s.calleeOf(call) != self || s.firstSelfCall(fd, self) != call {
		return nil
	}
	if !s.repeatsItself(fd, call) || !s.pauses(fd.Body) {
		return nil
	}
	f := s.eng.Func(fd)
	if f == nil {
		return nil
	}
	d := s.decide(s.eng.RecursionRegion(f))
	if d == nil {
		return nil
	}
	site := &Site{kind: KindLoop, node: call, name: "recursive retry", fn: fn, body: fd.Body, attemptCall: d.call,
		region: known(d.region), attempt: d.calls}
	site.bound = s.loopBound(d, fd.Body)
	site.delay = &lazy[Delay]{compute: func() Delay { return s.loopDelay(site) }}
	return site
}

// firstSelfCall returns the first call of self in its own body, outside
// function literals.
func (s *scanner) firstSelfCall(fd *ast.FuncDecl, self *types.Func) *ast.CallExpr {
	var first *ast.CallExpr
	eachCall(fd.Body, func(n *ast.CallExpr) {
		if first == nil && s.calleeOf(n) == self {
			first = n
		}
	})
	return first
}

// repeatsItself reports whether a self-call runs the same operation:
// the same receiver, and each argument its own parameter, unchanged or
// stepped by a constant, or a constant.
func (s *scanner) repeatsItself(fd *ast.FuncDecl, call *ast.CallExpr) bool {
	if fd.Recv != nil {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok || s.info.ObjectOf(id) != s.info.Defs[fd.Recv.List[0].Names[0]] {
			return false
		}
	}
	var params []types.Object
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			params = append(params, s.info.Defs[n])
		}
	}
	if len(params) != len(call.Args) {
		return false
	}
	isParam := func(e ast.Expr, p types.Object) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && p != nil && s.info.ObjectOf(id) == p
	}
	for i, a := range call.Args {
		if isParam(a, params[i]) {
			continue
		}
		if tv, ok := s.info.Types[a]; ok && tv.Value != nil {
			continue
		}
		b, ok := ast.Unparen(a).(*ast.BinaryExpr)
		if !ok || !isParam(b.X, params[i]) {
			return false
		}
		if tv, ok := s.info.Types[b.Y]; !ok || tv.Value == nil {
			return false
		}
		switch b.Op {
		case token.ADD, token.SUB, token.MUL, token.SHL:
		default:
			return false
		}
	}
	return true
}

// repeatsFunc reports whether a chain already passes through fn: a
// chain never repeats a function, or recursion would multiply it.
func repeatsFunc(chain []Hop, fn *types.Func) bool {
	for _, h := range chain {
		// Call hops only: a function declared a retrier is its own
		// layer, named like it.
		if !h.Retry && h.Pkg == analysisutil.PkgPath(fn) && (h.Name == fn.Name() || len(h.Name) > len(fn.Name()) && h.Name[len(h.Name)-len(fn.Name())-1:] == "."+fn.Name()) {
			return true
		}
	}
	return false
}
