package retryscan

import "go/ast"

// A callWalk reads the calls one attempt of a site runs, for the
// questions the recognizer asks of them: does the attempt stay on this
// machine (local.go), does every wait in it bound itself
// (selfbounded.go), what timeout does it set (worstattempt.go). It reads a node of the attempt, but the blocks of a
// loop that leave it (they run once), and in place of a call of one of
// the package's functions, its body: one level down, or all the way
// (deep), each body once:
//
//	for {
//		if s.tryDelete(w) == nil { // tryDelete's body is read here
//			break // leaves the loop: not read
//		}
//		time.Sleep(time.Millisecond)
//	}
//
// A function of the package that calls itself back, directly or through
// others, stops a deep walk: what its calls run cannot be told.
type callWalk struct {
	site *Site
	lits bool // read the calls of nested function literals too
	deep bool // read the package's functions all the way down
	// enter returns the function of the package whose body is read in
	// place of a call, or nil; no enter reads none.
	enter func(*ast.CallExpr) *funcInfo
	// visit is given every node read but the calls entered; false stops
	// the walk.
	visit    func(ast.Node) bool
	calls    int                // the calls read, entered or visited
	on, done map[*funcInfo]bool // bodies being read, and read through
}

// walk reads n, a node of the site's attempt, and reports whether it
// went through: visit did not stop it and no function called itself
// back.
func (w *callWalk) walk(n ast.Node) bool { return w.read(n, true) }

// body reads the body of one of the package's functions.
func (w *callWalk) body(fi *funcInfo) bool {
	if w.on == nil {
		w.on, w.done = map[*funcInfo]bool{}, map[*funcInfo]bool{}
	}
	switch {
	case w.on[fi]:
		return false // a recursion
	case w.done[fi]:
		return true
	}
	w.on[fi] = true
	ok := w.read(fi.decl.Body, false)
	w.on[fi], w.done[fi] = false, ok
	return ok
}

func (w *callWalk) read(root ast.Node, top bool) bool {
	ok, b := true, w.site.body
	ast.Inspect(root, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit && !w.lits && n != b {
			return false
		}
		if top && b != nil && b.Pos() <= n.Pos() && n.End() <= b.End() && !w.site.Contains(n.Pos()) {
			return false // a block that leaves the loop runs once
		}
		if call, isCall := n.(*ast.CallExpr); isCall {
			w.calls++
			if w.enter != nil && (top || w.deep) {
				if fi := w.enter(call); fi != nil {
					ok = w.body(fi)
					return ok // and its arguments
				}
			}
		}
		ok = w.visit(n)
		return ok
	})
	return ok
}
