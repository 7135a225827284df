package retryscan

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
)

// A retry loop decides, after each attempt, whether to leave or go round
// again. Real code decides in many forms, all of which mean "success
// leaves, a failure goes round":
//
//	if err == nil || attempt == max { break }
//	if err != nil && isRetryable(err) { continue }
//	retry := err != nil || resp.StatusCode >= 500
//	if !shouldRetry(resp, err) { return resp, err }
//	if err == nil { if resp.StatusCode < 500 { return }; err = errStatus }
//	if ok, err := try(ctx); ok { return nil }
//
// Rather than match these forms, the recognizer runs the loop body in
// the abstract under three outcomes of a candidate attempt call (it
// succeeded; it failed with an error; it answered with no error but a
// false result or a 5xx status) and
// asks where each iteration ends. The call is the attempt when success
// always leaves the loop and some failure goes round again. Conditions
// that do not depend on the outcome (a counter, a flag) take both
// branches, so a read loop (success goes round), a loop that gives up on
// the first failure, and a pagination loop (success leaves only on the
// last page) all fail the test.

// tri is a three-valued truth.
type tri uint8

const (
	unknown tri = iota
	yes
	no
)

func (t tri) not() tri {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return unknown
}

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

// outcome is the assumed result of the attempt.
type outcome uint8

const (
	succeeded    outcome = iota // err == nil, ok, a 2xx status
	failedErr                   // err != nil (and !ok when no error is returned)
	failedStatus                // err == nil but !ok, or a 503 status
)

// role is what a result of the attempt call tells.
type role uint8

const (
	roleErr   role = iota + 1 // an error: nil on success
	roleOK                    // a bool: true on success
	roleResp                  // a response with a StatusCode field
	roleValue                 // another result beside an error: not nil on success
)

// fact is what is known about one variable on a path.
type fact struct {
	isNil  tri // error and response variables
	truth  tri // bool variables
	status int // response variables: the status code, 0 if unknown
}

// env is the state of one abstract path. It is copied on write.
type env struct {
	facts     map[types.Object]fact
	attempted bool // the attempt call has run on this path
}

func (e env) with(obj types.Object, f fact) env {
	m := make(map[types.Object]fact, len(e.facts)+1)
	for k, v := range e.facts {
		m[k] = v
	}
	m[obj] = f
	return env{facts: m, attempted: e.attempted}
}

// merge joins the states of two paths that meet.
func merge(a, b *env) *env {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	m := map[types.Object]fact{}
	for k, fa := range a.facts {
		if fb, ok := b.facts[k]; ok {
			m[k] = fact{isNil: same(fa.isNil, fb.isNil), truth: same(fa.truth, fb.truth), status: sameInt(fa.status, fb.status)}
		}
	}
	return &env{facts: m, attempted: a.attempted || b.attempted}
}

func same(a, b tri) tri {
	if a == b {
		return a
	}
	return unknown
}

func sameInt(a, b int) int {
	if a == b {
		return a
	}
	return 0
}

// decision is the attempt a retry loop decides on.
type decision struct {
	call  *ast.CallExpr
	stmt  ast.Node          // the statement assigning the call's results
	stmts map[ast.Node]bool // it, and those assigning the same error
	vars  map[types.Object]role
	// bools are the loop's local booleans, by their single definition:
	// retry := err != nil || resp.StatusCode >= 500.
	bools map[types.Object]ast.Expr
	// byBool: only a bool result reports success (ok := try()).
	byBool bool
	// self is the call that goes round again in a recursive retry.
	self *ast.CallExpr
	// label is the label a goto loop jumps back to.
	label types.Object
	// inCond: the loop condition makes the decision
	// (for err = op(); err != nil; err = op()).
	inCond bool
}

// decide finds the attempt call of a loop: success always leaves and a
// failure may go round. It returns nil when the loop has none.
//
// For a recursive retry, loop is nil and self is the call of the
// function by itself, which goes round again; for a goto loop, loop is
// nil and a goto to label goes round again.
func (s *scanner) decide(fn ast.Node, loop ast.Stmt, body *ast.BlockStmt, self *ast.CallExpr, label types.Object) *decision {
	bools := s.localBools(body)
	var cands []*decision
	add := func(st ast.Node, lhs []ast.Expr, rhs []ast.Expr) {
		if len(rhs) != 1 {
			return
		}
		call, ok := ast.Unparen(rhs[0]).(*ast.CallExpr)
		if !ok {
			return
		}
		if call == self {
			return
		}
		d := &decision{call: call, stmt: st, vars: s.resultRoles(call, lhs), bools: bools, self: self, label: label}
		if len(d.vars) > 0 {
			cands = append(cands, d)
		}
	}
	visitStmts(body.List, func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			add(st, st.Lhs, st.Rhs)
		case *ast.DeclStmt:
			if gd, ok := st.Decl.(*ast.GenDecl); ok {
				for _, sp := range gd.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok {
						lhs := make([]ast.Expr, len(vs.Names))
						for i, n := range vs.Names {
							lhs[i] = n
						}
						add(st, lhs, vs.Values)
					}
				}
			}
		}
	})
	if f, ok := loop.(*ast.ForStmt); ok {
		if as, ok := f.Post.(*ast.AssignStmt); ok {
			add(as, as.Lhs, as.Rhs)
		}
	}
	// Calls assigning the same error on different branches are one
	// attempt: if v2 { err = callV2() } else { err = callV1() }. Calls
	// one after the other are not: the request built before it is sent
	// (req, err = http.NewRequest(...); if err != nil { return err }; _,
	// err = c.Do(req)) may fail on its own.
	for _, d := range cands {
		d.stmts = map[ast.Node]bool{}
		for _, o := range cands {
			if o == d || sameErr(d.vars, o.vars) && alternatives(body, d.stmt, o.stmt) {
				d.stmts[o.stmt] = true
			}
		}
	}
	for _, d := range cands {
		if s.decides(fn, loop, body, d) {
			return d
		}
	}
	return nil
}

