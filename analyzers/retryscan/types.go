package retryscan

import (
	"go/ast"
	"go/types"
)

func isInteger(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func isError(t types.Type) bool {
	if t == nil {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	return types.Identical(t, errType) || (types.IsInterface(t) && types.Implements(t, errType.Underlying().(*types.Interface)))
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// mentionsAny reports whether n refers to one of the objects in set,
// function literals inside n included.
func mentionsAny(info *types.Info, n ast.Node, set map[types.Object]bool) bool {
	return anyNode(n, true, func(m ast.Node) bool {
		id, ok := m.(*ast.Ident)
		return ok && set[info.ObjectOf(id)]
	})
}

// inspectFlat calls f for every node of n outside the function literals
// nested in it: the code that running n runs.
func inspectFlat(n ast.Node, f func(ast.Node)) {
	ast.Inspect(n, func(m ast.Node) bool {
		if _, lit := m.(*ast.FuncLit); lit && m != n {
			return false
		}
		if m != nil {
			f(m)
		}
		return true
	})
}

// eachCall calls f for every call of n outside nested function literals.
func eachCall(n ast.Node, f func(*ast.CallExpr)) {
	inspectFlat(n, func(m ast.Node) {
		if call, ok := m.(*ast.CallExpr); ok {
			f(call)
		}
	})
}

// anyNode reports whether f holds for a node of n, stopping at the
// first. Function literals inside n are entered only with lits.
func anyNode(n ast.Node, lits bool, f func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok && !lits && m != n {
			return false
		}
		found = found || m != nil && f(m)
		return !found
	})
	return found
}

// visitStmts calls f for every statement an iteration runs directly:
// not inside nested loops or function literals.
func visitStmts(list []ast.Stmt, f func(ast.Stmt)) {
	for _, st := range list {
		f(st)
		switch st := st.(type) {
		case *ast.IfStmt:
			if st.Init != nil {
				f(st.Init)
			}
			visitStmts(st.Body.List, f)
			if st.Else != nil {
				visitStmts([]ast.Stmt{st.Else}, f)
			}
		case *ast.BlockStmt:
			visitStmts(st.List, f)
		case *ast.LabeledStmt:
			visitStmts([]ast.Stmt{st.Stmt}, f)
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			if sw, ok := st.(*ast.SwitchStmt); ok && sw.Init != nil {
				f(sw.Init)
			}
			for _, c := range clauses(st) {
				visitStmts(stmtList(c), f)
			}
		}
	}
}

// clauses returns the clauses of a switch, type switch or select
// statement, or nil for another statement.
func clauses(st ast.Stmt) []ast.Stmt {
	switch st := st.(type) {
	case *ast.SwitchStmt:
		return st.Body.List
	case *ast.TypeSwitchStmt:
		return st.Body.List
	case *ast.SelectStmt:
		return st.Body.List
	}
	return nil
}
