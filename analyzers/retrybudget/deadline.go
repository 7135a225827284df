package retrybudget

import (
	"go/ast"
	"go/constant"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The budget of a retry is the deadline of a context made in the same
// function, before the retry and in a block that holds it, and used by
// the retry (passed to its call, captured by its attempt, or carried by
// a value built from it such as the request):
//
//	ctx, cancel := context.WithTimeout(ctx, time.Minute)
//	defer cancel()
//	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
//	resp, err := rc.Do(req)                   // the retry runs within 1m0s
//
// context.WithDeadline(p, time.Now().Add(d)) counts as d. The parent may
// have a shorter deadline still: the budget is at most d, so a retry that
// cannot fit in d cannot fit in the real one either.

// budget is a deadline that encloses a retry.
type budget struct {
	d  time.Duration
	at *ast.CallExpr
	v  *types.Var // the context with the deadline
}

// deadlineOf returns the shortest budget of a context variable made in
// fd that used(v) accepts, assigned before n in a block holding n.
func (c *checker) deadlineOf(fd *ast.FuncDecl, n ast.Node, site *retryscan.Site, used func(*types.Var) bool) (budget, bool) {
	var best budget
	found := false
	var blocks []*ast.BlockStmt
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if m == nil {
			return true
		}
		if m.Pos() > n.Pos() {
			return false // after the retry
		}
		if b, ok := m.(*ast.BlockStmt); ok {
			if b.Pos() <= n.Pos() && n.End() <= b.End() {
				blocks = append(blocks, b)
			}
			return true
		}
		as, ok := m.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) != 2 {
			return true
		}
		if site != nil && site.Contains(as.Pos()) {
			return true // a per-attempt timeout, not the budget
		}
		if !c.inBlocks(as, blocks) {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		d, ok := c.timeoutOf(call)
		if !ok {
			return true
		}
		if v := c.x.Local(as.Lhs[0]); v != nil && used(v) && (!found || d < best.d) {
			best, found = budget{d, call, v}, true
		}
		return true
	})
	return best, found
}

// inBlocks reports whether stmt is directly in one of the blocks.
func (c *checker) inBlocks(stmt ast.Stmt, blocks []*ast.BlockStmt) bool {
	for _, b := range blocks {
		for _, s := range b.List {
			if s == stmt {
				return true
			}
		}
	}
	return false
}

// timeoutOf returns d for context.WithTimeout(p, d) and
// context.WithDeadline(p, time.Now().Add(d)) with d a constant.
func (c *checker) timeoutOf(call *ast.CallExpr) (time.Duration, bool) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if catalog.ContextEffect(fn) != catalog.CtxDeadline || len(call.Args) < 2 {
		return 0, false
	}
	switch fn.Name() {
	case "WithTimeout", "WithTimeoutCause":
		return c.durationConst(call.Args[1])
	case "WithDeadline", "WithDeadlineCause":
		add, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr)
		if !ok || len(add.Args) != 1 {
			return 0, false
		}
		sel, ok := ast.Unparen(add.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Add" {
			return 0, false
		}
		now, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok || !analysisutil.IsFunc(analysisutil.Callee(c.pass.TypesInfo, now), "time", "", "Now") {
			return 0, false
		}
		return c.durationConst(add.Args[0])
	}
	return 0, false
}

func (c *checker) durationConst(e ast.Expr) (time.Duration, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	n, ok := constant.Int64Val(tv.Value)
	return time.Duration(n), ok && n > 0
}

// mentions reports whether v is used in n, directly or through a local
// variable whose one value uses it (req from NewRequestWithContext(v, ...)).
func (c *checker) mentions(n ast.Node, v *types.Var) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		id, ok := m.(*ast.Ident)
		if found || !ok {
			return !found
		}
		u, ok := info.Uses[id].(*types.Var)
		switch {
		case !ok:
		case u == v:
			found = true
		case !u.IsField():
			if val := c.x.Single(u); val != nil && c.mentionsDirect(val, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (c *checker) mentionsDirect(n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// ctxParam returns the index of fd's context.Context parameter the site
// uses and the parameter, or -1.
func (c *checker) ctxParam(fd *ast.FuncDecl, site *retryscan.Site) (int, *types.Var) {
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, name := range f.Names {
			if v, ok := c.pass.TypesInfo.Defs[name].(*types.Var); ok && isContext(v.Type()) && c.mentions(site.Node, v) {
				return i, v
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	return -1, nil
}

// attemptOn reports whether the attempt runs on ctx: its body uses it
// (a retry whose attempt ignores the context is not bounded by its
// deadline at all, which is nodeadline's business). A client site has no
// body: its attempts carry the request's context.
func (c *checker) attemptOn(site *retryscan.Site, ctx *types.Var) bool {
	return site.Body == nil || c.mentions(site.Body, ctx)
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && analysisutil.PkgPath(n.Obj()) == "context" && n.Obj().Name() == "Context"
}
