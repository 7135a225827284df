package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
)

// EachLocalCall finds, on syntax, the calls of the package's own
// functions and methods, for questions answered by every caller of a
// function (a client parameter, a policy parameter): visit gets each
// call written in a function declaration's body, with the stack from
// the declaration down to the call. A call through a method expression
// (T.M(recv, args...)) is not a call of M here: its arguments are
// shifted against M's parameters.
//
// It returns the functions the package names otherwise (a function
// value f := check, a method value, a call outside any declaration's
// body): their callers are out of sight. And the method names of the
// package's interfaces: a method of that name may be called through the
// interface.
func EachLocalCall(pkg *types.Package, info *types.Info, files []*ast.File, visit func(fn *types.Func, call *ast.CallExpr, stack []ast.Node)) (escapes map[*types.Func]bool, ifaceNames map[string]bool) {
	escapes, ifaceNames = map[*types.Func]bool{}, map[string]bool{}
	callee := map[*ast.Ident]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.PreorderStack(fd.Body, []ast.Node{fd}, func(n ast.Node, stack []ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var id *ast.Ident
				switch fun := ast.Unparen(call.Fun).(type) {
				case *ast.Ident:
					id = fun
				case *ast.SelectorExpr:
					if s, ok := info.Selections[fun]; ok && s.Kind() == types.MethodExpr {
						return true
					}
					id = fun.Sel
				}
				if fn, ok := info.Uses[id].(*types.Func); ok && fn.Pkg() == pkg {
					callee[id] = true
					visit(fn, call, stack)
				}
				return true
			})
		}
	}
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pkg && !callee[id] {
			escapes[fn] = true
		}
	}
	for _, obj := range info.Defs {
		if fn, ok := obj.(*types.Func); ok {
			if r := fn.Type().(*types.Signature).Recv(); r != nil && types.IsInterface(r.Type()) {
				ifaceNames[fn.Name()] = true
			}
		}
	}
	return escapes, ifaceNames
}

// Received returns the expression a select case receives with (<-ch in
// `case <-ch:` and `case v := <-ch:`), or nil: a send, a default, or a
// statement of another shape.
func Received(c ast.Stmt) *ast.UnaryExpr {
	cc, ok := c.(*ast.CommClause)
	if !ok {
		return nil
	}
	var x ast.Expr
	switch comm := cc.Comm.(type) {
	case *ast.ExprStmt:
		x = comm.X
	case *ast.AssignStmt:
		if len(comm.Rhs) == 1 {
			x = comm.Rhs[0]
		}
	}
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	return u
}

// DoneRecv reports a receive from a Done() channel: <-ctx.Done().
func DoneRecv(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(u.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Done"
}

// TimerRecv reports a receive from a channel of time.Time: the channel
// of time.After, time.Tick, a Timer, a Ticker or a fake clock.
func TimerRecv(info *types.Info, e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return false
	}
	t := info.TypeOf(u.X)
	if t == nil {
		return false
	}
	ch, ok := t.Underlying().(*types.Chan)
	return ok && Named(ch.Elem(), "time", "Time")
}
