package retryscan

import (
	"go/ast"
	"go/token"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The walk behind Site.Decision: statements in order, forking at each
// if, switch and select, continuing after each construct.

func (w *walker) emit(p pathState, end End, at ast.Node, err ast.Expr) {
	if len(w.paths) >= maxPaths {
		w.failed = true
		return
	}
	w.paths = append(w.paths, Path{Steps: p.steps, Conds: p.conds, End: end, At: at, Err: err})
}

// list follows the statements of a block; next continues after it, brk
// is where an unlabeled break goes (nil: out of the loop).
func (w *walker) list(list []ast.Stmt, p pathState, next, brk cont) {
	for i, st := range list {
		if w.failed {
			return
		}
		if w.work++; w.work > 64*maxPaths {
			w.failed = true
			return
		}
		rest := func(p pathState) { w.list(list[i+1:], p, next, brk) }
		switch st := st.(type) {
		case *ast.ReturnStmt:
			w.ret(p, st)
			return
		case *ast.BranchStmt:
			w.branch(p, st, brk)
			return
		case *ast.ExprStmt:
			if isNoReturn(st.X) {
				w.emit(p.step(st), EndLeave, st, nil)
				return
			}
			p = p.step(st)
		case *ast.BlockStmt:
			w.list(st.List, p, rest, brk)
			return
		case *ast.LabeledStmt:
			w.labeled(st, p, rest, brk)
			return
		case *ast.IfStmt:
			w.ifStmt(st, p, rest, brk)
			return
		case *ast.SwitchStmt:
			w.switchStmt(st, p, rest)
			return
		case *ast.TypeSwitchStmt:
			w.typeSwitch(st, p, rest)
			return
		case *ast.SelectStmt:
			for _, c := range st.Body.List {
				cc := c.(*ast.CommClause)
				q := p
				if cc.Comm != nil {
					q = q.step(cc.Comm)
				}
				w.list(cc.Body, q.cond(Cond{Holds: true, Node: cc}), rest, rest)
			}
			return
		case *ast.ForStmt, *ast.RangeStmt:
			if w.leavesNested(st) {
				w.failed = true
				return
			}
			p = p.step(st)
		default:
			p = p.step(st)
		}
	}
	next(p)
}

func (w *walker) labeled(st *ast.LabeledStmt, p pathState, rest, brk cont) {
	switch st.Stmt.(type) {
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
		w.labels[st.Label.Name] = rest // break L leaves the labeled switch
	}
	w.list([]ast.Stmt{st.Stmt}, p, rest, brk)
}

func (w *walker) ifStmt(st *ast.IfStmt, p pathState, rest, brk cont) {
	if st.Init != nil {
		p = p.step(st.Init)
	}
	w.list(st.Body.List, p.cond(Cond{Any: []ast.Expr{st.Cond}, Holds: true, Node: st}), rest, brk)
	q := p.cond(Cond{Any: []ast.Expr{st.Cond}, Holds: false, Node: st})
	if st.Else != nil {
		w.list([]ast.Stmt{st.Else}, q, rest, brk)
	} else {
		rest(q)
	}
}

// switchStmt follows each case: the earlier cases did not match, this
// one did; a default runs when no case matched.
func (w *walker) switchStmt(st *ast.SwitchStmt, p pathState, rest cont) {
	if st.Init != nil {
		p = p.step(st.Init)
	}
	var cases []*ast.CaseClause
	var def *ast.CaseClause
	for _, c := range st.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			def = cc
		} else {
			cases = append(cases, cc)
		}
	}
	none := func(q pathState, upto int) pathState {
		for _, c := range cases[:upto] {
			q = q.cond(Cond{Tag: st.Tag, Any: c.List, Holds: false, Node: c})
		}
		return q
	}
	for i, cc := range cases {
		if endsFallthrough(cc.Body) {
			w.failed = true
			return
		}
		q := none(p, i).cond(Cond{Tag: st.Tag, Any: cc.List, Holds: true, Node: cc})
		w.list(cc.Body, q, rest, rest)
	}
	if def != nil {
		w.list(def.Body, none(p, len(cases)), rest, rest)
	} else {
		rest(none(p, len(cases)))
	}
}

func (w *walker) typeSwitch(st *ast.TypeSwitchStmt, p pathState, rest cont) {
	if st.Init != nil {
		p = p.step(st.Init)
	}
	p = p.step(st.Assign)
	hasDefault := false
	for _, c := range st.Body.List {
		cc := c.(*ast.CaseClause)
		hasDefault = hasDefault || cc.List == nil
		w.list(cc.Body, p.cond(Cond{Holds: true, Node: cc}), rest, rest)
	}
	if !hasDefault {
		rest(p.cond(Cond{Holds: false, Node: st}))
	}
}

func endsFallthrough(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	b, ok := list[len(list)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.FALLTHROUGH
}

func (w *walker) branch(p pathState, st *ast.BranchStmt, brk cont) {
	switch st.Tok {
	case token.CONTINUE:
		if w.op {
			w.failed = true // only inside a nested loop, which is not followed
			return
		}
		if st.Label == nil || st.Label.Name == w.label {
			w.emit(p, EndRound, st, nil)
		} else {
			w.emit(p, EndLeave, st, nil) // continues an outer loop
		}
	case token.BREAK:
		switch {
		case st.Label == nil && brk != nil:
			brk(p)
		case st.Label == nil:
			w.emit(p, EndLeave, st, nil)
		case w.labels[st.Label.Name] != nil:
			w.labels[st.Label.Name](p)
		default:
			w.emit(p, EndLeave, st, nil) // this loop or an outer one
		}
	default: // goto, fallthrough
		w.failed = true
	}
}

// ret ends a path at a return: out of a loop, or by an operation's error.
func (w *walker) ret(p pathState, st *ast.ReturnStmt) {
	if !w.op {
		w.emit(p, EndLeave, st, nil)
		return
	}
	var err ast.Expr
	switch n := len(st.Results); {
	case n == 0:
		// named results: the error is not followed
	case n == w.results || n == 1:
		err = st.Results[n-1]
	}
	if err == nil {
		w.emit(p, EndError, st, nil)
		return
	}
	if isNil(w.info, err) {
		w.emit(p, EndLeave, st, err)
		return
	}
	if call, ok := ast.Unparen(err).(*ast.CallExpr); ok && len(st.Results) == w.results {
		if h := catalog.LookupClassHook(analysisutil.Callee(w.info, call)); h != nil {
			switch h.Hook {
			case catalog.HookPermanent:
				w.emit(p, EndLeave, st, err)
				return
			case catalog.HookRetryAfter:
				w.emit(p, EndRound, st, err)
				return
			}
		}
	}
	w.emit(p, EndError, st, err)
}

// leavesNested reports whether a loop nested in the body returns, jumps
// or branches to a label outside it: its ways out are not followed.
func (w *walker) leavesNested(loop ast.Stmt) bool {
	inner := map[string]bool{}
	ast.Inspect(loop, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok {
			inner[l.Label.Name] = true
		}
		return true
	})
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			if n.Tok == token.GOTO || (n.Label != nil && !inner[n.Label.Name]) {
				found = true
			}
		case *ast.ExprStmt:
			found = found || isNoReturn(n.X)
		}
		return !found
	})
	return found
}
