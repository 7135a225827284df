package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Decision is how one attempt of a retry site decides whether another
// attempt follows: every way through the attempt body, with the
// conditions met and the statements run on the way, and where it ends.
//
//	for i := 0; i < 5; i++ {
//		resp, err := client.Do(req)
//		if err != nil {              // path 1: err != nil                       round
//			time.Sleep(d)
//			continue
//		}
//		if resp.StatusCode != 200 {  // path 2: !(err != nil), StatusCode != 200 round
//			time.Sleep(d)
//			continue
//		}
//		return resp, nil             // path 3: !(err != nil), !(StatusCode != 200) leave
//	}
//
// For an operation handed to cenkalti/backoff or avast/retry-go the
// paths end at its returns: nil and a permanent error (backoff.Permanent,
// retry.Unrecoverable) leave, any other error goes round when it is not
// nil. What the conditions mean (a status, a code, a cancelled context)
// is the business of the analyzer that asks.
type Decision struct {
	Paths []Path
}

// Path is one way through an attempt body.
type Path struct {
	// Steps are the statements run on the way, in order, other than
	// branches: assignments, declarations, expression statements, the
	// init statements of if and switch, nested loops as a whole.
	Steps []ast.Stmt
	// Conds are the conditions met on the way, in order.
	Conds []Cond
	End   End
	// At is the statement that ends the path (a return, a branch, a call
	// that does not return); nil when the body falls off its end.
	At ast.Node
	// Err is, for EndError, the error the operation returns; nil for a
	// bare return of named results.
	Err ast.Expr
}

// End is where a path through an attempt leads.
type End uint8

const (
	// EndRound: another attempt follows (continue, the end of a loop
	// body, an operation returning backoff.RetryAfter).
	EndRound End = iota + 1
	// EndLeave: the retry ends (a return or break out of the loop, a call
	// that does not return, an operation returning nil or a permanent
	// error).
	EndLeave
	// EndError: an operation returns Err, which sends the retry round
	// when it is not nil.
	EndError
)

func (e End) String() string { return [...]string{"", "round", "leave", "error"}[e] }

// Cond is one condition met on a path.
type Cond struct {
	// Tag is the switch tag a case compares with; nil for an if and a
	// tagless switch.
	Tag ast.Expr
	// Any are the if condition or the case's values: the branch runs when
	// one holds (or equals Tag). Empty for select and type switch
	// clauses, whose Node says what they wait for or match.
	Any []ast.Expr
	// Holds is false when the path runs because none of Any holds: an
	// else branch, a later case, a default.
	Holds bool
	// Node is the *ast.IfStmt, *ast.CaseClause or *ast.CommClause, or the
	// switch statement for the implicit default of a switch.
	Node ast.Node
	// Step is the number of Steps run before the condition is tested.
	Step int
}

// maxPaths bounds the paths followed through one attempt body; a body
// with more (a long chain of independent ifs) gets no Decision.
const maxPaths = 256

// Decision returns how the site's attempt body decides to go round, or
// nil when the body is not visible as syntax, the library's operation
// convention is not catalogued (catalog.ErrorOperation), or the body has
// ways through that are not followed: goto, fallthrough, a return or a
// branch out of a loop nested in the body, more than maxPaths paths.
func (s *Site) Decision(info *types.Info) *Decision {
	w := &walker{info: info, labels: map[string]cont{}}
	var body []ast.Stmt
	switch b := s.Body.(type) {
	case *ast.BlockStmt: // a loop, or the body of a backoff.Continue loop
		body = b.List
		w.label = loopLabel(s.Func, s.Node)
	case *ast.FuncLit:
		if s.Kind != KindLibrary || s.Entry == nil || !catalog.ErrorOperation(s.Entry.Pkg) {
			return nil
		}
		w.op = true
		body = b.Body.List
		if sig, ok := info.TypeOf(b).(*types.Signature); ok {
			w.results = sig.Results().Len()
		}
	default:
		return nil
	}
	w.list(body, pathState{}, func(p pathState) {
		if w.op {
			w.emit(p, EndLeave, nil, nil) // an operation with no results
		} else {
			w.emit(p, EndRound, nil, nil)
		}
	}, nil)
	if w.failed {
		return nil
	}
	return &Decision{Paths: w.paths}
}

// loopLabel returns the label of a labeled loop statement.
func loopLabel(fn, loop ast.Node) string {
	label := ""
	if fn == nil {
		return label
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && l.Stmt == loop {
			label = l.Label.Name
		}
		return label == ""
	})
	return label
}

type walker struct {
	info    *types.Info
	op      bool   // an operation's body: returns decide by their error
	results int    // the operation's result count
	label   string // the retry loop's label
	labels  map[string]cont
	paths   []Path
	work    int
	failed  bool
}

// pathState is a path being followed. Each fork copies it.
type pathState struct {
	steps []ast.Stmt
	conds []Cond
}

func (p pathState) step(st ast.Stmt) pathState {
	return pathState{steps: append(p.steps[:len(p.steps):len(p.steps)], st), conds: p.conds}
}

func (p pathState) cond(c Cond) pathState {
	c.Step = len(p.steps)
	return pathState{steps: p.steps, conds: append(p.conds[:len(p.conds):len(p.conds)], c)}
}

// cont continues a path after a construct ends.
type cont func(p pathState)

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

// IsGRPCCall reports whether fn is a gRPC call: ClientConn.Invoke or a
// method of a generated client stub (the recognizer's own test, which it
// uses for gRPC client sites).
func IsGRPCCall(fn *types.Func) bool { return fn != nil && isGRPCCall(fn) }
