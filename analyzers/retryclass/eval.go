package retryclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// The analyzer asks one question of a retry's decision, under one
// scenario at a time: when the attempt ends this way (the server answered
// 404, the gRPC call failed with NotFound, the caller's context is done),
// does some path through the attempt go round again?
//
// Conditions are evaluated along their path, three-valued: a variable's
// value is its last assignment among the path's steps (resp, err :=
// client.Do(req)), a call's results follow the scenario, and the known
// shapes are folded: nil tests, status comparisons, errors.Is with a
// context error, status.Code(err) against codes constants. A condition
// the evaluator cannot fold is unknown; when it depends on the attempt's
// outcome (isRetryable(err), shouldRetry(resp)) the decision is opaque
// and the analyzer says nothing.

type tri int8

const (
	no tri = iota
	yes
	unknown
)

func (t tri) not() tri {
	switch t {
	case no:
		return yes
	case yes:
		return no
	}
	return unknown
}

// scenario is one way an attempt ends.
type scenario struct {
	// status > 0: every call succeeded and every response has this HTTP
	// status.
	status int
	// grpc: every gRPC call failed with code; other calls succeeded.
	grpc bool
	code int64
	// cancel: the caller's context is done (deadline: by its deadline);
	// calls given it fail with its error.
	cancel, deadline bool
}

// errClass is what kind of error a failed call returns.
type errClass uint8

const (
	errPlain errClass = iota + 1 // fmt.Errorf, a transport error
	errCtx                       // context.Canceled or DeadlineExceeded
	errGRPC                      // a gRPC status error with a code
)

type vkind uint8

const (
	vUnknown vkind = iota
	vBool
	vInt
	vNil  // a nil error, response or status
	vErr  // a non-nil error of class err
	vResp // a non-nil *http.Response
	vStat // a *status.Status with code
)

type value struct {
	kind vkind
	b    tri
	n    int64 // vInt; the code of vErr errGRPC and vStat
	err  errClass
	// related: an unknown value that depends on the attempt's outcome.
	related bool
}

func unknownValue(related bool) value { return value{kind: vUnknown, b: unknown, related: related} }

// evaluator evaluates the conditions of one site's decision.
type evaluator struct {
	info *types.Info
	sc   scenario
	// fails says which calls fail in the scenario, and how.
	fails func(call *ast.CallExpr) (errClass, bool)
	// related are the variables the attempt's outcome flows into.
	related map[types.Object]bool
	depth   int
}

// verdict is what a decision does under a scenario.
type verdict struct {
	round *retryscan.Path // a path that surely goes round
	// opaque: a reachable condition depends on the outcome in a way the
	// evaluator does not fold.
	opaque bool
}

func (ev *evaluator) verdict(d *retryscan.Decision) verdict {
	var v verdict
	for i := range d.Paths {
		p := &d.Paths[i]
		possible := true
		for _, c := range p.Conds {
			t, related := ev.cond(p, c)
			if t == no {
				possible = false
				break
			}
			if t == unknown && related {
				v.opaque = true
				possible = false
				break
			}
		}
		if !possible {
			continue
		}
		goesRound := false
		switch p.End {
		case retryscan.EndRound:
			goesRound = true
		case retryscan.EndError:
			if p.Err == nil {
				v.opaque = true
				continue
			}
			switch r := ev.eval(p, len(p.Steps), p.Err); r.kind {
			case vErr:
				goesRound = true
			case vUnknown:
				v.opaque = v.opaque || r.related
			}
		}
		if goesRound && v.round == nil {
			v.round = p
		}
	}
	return v
}

// cond evaluates a condition on its path.
func (ev *evaluator) cond(p *retryscan.Path, c retryscan.Cond) (tri, bool) {
	if len(c.Any) == 0 { // a select or type switch clause
		return unknown, ev.mentionsRelated(c.Node)
	}
	t, related := no, false
	for _, e := range c.Any {
		var v value
		if c.Tag != nil {
			v = ev.compare(ev.eval(p, c.Step, c.Tag), ev.eval(p, c.Step, e), token.EQL)
		} else {
			v = ev.eval(p, c.Step, e)
		}
		b := v.b
		if v.kind != vBool {
			b = unknown
			related = related || v.related
		}
		t = or(t, b)
	}
	if !c.Holds {
		t = t.not()
	}
	return t, related
}

func or(a, b tri) tri {
	switch {
	case a == yes || b == yes:
		return yes
	case a == no && b == no:
		return no
	}
	return unknown
}

func and(a, b tri) tri {
	switch {
	case a == no || b == no:
		return no
	case a == yes && b == yes:
		return yes
	}
	return unknown
}

func boolValue(t tri, related bool) value {
	if t == unknown {
		return unknownValue(related)
	}
	return value{kind: vBool, b: t}
}