// decides runs the loop body under the outcomes of d's call.
func (s *scanner) decides(fn ast.Node, loop ast.Stmt, body *ast.BlockStmt, d *decision) bool {
	hasSoft := false
	for _, r := range d.vars {
		hasSoft = hasSoft || r == roleResp || r == roleOK
	}
	leaves := func() bool {
		sim := &simulator{s: s, d: d, loop: loop, fn: fn, budget: 400, outcome: succeeded}
		ends := sim.iteration(body)
		d.inCond = sim.condExit
		return ends&endExit != 0 && ends&^(endExit|endAbort) == 0 && sim.budget > 0
	}
	if !leaves() {
		return false
	}
	// Does success leave without the bool's word? Then the error decides.
	for obj, r := range d.vars {
		if r == roleOK {
			delete(d.vars, obj)
			d.byBool = !leaves()
			d.vars[obj] = r
		}
	}
	leaves()
	for _, o := range []outcome{failedErr, failedStatus} {
		if o == failedStatus && !hasSoft {
			continue
		}
		sim := &simulator{s: s, d: d, loop: loop, fn: fn, budget: 400, outcome: o}
		if ends := sim.iteration(body); ends&endRound != 0 && sim.budget > 0 {
			return true
		}
	}
	return false
}

// alternatives reports whether no way through body runs both a and b:
// they sit in different branches of an if or different clauses of a
// switch or select. A statement outside body (a for loop's post
// statement) counts as an alternative to every statement in it.
func alternatives(body *ast.BlockStmt, a, b ast.Node) bool {
	pa, pb := ancestors(body, a), ancestors(body, b)
	if pa == nil || pb == nil {
		return true
	}
	i := 0
	for i < len(pa) && i < len(pb) && pa[i] == pb[i] {
		i++
	}
	if i == 0 || i == len(pa) || i == len(pb) {
		return false // one contains the other
	}
	switch lca := pa[i-1].(type) {
	case *ast.IfStmt:
		// In the then and else branches, not the init or condition.
		branch := func(n ast.Node) bool { return n == lca.Body || n == lca.Else }
		return branch(pa[i]) && branch(pb[i])
	case *ast.BlockStmt:
		// Two clauses of one switch or select body.
		_, ca := pa[i].(*ast.CaseClause)
		_, cb := pb[i].(*ast.CaseClause)
		_, xa := pa[i].(*ast.CommClause)
		_, xb := pb[i].(*ast.CommClause)
		return ca && cb || xa && xb
	}
	return false
}

// ancestors returns the nodes from root down to n, n included, or nil
// when n is not under root.
func ancestors(root, n ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(m ast.Node) bool {
		if found != nil {
			return false
		}
		if m == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if m == n {
			found = append(slices.Clone(stack), m)
			return false
		}
		if n.Pos() < m.Pos() || n.End() > m.End() {
			return false
		}
		stack = append(stack, m) // popped at the nil call after its children
		return true
	})
	return found
}

// sameErr reports whether two attempts assign the same error variable.
func sameErr(a, b map[types.Object]role) bool {
	for obj, r := range a {
		if r == roleErr && b[obj] == roleErr {
			return true
		}
	}
	return false
}

// resultRoles assigns roles to the variables receiving a call's results.
func (s *scanner) resultRoles(call *ast.CallExpr, lhs []ast.Expr) map[types.Object]role {
	tup, ok := s.info.TypeOf(call).(*types.Tuple)
	var types_ []types.Type
	if ok {
		for i := 0; i < tup.Len(); i++ {
			types_ = append(types_, tup.At(i).Type())
		}
	} else if t := s.info.TypeOf(call); t != nil {
		types_ = []types.Type{t}
	}
	if len(types_) != len(lhs) {
		return nil
	}
	roles := map[types.Object]role{}
	for i, l := range lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		obj := s.info.ObjectOf(id)
		if obj == nil {
			continue
		}
		switch t := types_[i]; {
		case isError(t):
			roles[obj] = roleErr
		case isBool(t) && boolAttempt(types_) && !queriesState(s.calledName(call)):
			roles[obj] = roleOK
		case hasStatusField(t):
			roles[obj] = roleResp
		case nilable(t) && slices.ContainsFunc(types_, isError):
			// ws, err := c.Watch(ctx); if ws != nil && err == nil: a
			// call that succeeds returns values that can be used.
			roles[obj] = roleValue
		}
	}
	return roles
}

// boolAttempt reports results shaped like an attempt's report: (bool)
// or (bool, error). Two bools (stopped, errored) or a value beside the
// bool (v, ok := cache.Load(k)) say something else.
func boolAttempt(results []types.Type) bool {
	switch len(results) {
	case 1:
		return true
	case 2:
		return isBool(results[0]) && isError(results[1])
	}
	return false
}

// queriesState reports a callee named like a question about a state
// (isReady, hasLeader, checkHealth, pollJob, exists): its bool result
// says what the state is, not whether an attempt worked, and a loop
// waiting for it to turn true is a poll.
func queriesState(name string) bool {
	name = strings.ToLower(name)
	for _, p := range []string{"is", "has", "can", "check", "poll", "ready", "exist", "contain", "get", "list", "find", "lookup", "wait", "status", "health", "alive", "next", "scan", "more"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// hasStatusField reports a pointer to a struct with an integer
// StatusCode field (net/http's Response, and the many like it).
func hasStatusField(t types.Type) bool {
	p, ok := types.Unalias(t).Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == "StatusCode" && isInteger(f.Type()) {
			return true
		}
	}
	return false
}
