package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// eval evaluates a condition on a path: yes, no, or unknown when it
// depends on something other than the attempt's outcome.
func (m *simulator) eval(x ast.Expr, e env) tri {
	if v, ok := analysisutil.ConstBool(m.s.info, x); ok {
		return triOf(v)
	}
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return m.eval(x.X, e).not()
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			a := m.eval(x.X, e)
			if a == no {
				return no
			}
			b := m.eval(x.Y, e)
			if a == yes {
				return b
			}
			if b == no {
				return no
			}
			return unknown
		case token.LOR:
			return m.eval(&ast.UnaryExpr{Op: token.NOT, X: &ast.BinaryExpr{X: not(x.X), Op: token.LAND, Y: not(x.Y)}}, e)
		case token.EQL, token.NEQ:
			v := m.equal(x.X, x.Y, e)
			if x.Op == token.NEQ {
				v = v.not()
			}
			if v != unknown {
				return v
			}
		}
		return m.status(x, e)
	case *ast.Ident:
		obj := m.s.info.ObjectOf(x)
		if f, ok := e.facts[obj]; ok {
			return f.truth
		}
		if def, ok := m.d.bools[obj]; ok && m.depth < 4 {
			m.depth++
			defer func() { m.depth-- }()
			return m.eval(def, e)
		}
	case *ast.CallExpr:
		return m.call(x, e)
	}
	return unknown
}

func not(x ast.Expr) ast.Expr { return &ast.UnaryExpr{Op: token.NOT, X: x} }

// equal evaluates a == b for the nil checks of the attempt's results
// and comparisons of its error with a sentinel (err == io.EOF).
func (m *simulator) equal(a, b ast.Expr, e env) tri {
	if isNil(m.s.info, a) {
		a, b = b, a
	}
	id, ok := ast.Unparen(a).(*ast.Ident)
	if !ok {
		return unknown
	}
	f, ok := e.facts[m.s.info.ObjectOf(id)]
	if !ok {
		return unknown
	}
	if isNil(m.s.info, b) {
		return f.isNil
	}
	if f.isNil == yes && isError(m.s.info.TypeOf(b)) && m.nonNil(b) {
		return no // a nil error is no sentinel
	}
	return unknown
}

// nonNil reports an expression that names a package-level error
// variable (io.EOF, ErrNotFound): sentinels are never nil.
func (m *simulator) nonNil(x ast.Expr) bool {
	return m.s.packageVar(x) != nil
}

// status evaluates a comparison of a response's status code with a
// constant: resp.StatusCode >= 500, resp.StatusCode == http.StatusOK, and
// the same through a local variable or a division by a constant
// (code := resp.StatusCode; ok := code/100 == 2).
func (m *simulator) status(x *ast.BinaryExpr, e env) tri {
	a, b, op := x.X, x.Y, x.Op
	c, ok := m.s.intConst(b)
	if !ok {
		a, b = b, a
		if c, ok = m.s.intConst(b); !ok {
			return unknown
		}
		op = map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ, token.EQL: token.EQL, token.NEQ: token.NEQ}[op]
	}
	id, div := m.statusOperand(a, 0)
	if id == nil {
		return unknown
	}
	switch e.facts[m.s.info.ObjectOf(id)].status {
	case 200:
		return statusCmp(op, c, div, succeeded)
	case 503:
		return statusCmp(op, c, div, failedStatus)
	}
	return unknown
}

// statusOperand returns the response whose StatusCode an operand reads,
// and what the code is divided by on the way (1 for none), or nil.
func (m *simulator) statusOperand(a ast.Expr, depth int) (*ast.Ident, int64) {
	switch a := ast.Unparen(a).(type) {
	case *ast.SelectorExpr:
		if id, ok := ast.Unparen(a.X).(*ast.Ident); ok && a.Sel.Name == "StatusCode" {
			return id, 1
		}
	case *ast.BinaryExpr:
		if d, ok := m.s.intConst(a.Y); ok && a.Op == token.QUO && d > 0 {
			if id, div := m.statusOperand(a.X, depth); id != nil {
				return id, div * d
			}
		}
	case *ast.Ident:
		if v := m.s.x.Local(a); v != nil && depth < 3 {
			if def := m.s.x.Single(v); def != nil {
				return m.statusOperand(def, depth+1)
			}
		}
	}
	return nil, 0
}

// call evaluates errors.Is and errors.As on a nil error (false), and a
// small predicate of this package by running its body with the
// arguments' facts: shouldRetry(resp, err).
func (m *simulator) call(x *ast.CallExpr, e env) tri {
	fn := m.s.calleeOf(x)
	if fn == nil {
		return unknown
	}
	if analysisutil.IsFunc(fn, "errors", "", "Is") || analysisutil.IsFunc(fn, "errors", "", "As") {
		if id, ok := ast.Unparen(x.Args[0]).(*ast.Ident); ok && e.facts[m.s.info.ObjectOf(id)].isNil == yes {
			return no
		}
		return unknown
	}
	fi := m.s.byObj[fn]
	if fi == nil || fi.decl.Body == nil || m.depth >= 2 || len(fi.decl.Body.List) > 20 {
		return unknown
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 || !isBool(sig.Results().At(0).Type()) || sig.Variadic() {
		return unknown
	}
	inner := env{facts: map[types.Object]fact{}, attempted: true}
	for i, a := range x.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok || i >= sig.Params().Len() {
			continue
		}
		if f, ok := e.facts[m.s.info.ObjectOf(id)]; ok {
			inner.facts[sig.Params().At(i)] = f
		}
	}
	if len(inner.facts) == 0 {
		return unknown
	}
	sub := &simulator{s: m.s, d: m.d, outcome: m.outcome, budget: 60, depth: m.depth + 1}
	sub.run(fi.decl.Body.List, inner)
	if sub.budget < 0 || len(sub.returned) == 0 {
		return unknown
	}
	v := sub.returned[0]
	for _, r := range sub.returned[1:] {
		if r != v {
			return unknown
		}
	}
	return v
}
