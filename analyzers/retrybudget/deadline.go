package retrybudget

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
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
	d   time.Duration
	at  ast.Node  // the context.WithTimeout call, or the http.Client literal
	ctx ssa.Value // the context with the deadline
}

// deadlineOf returns the shortest budget of a context made in fd that
// used accepts, assigned before n in a block holding n:
//
//	ctx, cancel := context.WithTimeout(ctx, time.Minute)
//
// The form is read on syntax; whether the retry uses the context is the
// engine's answer (used).
func (c *checker) deadlineOf(fd *ast.FuncDecl, n ast.Node, site *retryscan.Site, used func(ctx ssa.Value) bool) (budget, bool) {
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
		if !ok || !c.isLocal(as.Lhs[0]) {
			return true
		}
		d, ok := c.timeoutOf(fd, call)
		if !ok || (found && d >= best.d) {
			return true
		}
		if ctx := c.madeContext(fd, call); ctx != nil && used(ctx) {
			best, found = budget{d, call, ctx}, true
		}
		return true
	})
	return best, found
}

// isLocal reports whether e names a local variable: the context the
// budget is kept in (not a field, not _).
func (c *checker) isLocal(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return ok && !v.IsField() && v.Parent() != v.Pkg().Scope()
}

// madeContext returns the context a call of fd makes (result 0 of
// context.WithTimeout), or nil when it is not used.
func (c *checker) madeContext(fd *ast.FuncDecl, call *ast.CallExpr) ssa.Value {
	p := engine.Of(c.pass)
	in, ok := p.Call(p.Func(funcAt(fd, call.Pos())), call).(*ssa.Call)
	if !ok {
		return nil
	}
	for _, r := range *in.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == 0 {
			return e
		}
	}
	return nil
}

// funcAt returns the innermost function literal of fd holding pos, or fd.
func funcAt(fd *ast.FuncDecl, pos token.Pos) ast.Node {
	var in ast.Node = fd
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			in = lit
		}
		return true
	})
	return in
}

// reaches reports whether a context reaches code in node: a value made
// from it (engine.Derived: the context itself, a request built with it,
// a closure capturing it) is used there.
func reaches(ctx ssa.Value, node ast.Node) bool {
	if ctx == nil || node == nil {
		return false
	}
	for v := range engine.Derived([]ssa.Value{ctx}) {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			if _, debug := r.(*ssa.DebugRef); !debug && node.Pos() <= r.Pos() && r.Pos() < node.End() {
				return true
			}
		}
	}
	return false
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
// context.WithDeadline(p, time.Now().Add(d)) in fd with d a constant, a
// setting of a package variable that only its initializer sets
// (engine.ConstExpr: context.WithTimeout(ctx, defaultCfg.Timeout)), or
// a local given one constant (d := 5 * time.Second).
func (c *checker) timeoutOf(fd *ast.FuncDecl, call *ast.CallExpr) (time.Duration, bool) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if catalog.ContextEffect(fn) != catalog.CtxDeadline || len(call.Args) < 2 {
		return 0, false
	}
	switch fn.Name() {
	case "WithTimeout", "WithTimeoutCause":
		return c.durationConst(fd, call.Args[1])
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
		return c.durationConst(fd, add.Args[0])
	}
	return 0, false
}

// durationConst returns the duration e holds when it is a constant, or a
// setting the engine reads as one (engine.ConstExpr): a package variable
// only its initializer sets, or a local given one constant,
//
//	d := 5 * time.Second
//	ctx, cancel := context.WithTimeout(ctx, d) // 5s
func (c *checker) durationConst(fd *ast.FuncDecl, e ast.Expr) (time.Duration, bool) {
	v := c.pass.TypesInfo.Types[e].Value
	if v == nil {
		v = engine.Of(c.pass).ConstExpr(fd, e) // nil, building nothing, for what reads neither
	}
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	n, ok := constant.Int64Val(v)
	return time.Duration(n), ok && n > 0
}

// ctxParam returns the index of fd's context.Context parameter the site
// uses (among the declared parameters, the receiver left out) and its
// value, or -1; with req, of its *http.Request parameter, whose context
// the retry runs on.
func (c *checker) ctxParam(fd *ast.FuncDecl, site *retryscan.Site, req bool) (int, ssa.Value) {
	return c.ctxParamWhere(fd, req, func(p ssa.Value) bool { return reaches(p, site.Node()) })
}

// ctxParamWhere returns the index of the first of fd's context.Context
// parameters (with req, *http.Request parameters; the receiver left
// out) that ok accepts, and its value, or -1.
func (c *checker) ctxParamWhere(fd *ast.FuncDecl, req bool, ok func(p ssa.Value) bool) (int, ssa.Value) {
	fn := engine.Of(c.pass).Func(fd)
	if fn == nil {
		return -1, nil
	}
	params := fn.Params
	if fd.Recv != nil && len(params) > 0 {
		params = params[1:]
	}
	for i, p := range params {
		if (req && isRequest(p.Type()) || !req && isContext(p.Type())) && ok(p) {
			return i, p
		}
	}
	return -1, nil
}

// attemptOn reports whether the attempt runs on ctx: its body uses it
// (a retry whose attempt ignores the context is not bounded by its
// deadline at all, which is nodeadline's business). A client site has no
// body: its attempts carry the request's context.
func (c *checker) attemptOn(site *retryscan.Site, ctx ssa.Value) bool {
	return site.Body() == nil || reaches(ctx, site.Body())
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && analysisutil.PkgPath(n.Obj()) == "context" && n.Obj().Name() == "Context"
}

func isRequest(t types.Type) bool {
	return analysisutil.Named(t, "net/http", "Request")
}