// eval evaluates e after the first step steps of path p.
func (ev *evaluator) eval(p *retryscan.Path, step int, e ast.Expr) value {
	if ev.depth++; ev.depth > 40 {
		ev.depth--
		return unknownValue(true)
	}
	defer func() { ev.depth-- }()
	e = ast.Unparen(e)
	if tv, ok := ev.info.Types[e]; ok && tv.Value != nil {
		switch tv.Value.Kind() {
		case constant.Bool:
			if constant.BoolVal(tv.Value) {
				return value{kind: vBool, b: yes}
			}
			return value{kind: vBool, b: no}
		case constant.Int:
			n, _ := constant.Int64Val(tv.Value)
			return value{kind: vInt, n: n}
		}
		return unknownValue(false)
	}
	switch e := e.(type) {
	case *ast.Ident:
		if isNilIdent(ev.info, e) {
			return value{kind: vNil}
		}
		return ev.variable(p, step, ev.info.ObjectOf(e))
	case *ast.SelectorExpr:
		if e.Sel.Name == "StatusCode" && isResponse(ev.info.TypeOf(e.X)) {
			if x := ev.eval(p, step, e.X); x.kind == vResp && ev.sc.status > 0 {
				return value{kind: vInt, n: int64(ev.sc.status)}
			}
		}
		if v, ok := ev.info.ObjectOf(e.Sel).(*types.Var); ok && !v.IsField() {
			return ev.variable(p, step, v) // a package-level variable
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			x := ev.eval(p, step, e.X)
			if x.kind == vBool {
				return boolValue(x.b.not(), false)
			}
			return unknownValue(x.related)
		}
	case *ast.BinaryExpr:
		return ev.binary(p, step, e)
	case *ast.CallExpr:
		return ev.call(p, step, e, 0)
	}
	return unknownValue(ev.mentionsRelated(e))
}

func (ev *evaluator) binary(p *retryscan.Path, step int, e *ast.BinaryExpr) value {
	x := ev.eval(p, step, e.X)
	switch e.Op {
	case token.LAND, token.LOR:
		if x.kind == vBool && (x.b == no) == (e.Op == token.LAND) {
			return x // short circuit: false && ..., true || ...
		}
		y := ev.eval(p, step, e.Y)
		xb, yb := x.b, y.b
		if x.kind != vBool {
			xb = unknown
		}
		if y.kind != vBool {
			yb = unknown
		}
		t := and(xb, yb)
		if e.Op == token.LOR {
			t = or(xb, yb)
		}
		return boolValue(t, x.related || y.related)
	}
	y := ev.eval(p, step, e.Y)
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return ev.compare(x, y, e.Op)
	case token.QUO, token.REM, token.ADD, token.SUB, token.MUL:
		if x.kind == vInt && y.kind == vInt {
			switch e.Op {
			case token.QUO:
				if y.n != 0 {
					return value{kind: vInt, n: x.n / y.n}
				}
			case token.REM:
				if y.n != 0 {
					return value{kind: vInt, n: x.n % y.n}
				}
			case token.ADD:
				return value{kind: vInt, n: x.n + y.n}
			case token.SUB:
				return value{kind: vInt, n: x.n - y.n}
			case token.MUL:
				return value{kind: vInt, n: x.n * y.n}
			}
		}
	}
	return unknownValue(x.related || y.related || ev.mentionsRelated(e))
}

// compare folds a comparison of two values.
func (ev *evaluator) compare(x, y value, op token.Token) value {
	related := x.related || y.related
	if x.kind == vInt && y.kind == vInt {
		var r bool
		switch op {
		case token.EQL:
			r = x.n == y.n
		case token.NEQ:
			r = x.n != y.n
		case token.LSS:
			r = x.n < y.n
		case token.LEQ:
			r = x.n <= y.n
		case token.GTR:
			r = x.n > y.n
		case token.GEQ:
			r = x.n >= y.n
		}
		return boolValue(map[bool]tri{true: yes, false: no}[r], false)
	}
	if op != token.EQL && op != token.NEQ {
		return unknownValue(related)
	}
	if x.kind == vNil && (y.kind == vNil || y.kind == vErr || y.kind == vResp || y.kind == vStat) ||
		y.kind == vNil && (x.kind == vErr || x.kind == vResp || x.kind == vStat) {
		eq := x.kind == y.kind
		if (op == token.EQL) == eq {
			return value{kind: vBool, b: yes}
		}
		return value{kind: vBool, b: no}
	}
	if x.kind == vBool && y.kind == vBool && x.b != unknown && y.b != unknown {
		if (op == token.EQL) == (x.b == y.b) {
			return value{kind: vBool, b: yes}
		}
		return value{kind: vBool, b: no}
	}
	return unknownValue(related)
}

// mentionsRelated reports whether n refers to a variable the attempt's
// outcome flows into.
func (ev *evaluator) mentionsRelated(n ast.Node) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && ev.related[ev.info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}
