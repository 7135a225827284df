package retryclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	return analysisutil.AnyCallee(info, call)
}

func isNilIdent(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

func isErrorType(t types.Type) bool { return analysisutil.IsErrorType(t) }

func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// isResponse reports whether t is *http.Response.
func isResponse(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ptr := types.Unalias(t).(*types.Pointer)
	return ptr && isNamed(t, "net/http", "Response")
}

func isContext(t types.Type) bool { return t != nil && isNamed(t, "context", "Context") }

// recvType returns the type of a method call's receiver expression.
func recvType(info *types.Info, call *ast.CallExpr) types.Type {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return info.TypeOf(sel.X)
	}
	return nil
}

// isStd reports whether pkg is in the standard library.
func isStd(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".")
}

// assignmentOf returns what a step assigns to v: the right-hand side, and
// the result index when it is one result of a multi-value expression (-1
// otherwise). found is false when the step does not assign v; rhs is nil
// for a declaration without value and for assignments not followed
// (x += 1).
func assignmentOf(info *types.Info, st ast.Stmt, v *types.Var) (rhs ast.Expr, idx int, found bool) {
	switch st := st.(type) {
	case *ast.AssignStmt:
		for i, l := range st.Lhs {
			id, ok := ast.Unparen(l).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			switch {
			case st.Tok != token.ASSIGN && st.Tok != token.DEFINE:
				return nil, -1, true
			case len(st.Lhs) == len(st.Rhs):
				return st.Rhs[i], -1, true
			case len(st.Rhs) == 1:
				return st.Rhs[0], i, true
			}
			return nil, -1, true
		}
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return nil, -1, false
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, id := range vs.Names {
				if info.ObjectOf(id) != v {
					continue
				}
				switch {
				case len(vs.Values) == 0:
					return nil, -1, true
				case len(vs.Values) == len(vs.Names):
					return vs.Values[i], -1, true
				case len(vs.Values) == 1:
					return vs.Values[0], i, true
				}
				return nil, -1, true
			}
		}
	case *ast.IncDecStmt:
		if id, ok := ast.Unparen(st.X).(*ast.Ident); ok && info.ObjectOf(id) == v {
			return nil, -1, true
		}
	}
	return nil, -1, false
}

// zeroValue is the value of a variable declared without one: nil for an
// error, a pointer or an interface.
func zeroValue(st ast.Stmt, v *types.Var) (value, bool) {
	if _, ok := st.(*ast.DeclStmt); !ok {
		return value{}, false
	}
	switch types.Unalias(v.Type()).Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return value{kind: vNil}, true
	}
	return value{}, false
}

// assignsIn reports whether n assigns v anywhere inside (a nested loop
// taken as one step), or takes its address.
func assignsIn(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			for _, l := range m.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && m.Op == token.AND && info.ObjectOf(id) == v {
				found = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{m.Key, m.Value} {
				if id, ok := e.(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// relatedVars returns the variables an attempt's outcome flows into in
// body: every variable assigned an error, a response or a gRPC status,
// and every variable assigned from an expression that mentions one of
// them (code := resp.StatusCode, retryable := code >= 500).
func relatedVars(info *types.Info, body ast.Node) map[types.Object]bool {
	related := map[types.Object]bool{}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.Ident:
				found = found || related[info.ObjectOf(m)]
			case *ast.CallExpr:
				if h := catalog.LookupClassHook(calleeOf(info, m)); h != nil && h.Hook == catalog.HookStatusCode {
					found = true
				}
			}
			return !found
		})
		return found
	}
	mark := func(id *ast.Ident, rhs ast.Node) bool {
		obj, ok := info.ObjectOf(id).(*types.Var)
		if !ok || related[obj] {
			return false
		}
		t := obj.Type()
		if isErrorType(t) || isResponse(t) || isNamed(t, "google.golang.org/grpc/internal/status", "Status") || (rhs != nil && mentions(rhs)) {
			related[obj] = true
			return true
		}
		return false
	}
	for changed, rounds := true, 0; changed && rounds < 8; rounds++ {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					id, ok := ast.Unparen(l).(*ast.Ident)
					if !ok {
						continue
					}
					var rhs ast.Node
					if len(n.Rhs) == len(n.Lhs) {
						rhs = n.Rhs[i]
					} else if len(n.Rhs) == 1 {
						rhs = n.Rhs[0]
					}
					changed = mark(id, rhs) || changed
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					var rhs ast.Node
					if i < len(n.Values) {
						rhs = n.Values[i]
					} else if len(n.Values) == 1 {
						rhs = n.Values[0]
					}
					changed = mark(id, rhs) || changed
				}
			}
			return true
		})
	}
	return related
}

// mentionsObj reports whether n refers to one of objs.
func mentionsObj(info *types.Info, n ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// mentionsStatus reports whether n reads an HTTP response's StatusCode.
func mentionsStatus(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if sel, ok := m.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && isResponse(info.TypeOf(sel.X)) {
			found = true
		}
		return !found
	})
	return found
}

// shortExpr renders an expression for a message, shortened.
func shortExpr(e ast.Node) string {
	var s string
	switch e := e.(type) {
	case ast.Expr:
		s = types.ExprString(e)
	default:
		return "..."
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// constInt returns the value of an integer constant.
func constInt(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}
