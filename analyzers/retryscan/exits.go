package retryscan

import (
	"go/ast"
	"go/token"
)

// exits reports whether running list, statements inside a loop body,
// always leaves the loop: it ends in a return, a break of the loop, a
// goto, or a call that does not return. inSwitch says the statements sit
// in a switch or select clause, where an unlabeled break leaves the
// clause, not the loop.
func exits(list []ast.Stmt, inSwitch bool) bool {
	if len(list) == 0 {
		return false
	}
	switch st := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		switch st.Tok {
		case token.BREAK:
			return st.Label != nil || !inSwitch
		case token.GOTO:
			return true
		}
	case *ast.ExprStmt:
		return isNoReturn(st.X)
	case *ast.BlockStmt:
		return exits(st.List, inSwitch)
	case *ast.LabeledStmt:
		return exits([]ast.Stmt{st.Stmt}, inSwitch)
	case *ast.IfStmt:
		return st.Else != nil && exits(st.Body.List, inSwitch) && exits(elseStmts(st), inSwitch)
	}
	return false
}

// isNoReturn recognizes calls that end the goroutine or the process by
// name: panic, os.Exit, log.Fatal*, t.Fatal*, t.FailNow, t.Skip*.
func isNoReturn(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch fn := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return fn.Name == "panic"
	case *ast.SelectorExpr:
		switch fn.Sel.Name {
		case "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "FailNow", "Skip", "Skipf", "SkipNow", "Goexit":
			return true
		}
	}
	return false
}
