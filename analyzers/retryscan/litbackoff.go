package retryscan

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A backoff struct literal leaves the fields it does not name at zero,
// and the zero MaxElapsedTime of cenkalti's ExponentialBackOff never
// stops (evalBound). That holds only while the code the recognizer reads
// is all that configures the value: a literal handed to a helper may get
// its limit there.
//
//	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, ...}
//	applyLimits(b, cfg)          // may set MaxElapsedTime: not judged
//	return backoff.Retry(op, b)

// litSeen reports whether every use of the value a composite literal
// makes is one the recognizer reads: an argument of a function of the
// literal type's own package (backoff.Retry, WithMaxRetries), a method
// called on it (b.Reset()) or one of its fields read or set. A value
// handed to other code, stored elsewhere or returned is not.
func (s *scanner) litSeen(lit *ast.CompositeLit) bool {
	fn := s.enclosingFunc(lit)
	if fn == nil {
		return false
	}
	var e ast.Expr = lit
	if u, ok := s.parentOf(fn, lit).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u
	}
	v := s.eng.ValueOf(fn, e)
	if v == nil {
		return false
	}
	if l, ok := v.(*ssa.UnOp); ok && l.Op == token.MUL {
		v = l.X // b := backoff.ExponentialBackOff{...}: the variable
	}
	typ := namedOf(s.info.TypeOf(lit))
	if typ == nil {
		return false
	}
	pkg := analysisutil.PkgPath(typ.Obj())
	for _, u := range s.eng.Uses(engine.Source{Value: v}) {
		switch in := u.Instr.(type) {
		case *ssa.FieldAddr, *ssa.Field:
		case ssa.CallInstruction:
			if engine.Recv(in) == u.Value {
				continue // b.Reset(), b.NextBackOff()
			}
			if callee := engine.Callee(in); callee == nil || analysisutil.PkgPath(callee) != pkg {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// parentOf returns the node whose child n is, in fn.
func (s *scanner) parentOf(fn, n ast.Node) ast.Node {
	var parent ast.Node
	ast.PreorderStack(fn, nil, func(m ast.Node, stack []ast.Node) bool {
		if m == n && len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		return parent == nil && m.Pos() <= n.Pos() && n.End() <= m.End()
	})
	return parent
}
