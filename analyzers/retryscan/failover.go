package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A failover loop tries a different target on each iteration: the
// counter indexes the targets (hosts[i]), or a target is picked anew
// until none is left. It looks like a retry loop and is not one: each
// attempt goes to somewhere else.

// failsOver reports whether the attempt call works on a different element
// on each iteration: it indexes with the counter (hosts[i]), or uses a
// variable defined in the loop from such an index:
//
//	for i := 0; i < attempts; i++ {
//		server := servers[(offset+i)%n]
//		if err := exchange(server); err == nil {
func (s *scanner) failsOver(body *ast.BlockStmt, call *ast.CallExpr, counter types.Object) bool {
	if indexesWith(s.info, call, counter) {
		return true
	}
	picked := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if indexesWith(s.info, r, counter) {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						picked[s.info.ObjectOf(id)] = true
					}
				}
			}
		}
		return true
	})
	return mentionsAny(s.info, call, picked)
}

// repicks reports whether the attempt works on a target picked anew on
// each iteration, until the targets run out: a failover, with the
// failed target removed, not a retry.
//
//	for b := pool.Pick(); b != nil; b = pool.Pick() {
//
//	for {
//		b, ok := pool.Next()
//		if !ok {
//			return errNoBackend
//		}
func (s *scanner) repicks(loop ast.Stmt, body *ast.BlockStmt, call *ast.CallExpr) bool {
	used := map[types.Object]bool{}
	ast.Inspect(call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := s.info.ObjectOf(id).(*types.Var); ok {
				used[v] = true
			}
		}
		return true
	})
	picked := map[types.Object]bool{}
	pick := func(as *ast.AssignStmt) {
		if len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) == call {
			return
		}
		if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
			return
		}
		hit := false
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && used[s.info.ObjectOf(id)] {
				hit = true
			}
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && hit && !isError(s.info.TypeOf(id)) {
				picked[s.info.ObjectOf(id)] = true
			}
		}
	}
	f, isFor := loop.(*ast.ForStmt)
	if isFor {
		if as, ok := f.Post.(*ast.AssignStmt); ok {
			pick(as)
			if len(picked) > 0 {
				return true
			}
		}
	}
	visitStmts(body.List, func(st ast.Stmt) {
		if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			pick(as)
		}
	})
	if len(picked) == 0 {
		return false
	}
	mentions := func(e ast.Expr) bool { return mentionsAny(s.info, e, picked) }
	if isFor && f.Cond != nil && mentions(f.Cond) {
		return true
	}
	return anyIf(body, func(ifs *ast.IfStmt, inSwitch bool) bool {
		return mentions(ifs.Cond) && exits(ifs.Body.List, inSwitch)
	})
}

// indexesWith reports whether expression n indexes with obj: hosts[i].
func indexesWith(info *types.Info, n ast.Node, obj types.Object) bool {
	return anyNode(n, true, func(m ast.Node) bool {
		ix, ok := m.(*ast.IndexExpr)
		return ok && mentionsAny(info, ix.Index, map[types.Object]bool{obj: true})
	})
}

// condOverLen returns the collection a loop condition walks,
// i < len(hosts), or nil.
func condOverLen(cond ast.Expr) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	for _, e := range []ast.Expr{b.X, b.Y} {
		if c, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(c.Args) == 1 {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "len" {
				return c.Args[0]
			}
		}
	}
	return nil
}

// isSchedule reports a slice or array of durations: a retry schedule,
// whose elements are the waits between the attempts of one call, not
// targets to walk.
//
//	for _, d := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
//	for try := 0; try < len(c.RetrySchedule); try++ {
func isSchedule(t types.Type) bool {
	var elem types.Type
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			elem = a.Elem()
		}
	}
	return elem != nil && analysisutil.Named(elem, "time", "Duration")
}
