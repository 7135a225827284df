package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// ends is the set of ways an abstract run of statements can end.
type ends uint8

const (
	endExit  ends = 1 << iota // leaves the loop: return, break, goto
	endRound                  // goes round again: continue, end of body
	endAbort                  // a call that does not return: panic, t.Fatal
	endFall                   // falls off the end of the statement list
	endBreak                  // an unlabeled break (of the loop, or of a switch around it)
)

// simulator runs a loop body, or a predicate's body, in the abstract.
type simulator struct {
	s       *scanner
	d       *decision
	loop    ast.Stmt // nil for a predicate body
	fn      ast.Node // the function holding the loop, to find its label
	outcome outcome
	budget  int // statements left to visit; the run is void below 0
	depth   int // predicate calls being evaluated

	condExit bool  // the loop condition left the loop on this outcome
	returned []tri // a predicate's return values
}

// result of running a statement list: its ends, and the state at each
// end that continues: falling off the list, an unlabeled break, a
// continue of the loop.
type result struct {
	ends            ends
	fall, brk, cont *env
}

func (m *simulator) join(a, b result) result {
	return result{ends: a.ends | b.ends, fall: merge(a.fall, b.fall), brk: merge(a.brk, b.brk), cont: merge(a.cont, b.cont)}
}

// iteration runs one iteration of the loop from the top of its body.
func (m *simulator) iteration(body *ast.BlockStmt) ends {
	if m.loop == nil {
		// A recursive retry: the self-call goes round, the end of the
		// function leaves.
		r := m.run(body.List, env{facts: map[types.Object]fact{}})
		out := r.ends & (endExit | endAbort | endRound)
		if r.ends&endFall != 0 && r.fall.attempted {
			out |= endExit
		}
		return out
	}
	r := m.run(body.List, env{facts: map[types.Object]fact{}})
	out := r.ends & (endExit | endAbort)
	if r.ends&endBreak != 0 {
		out |= endExit
	}
	// continue and the end of the body both run the post statement and
	// test the condition.
	if next := merge(r.fall, r.cont); next != nil {
		out |= m.next(*next)
	}
	return out
}

// next is the end of an iteration: the post statement, the condition.
func (m *simulator) next(e env) ends {
	f, ok := m.loop.(*ast.ForStmt)
	if ok && f.Post != nil {
		e = m.assign(f.Post, e)
	}
	if !e.attempted {
		return 0
	}
	if !ok || f.Cond == nil {
		return endRound
	}
	switch m.eval(f.Cond, e) {
	case yes:
		return endRound
	case no:
		if m.s.outcomeAtom(m.d, f.Cond) {
			m.condExit = true
		}
		return endExit
	}
	return endRound | endExit
}

// run runs a statement list from the given state.
func (m *simulator) run(list []ast.Stmt, e env) result {
	var out result
	cur := &e
	for _, st := range list {
		m.budget--
		if m.budget < 0 {
			return result{ends: endExit | endRound | endFall, fall: cur}
		}
		r := m.stmt(st, *cur)
		out.ends |= r.ends &^ endFall
		out.brk, out.cont = merge(out.brk, r.brk), merge(out.cont, r.cont)
		if r.ends&endFall == 0 {
			return out
		}
		cur = r.fall
	}
	out.ends |= endFall
	out.fall = cur
	return out
}

// stmt runs one statement.
func (m *simulator) stmt(st ast.Stmt, e env) result {
	if self := m.d.self; self != nil && st.Pos() <= self.Pos() && self.End() <= st.End() {
		switch st.(type) {
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
			if !e.attempted {
				return result{}
			}
			return result{ends: endRound}
		}
	}
	fall := func(e env) result { return result{ends: endFall, fall: &e} }
	gate := func(x ends) result {
		if !e.attempted {
			return result{} // before the attempt: this path decides nothing
		}
		return result{ends: x}
	}
	switch st := st.(type) {
	case *ast.ReturnStmt:
		if m.loop == nil && len(st.Results) == 1 {
			m.returned = append(m.returned, m.eval(st.Results[0], e))
		}
		return gate(endExit)
	case *ast.BranchStmt:
		return m.branch(st, e)
	case *ast.ExprStmt:
		if isNoReturn(st.X) {
			return gate(endAbort)
		}
		return fall(e)
	case *ast.AssignStmt:
		return fall(m.assign(st, e))
	case *ast.DeclStmt:
		return fall(m.assign(st, e))
	case *ast.BlockStmt:
		return m.run(st.List, e)
	case *ast.LabeledStmt:
		return m.stmt(st.Stmt, e)
	case *ast.IfStmt:
		if st.Init != nil {
			e = m.assign(st.Init, e)
		}
		var out result
		v := m.eval(st.Cond, e)
		if v != no {
			out = m.join(out, m.run(st.Body.List, e))
		}
		if v != yes {
			if st.Else != nil {
				out = m.join(out, m.stmt(st.Else, e))
			} else {
				out = m.join(out, fall(e))
			}
		}
		return out
	case *ast.SwitchStmt:
		if st.Init != nil {
			e = m.assign(st.Init, e)
		}
		return m.switchStmt(st, e)
	case *ast.TypeSwitchStmt, *ast.SelectStmt:
		var clauses []ast.Stmt
		var def bool
		switch st := st.(type) {
		case *ast.TypeSwitchStmt:
			clauses = st.Body.List
		case *ast.SelectStmt:
			clauses, def = st.Body.List, true
		}
		var out result
		for _, c := range clauses {
			var body []ast.Stmt
			switch c := c.(type) {
			case *ast.CaseClause:
				body, def = c.Body, def || c.List == nil
			case *ast.CommClause:
				body = c.Body
			}
			out = m.join(out, breakToFall(m.run(body, e)))
		}
		if !def {
			out = m.join(out, fall(e))
		}
		return out
	case *ast.ForStmt, *ast.RangeStmt:
		// A nested loop: a return inside may leave; break and continue
		// inside are its own.
		out := fall(e)
		if e.attempted && containsReturn(st) {
			out.ends |= endExit
		}
		return out
	}
	return fall(e)
}

