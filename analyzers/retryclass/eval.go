package retryclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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

// variable evaluates a variable through its last assignment on the path.
func (ev *evaluator) variable(p *retryscan.Path, step int, obj types.Object) value {
	v, ok := obj.(*types.Var)
	if !ok {
		return unknownValue(false)
	}
	for i := step - 1; i >= 0; i-- {
		st := p.Steps[i]
		if rhs, idx, found := assignmentOf(ev.info, st, v); found {
			if rhs == nil {
				if zero, ok := zeroValue(st, v); ok {
					return zero // var err error
				}
				return unknownValue(ev.isRelated(v)) // an assignment not followed: x += 1
			}
			if idx >= 0 {
				return ev.result(p, i, rhs, idx)
			}
			return ev.eval(p, i, rhs)
		}
		if assignsIn(ev.info, st, v) {
			return unknownValue(ev.isRelated(v)) // inside a nested loop or a compound step
		}
	}
	return unknownValue(ev.isRelated(v))
}

// isRelated reports whether a variable may hold the attempt's outcome:
// it is assigned from it, or it is an error or a response.
func (ev *evaluator) isRelated(v *types.Var) bool {
	return ev.related[v] || isErrorType(v.Type()) || isResponse(v.Type())
}

// result evaluates the idx-th result of a multi-value expression.
func (ev *evaluator) result(p *retryscan.Path, step int, rhs ast.Expr, idx int) value {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return unknownValue(ev.mentionsRelated(rhs))
	}
	return ev.call(p, step, call, idx)
}

// call evaluates the idx-th result of a call.
func (ev *evaluator) call(p *retryscan.Path, step int, call *ast.CallExpr, idx int) value {
	fn := calleeOf(ev.info, call)
	if h := catalog.LookupClassHook(fn); h != nil && h.Hook == catalog.HookStatusCode {
		return ev.statusCode(p, step, call, fn, idx)
	}
	switch {
	case analysisutil.IsFunc(fn, "errors", "", "Is") && len(call.Args) == 2:
		return ev.errorsIs(ev.eval(p, step, call.Args[0]), call.Args[1])
	case analysisutil.IsFunc(fn, "fmt", "", "Errorf"), analysisutil.IsFunc(fn, "errors", "", "New"):
		return value{kind: vErr, err: errPlain}
	case fn != nil && fn.Name() == "Err" && isContext(recvType(ev.info, call)):
		if ev.sc.cancel {
			return value{kind: vErr, err: errCtx}
		}
		return value{kind: vNil}
	}
	sig, ok := ev.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || idx >= sig.Results().Len() {
		return unknownValue(ev.mentionsRelated(call))
	}
	t := sig.Results().At(idx).Type()
	if class, fails := ev.fails(call); fails {
		code := ev.sc.code
		if class == errGRPC && ev.sc.cancel {
			code = 1 // codes.Canceled
			if ev.sc.deadline {
				code = 4 // codes.DeadlineExceeded
			}
		}
		switch {
		case isErrorType(t):
			return value{kind: vErr, err: class, n: code}
		case isResponse(t):
			return value{kind: vNil}
		}
		return unknownValue(true)
	}
	if !ev.opaqueCall(call) {
		switch {
		case isErrorType(t):
			return value{kind: vNil}
		case isResponse(t):
			return value{kind: vResp}
		}
	}
	return unknownValue(ev.mentionsRelated(call) || isErrorType(t) || isResponse(t))
}

// opaqueCall reports whether a call's outcome is unknown in the
// scenario: it is handed what the attempt returned and may decide on it
// (checkStatus(resp), classify(err)). The standard library decides
// nothing about statuses or codes: io.ReadAll(resp.Body) and
// json.Unmarshal succeed in every scenario but the ones that fail them.
func (ev *evaluator) opaqueCall(call *ast.CallExpr) bool {
	if !ev.mentionsRelated(call) {
		return false
	}
	fn := calleeOf(ev.info, call)
	return fn == nil || !isStd(fn.Pkg())
}

// statusCode folds status.Code(err), status.FromError(err),
// status.Convert(err) and st.Code().
func (ev *evaluator) statusCode(p *retryscan.Path, step int, call *ast.CallExpr, fn *types.Func, idx int) value {
	var arg value
	if fn.Name() == "Code" && analysisutil.RecvName(fn) == "Status" {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return unknownValue(true)
		}
		st := ev.eval(p, step, sel.X)
		switch st.kind {
		case vStat:
			return value{kind: vInt, n: st.n}
		case vNil:
			return value{kind: vInt, n: 0}
		}
		return unknownValue(true)
	}
	if len(call.Args) != 1 {
		return unknownValue(true)
	}
	arg = ev.eval(p, step, call.Args[0])
	code, isStatus := int64(0), true
	switch {
	case arg.kind == vNil:
	case arg.kind == vErr && arg.err == errGRPC:
		code = arg.n
	case arg.kind == vErr:
		code, isStatus = 2, false // codes.Unknown: not a status error
	default:
		return unknownValue(true)
	}
	switch {
	case fn.Name() == "Code":
		return value{kind: vInt, n: code}
	case fn.Name() == "FromError" && idx == 1:
		return boolValue(map[bool]tri{true: yes, false: no}[isStatus], false)
	}
	return value{kind: vStat, n: code}
}

// errorsIs folds errors.Is(err, target) for a context error target and
// for errors that cannot wrap the target.
func (ev *evaluator) errorsIs(err value, target ast.Expr) value {
	switch err.kind {
	case vNil:
		return value{kind: vBool, b: no}
	case vErr:
	default:
		return unknownValue(err.related)
	}
	obj := analysisutil.ObjectOf(ev.info, target)
	isCtx := analysisutil.PkgPath(obj) == "context"
	switch {
	case isCtx && err.err == errCtx:
		want := "Canceled"
		if ev.sc.deadline {
			want = "DeadlineExceeded"
		}
		return boolValue(map[bool]tri{true: yes, false: no}[obj.Name() == want], false)
	case isCtx:
		return value{kind: vBool, b: no} // a status or plain error is not a context error
	case err.err == errCtx:
		return value{kind: vBool, b: no} // a context error is no user sentinel
	}
	return unknownValue(true)
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
