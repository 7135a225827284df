package inventory

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Real code is mostly unknowns: an attempt count from configuration, an
// attempt that calls through an interface. The report still says what is
// known and why the rest is not, so that the reader knows what to
// declare (//retrylint:retrier attempts=N on the function) or where to
// look.

// until says what ends a retry with no attempt limit that a context or
// an elapsed-time limit ends: "ctx", "time", "ctx or time".
func until(bd retryscan.Bound) string {
	if bd.Attempts != catalog.AttemptsUnbounded {
		return ""
	}
	switch {
	case bd.Ctx && bd.Time:
		return "ctx or time"
	case bd.Ctx:
		return "ctx"
	case bd.Time:
		return "time"
	}
	return ""
}

// attemptsWhy says why a site's attempts are not a number.
func (b *builder) attemptsWhy(s *retryscan.Site, fn string) string {
	bd := s.Bound()
	switch {
	case bd.Attempts > 0:
		return ""
	case bd.Attempts == catalog.AttemptsUnbounded:
		switch until(bd) {
		case "ctx":
			return "no attempt limit: it stops only when its context is done"
		case "time":
			return "no attempt limit: it stops only at its elapsed-time limit"
		case "ctx or time":
			return "no attempt limit: it stops only when its context is done or at its elapsed-time limit"
		}
		return "no attempt limit, and nothing else ends it"
	}
	hint := "; declare the count with //retrylint:retrier attempts=N on " + fn
	if name := paramName(s.Func(), bd.CountParam-1); name != "" {
		return "attempts come from parameter " + name + ", which each caller passes" + hint
	}
	if bd.Evidence != nil {
		return "the attempt limit is set by " + short(types.ExprString(exprOf(bd.Evidence))) + ", not a constant" + hint
	}
	if s.Kind() == retryscan.KindLoop {
		// The recognizer's Bound does not say what the loop counts
		// against (a package variable, a field, a call's result).
		return "the loop stops on a count or a condition that is not a constant" + hint
	}
	return "the attempt limit is not visible" + hint
}

// paramName is the name of parameter i of a function declaration or
// literal, "" when there is none.
func paramName(fn ast.Node, i int) string {
	ft := analysisutil.FuncType(fn)
	if ft == nil || i < 0 {
		return ""
	}
	for _, field := range ft.Params.List {
		for _, n := range field.Names {
			if i == 0 {
				return n.Name
			}
			i--
		}
		if len(field.Names) == 0 {
			if i == 0 {
				return ""
			}
			i--
		}
	}
	return ""
}

// exprOf is the expression of a node: a call's, an assignment's value.
func exprOf(n ast.Node) ast.Expr {
	switch n := n.(type) {
	case *ast.KeyValueExpr: // an ast.Expr too: MaxRetries: n
		return n.Value
	case ast.Expr:
		return n
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			return n.Rhs[0]
		}
	}
	return &ast.BadExpr{}
}

// unresolvedWhy says what a site's attempts call that the report does
// not follow: calls through an interface or a function value, or an
// operation whose body is not in the report.
func (b *builder) unresolvedWhy(s *retryscan.Site) string {
	var what []string
	add := func(w string) {
		for _, x := range what {
			if x == w {
				return
			}
		}
		what = append(what, w)
	}
	switch {
	case s.Kind() == retryscan.KindRetrier && s.Callee() != nil:
		add("call " + analysisutil.FuncName(s.Callee(), b.pass.Pkg) + ", whose calls out are not in the report")
	case s.Op() != nil:
		add("run " + analysisutil.FuncName(s.Op(), b.pass.Pkg) + ", which reaches no outbound call the report knows")
	}
	if s.Body() != nil {
		ast.Inspect(s.Body(), func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(what) >= 2 {
				return len(what) < 2
			}
			fn := analysisutil.AnyCallee(b.pass.TypesInfo, call)
			switch {
			case fn == nil:
				// A cancel func of context.WithTimeout is a function value
				// that calls nothing out.
				if tv, ok := b.pass.TypesInfo.Types[call.Fun]; ok && !tv.IsType() && !tv.IsBuiltin() &&
					!analysisutil.Named(tv.Type, "context", "CancelFunc") && !analysisutil.Named(tv.Type, "context", "CancelCauseFunc") {
					add("call " + short(types.ExprString(call.Fun)) + ", a function value")
				}
			case isIfaceMethod(fn) && fn.Pkg() != nil && !b.std(fn.Pkg()) && outboundFamily(fn) == "" && !b.relevant(fn):
				add("call " + short(types.ExprString(call.Fun)) + " through an interface")
			}
			return true
		})
	}
	if len(what) == 0 {
		return "its attempts reach no outbound call the catalog knows"
	}
	return "its attempts " + strings.Join(what, " and ")
}

func isIfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, ok = sig.Recv().Type().Underlying().(*types.Interface)
	return ok
}

// short cuts a long expression for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 48 {
		return string(r[:45]) + "..."
	}
	return s
}