// switchStmt runs the clauses of an expression switch that can match.
func (m *simulator) switchStmt(st *ast.SwitchStmt, e env) result {
	var out result
	matched := false // some earlier case surely matched
	var def []ast.Stmt
	hasDef := false
	for _, c := range st.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			def, hasDef = cc.Body, true
			continue
		}
		if matched {
			break
		}
		v := no
		for _, x := range cc.List {
			cond := x
			if st.Tag != nil {
				cond = &ast.BinaryExpr{X: st.Tag, Op: token.EQL, Y: x}
			}
			switch m.eval(cond, e) {
			case yes:
				v = yes
			case unknown:
				if v == no {
					v = unknown
				}
			}
		}
		if v != no {
			out = m.join(out, breakToFall(m.run(cc.Body, e)))
		}
		matched = v == yes
	}
	if !matched {
		if hasDef {
			out = m.join(out, breakToFall(m.run(def, e)))
		} else {
			out = m.join(out, result{ends: endFall, fall: &e})
		}
	}
	return out
}

// breakToFall turns the unlabeled breaks of a switch or select clause
// into falls out of the statement.
func breakToFall(r result) result {
	if r.ends&endBreak != 0 {
		r.ends = r.ends&^endBreak | endFall
		r.fall = merge(r.fall, r.brk)
		r.brk = nil
	}
	return r
}

// branch runs break, continue and goto.
func (m *simulator) branch(st *ast.BranchStmt, e env) result {
	if !e.attempted {
		return result{} // before the attempt: this path decides nothing
	}
	var label types.Object
	if st.Label != nil {
		label = m.s.info.Uses[st.Label]
	}
	if st.Tok == token.GOTO && label != nil && label == m.d.label {
		return result{ends: endRound} // a goto loop goes round again
	}
	if m.loop == nil {
		return result{ends: endFall, fall: &e} // in a function body: not followed
	}
	switch {
	case st.Tok == token.GOTO:
		return result{ends: endExit}
	case label != nil && label == m.loopLabel():
		if st.Tok == token.CONTINUE {
			return result{ends: endRound, cont: &e}
		}
		return result{ends: endExit}
	case label != nil && m.loop.Pos() <= label.Pos() && label.Pos() < m.loop.End():
		return result{ends: endFall, fall: &e} // breaks a statement inside the body
	case label != nil:
		return result{ends: endExit} // breaks or continues an outer statement
	case st.Tok == token.CONTINUE:
		return result{ends: endRound, cont: &e}
	case st.Tok == token.BREAK:
		return result{ends: endBreak, brk: &e}
	}
	return result{ends: endFall, fall: &e} // fallthrough
}

// loopLabel returns the label of the loop, or nil.
func (m *simulator) loopLabel() types.Object {
	var found types.Object
	if m.fn == nil {
		return nil
	}
	ast.Inspect(m.fn, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == m.loop {
			found = m.s.info.Defs[ls.Label]
		}
		return found == nil
	})
	return found
}

// assign updates the state for an assignment or declaration: the
// attempt's results take the outcome's values; other writes to them
// are known only for nil and constructed errors.
func (m *simulator) assign(st ast.Node, e env) env {
	if m.d.stmts[st] {
		e.attempted = true
		for obj, r := range m.d.vars {
			e = e.with(obj, m.outcomeFact(r))
		}
		return e
	}
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return e
	}
	for i, l := range as.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		obj := m.s.info.ObjectOf(id)
		if _, tracked := e.facts[obj]; !tracked {
			continue
		}
		f := fact{}
		if len(as.Lhs) == len(as.Rhs) {
			switch {
			case isNil(m.s.info, as.Rhs[i]):
				f.isNil = yes
			case m.constructsError(as.Rhs[i]):
				f.isNil = no
			}
		}
		e = e.with(obj, f)
	}
	return e
}

// constructsError recognizes a new non-nil error: errors.New,
// fmt.Errorf, &StatusError{...}, StatusError{...}.
func (m *simulator) constructsError(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		fn := m.s.calleeOf(x)
		return analysisutil.IsFunc(fn, "errors", "", "New") || analysisutil.IsFunc(fn, "fmt", "", "Errorf")
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && ok
	case *ast.CompositeLit:
		return true
	}
	return false
}

func (m *simulator) outcomeFact(r role) fact {
	switch r {
	case roleErr:
		return fact{isNil: triOf(m.outcome != failedErr)}
	case roleOK:
		switch {
		case m.outcome == succeeded:
			return fact{truth: yes}
		case m.outcome == failedStatus || !m.hasErr():
			return fact{truth: no}
		}
	case roleValue:
		if m.outcome == succeeded {
			return fact{isNil: no}
		}
	case roleResp:
		switch m.outcome {
		case succeeded:
			return fact{isNil: no, status: 200}
		case failedStatus:
			return fact{isNil: no, status: 503}
		}
	}
	return fact{}
}

// hasErr reports whether the attempt returns an error.
func (m *simulator) hasErr() bool {
	for _, r := range m.d.vars {
		if r == roleErr {
			return true
		}
	}
	return false
}

// containsReturn reports a return statement outside function literals.
func containsReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}
