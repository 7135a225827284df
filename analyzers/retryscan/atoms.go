package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The parts of a decision: the loop's local booleans, the statements an
// iteration runs, which leaves of a condition depend on the attempt's
// outcome and which bound the loop, and how a status code compares.

// localBools returns the booleans declared in the loop body and given a
// value once: retry := err != nil || resp.StatusCode >= 500.
func (s *scanner) localBools(body *ast.BlockStmt) map[types.Object]ast.Expr {
	defs := map[types.Object]ast.Expr{}
	writes := map[types.Object]int{}
	inBody := func(obj types.Object) bool { return body.Pos() <= obj.Pos() && obj.Pos() < body.End() }
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok {
					continue
				}
				obj := s.info.ObjectOf(id)
				if obj == nil || !isBool(obj.Type()) || !inBody(obj) {
					continue
				}
				writes[obj]++
				if len(n.Lhs) == len(n.Rhs) {
					defs[obj] = n.Rhs[i]
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if obj := s.info.ObjectOf(id); obj != nil && isBool(obj.Type()) && len(n.Values) == len(n.Names) {
					writes[obj]++
					defs[obj] = n.Values[i]
				}
			}
		}
		return true
	})
	for obj := range defs {
		if writes[obj] != 1 {
			delete(defs, obj)
		}
	}
	return defs
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
		case *ast.SwitchStmt:
			if st.Init != nil {
				f(st.Init)
			}
			for _, c := range st.Body.List {
				visitStmts(c.(*ast.CaseClause).Body, f)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range st.Body.List {
				visitStmts(c.(*ast.CaseClause).Body, f)
			}
		case *ast.SelectStmt:
			for _, c := range st.Body.List {
				visitStmts(c.(*ast.CommClause).Body, f)
			}
		}
	}
}

// outcomeAtom reports whether a leaf of a condition (no &&, || or !
// above it inside) depends on the attempt's outcome: it mentions one of
// the attempt's results or a local boolean made from them. Such leaves
// are the decision, not a bound.
func (s *scanner) outcomeAtom(d *decision, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			obj := s.info.ObjectOf(id)
			if _, ok := d.vars[obj]; ok {
				found = true
			} else if def, ok := d.bools[obj]; ok && def != e {
				found = s.outcomeAtom(d, def)
			}
		}
		return !found
	})
	return found
}

// boundAtoms returns the leaves of an exit condition that do not depend
// on the attempt's outcome, expanding local booleans and the arguments
// of predicate calls: in err == nil || attempt == max, attempt == max.
func (s *scanner) boundAtoms(d *decision, e ast.Expr, depth int) []ast.Expr {
	if d == nil {
		return []ast.Expr{e}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return s.boundAtoms(d, x.X, depth)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return append(s.boundAtoms(d, x.X, depth), s.boundAtoms(d, x.Y, depth)...)
		}
	case *ast.Ident:
		if def, ok := d.bools[s.info.ObjectOf(x)]; ok && depth < 4 {
			return s.boundAtoms(d, def, depth+1)
		}
	case *ast.CallExpr:
		if s.outcomeAtom(d, x) {
			// The callee counts too: a method or a closure in a field
			// may count the attempts it is asked about (c.giveUp(err)).
			out := []ast.Expr{x.Fun}
			for _, a := range x.Args {
				if !s.outcomeAtom(d, a) {
					out = append(out, a)
				}
			}
			return out
		}
	}
	if s.outcomeAtom(d, e) {
		return nil
	}
	return []ast.Expr{e}
}

// statusCmp evaluates "status op c" for a response under an outcome:
// on success the status is some 2xx (the answer must agree for 200 and
// 299), on a status failure it is 503. The status is divided by div
// first (code/100 == 2).
func statusCmp(op token.Token, c, div int64, o outcome) tri {
	cmp := func(v int64) bool {
		v /= div
		switch op {
		case token.EQL:
			return v == c
		case token.NEQ:
			return v != c
		case token.LSS:
			return v < c
		case token.LEQ:
			return v <= c
		case token.GTR:
			return v > c
		case token.GEQ:
			return v >= c
		}
		return false
	}
	if o == failedStatus {
		return triOf(cmp(503))
	}
	lo, hi := cmp(200), cmp(299)
	if lo == hi {
		return triOf(lo)
	}
	// resp.StatusCode == http.StatusCreated: the author's own success.
	if div == 1 && c >= 200 && c < 300 && (op == token.EQL || op == token.NEQ) {
		return triOf(op == token.EQL)
	}
	return unknown
}

// mentionsAny reports whether n refers to one of the objects in set,
// function literals inside n included.
func mentionsAny(info *types.Info, n ast.Node, set map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && set[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}
