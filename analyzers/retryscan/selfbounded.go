package retryscan

import (
	"cmp"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// An attempt whose only calls that can wait bound their own time has a
// timeout of its own though the code sets none: a DNS lookup gives up
// after the resolver's timeout and attempts (catalog.IsSelfBounded).
// etcd resolves a peer URL this way, in a helper of the package reached
// through a variable tests replace:
//
//	var resolveTCPAddr = resolveTCPAddrDefault
//
//	for ctx.Err() == nil {
//		tcpAddr, err := resolveTCPAddr(ctx, u.Host) // LookupPort, LookupIPAddr
//		if err == nil {
//			return tcpAddr.String(), nil
//		}
//		select { ... case <-time.After(time.Second): }
//	}
//
// The calls read are those of the attempt body and of the package's
// functions it calls, one level down (through a package variable, its
// initial function). Any other call that may wait spoils it: an HTTP
// call, a catalogued outbound call, a call handed a context, a call of a
// function value or of an interface method (conn.Read) other than a
// context's or an error's. A lookup followed by an HTTP call with no
// timeout is still an attempt with none.

// selfBoundedAttempt returns the first self-bounded call of an attempt
// all of whose calls that may wait bound themselves, or nil.
func (s *scanner) selfBoundedAttempt(site *Site, body *ast.BlockStmt) *ast.CallExpr {
	var first *ast.CallExpr
	w := &callWalk{site: site, enter: s.packageFunc, visit: func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch s.waitsOn(call) {
		case callBounded:
			first = cmp.Or(first, call)
		case callMayWait:
			return false
		}
		return true
	}}
	if !w.walk(body) {
		return nil
	}
	return first
}

type callWait uint8

const (
	callQuick   callWait = iota // returns without waiting on another process
	callBounded                 // waits, for a time it bounds itself
	callMayWait                 // may wait for as long as its context lets it, or more
)

// waitsOn says whether a call may wait on another process, and whether
// it bounds that wait itself.
func (s *scanner) waitsOn(call *ast.CallExpr) callWait {
	if tv, ok := s.info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return callQuick // a conversion, len(x)
	}
	fn := analysisutil.Callee(s.info, call)
	switch {
	case catalog.IsSelfBounded(fn):
		return callBounded
	case fn == nil:
		if m := analysisutil.InterfaceCallee(s.info, call); m != nil && (analysisutil.PkgPath(m) == "context" || m.Pkg() == nil) {
			return callQuick // ctx.Err(), ctx.Done(), err.Error()
		}
		return callMayWait // a function value, an interface method
	case s.httpCall(call) || catalog.HTTPShortcut(fn) || catalog.LookupOutbound(fn) != nil || s.packageFunc(call) != nil:
		return callMayWait
	}
	for _, a := range call.Args {
		if catalog.IsContext(s.info.TypeOf(a)) {
			return callMayWait
		}
	}
	return callQuick
}

// packageFunc returns the function of this package a call runs: its
// callee, or the function a package variable is declared with (var
// resolve = resolveDefault, replaced only by tests).
func (s *scanner) packageFunc(call *ast.CallExpr) *funcInfo {
	if fi := s.ownFunc(analysisutil.Callee(s.info, call)); fi != nil {
		return fi
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != s.pass.Pkg || v.Parent() != s.pass.Pkg.Scope() {
		return nil
	}
	var init *types.Func
	for _, f := range s.pass.Files {
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok { // the declaration, not the tests' assignments
				analysisutil.EachAssign(gd, func(lhs, rhs []ast.Expr) {
					for i, l := range lhs {
						if id, ok := l.(*ast.Ident); ok && s.info.Defs[id] == v && len(rhs) == len(lhs) {
							init, _ = analysisutil.ObjectOf(s.info, rhs[i]).(*types.Func) // nil for a literal
						}
					}
				})
			}
		}
	}
	return s.ownFunc(init)
}
