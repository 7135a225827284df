package retryclass

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A loop often waits through a helper of the package that sleeps and
// can be stopped by nothing:
//
//	func backoffSleep(attempt int) {
//		time.Sleep(time.Duration(1<<attempt) * 100 * time.Millisecond)
//	}
//
//	for attempt := 0; attempt < 6; attempt++ {
//		if err = c.call(ctx); err == nil { ... }
//		backoffSleep(attempt) // as blind as the time.Sleep inside
//	}
//
// Such a call is a blind wait when the helper does nothing but wait:
// its body waits blindly (time.Sleep, <-time.After or <-t.C outside a
// select), calls nothing but the time, math and math/rand packages,
// conversions and builtins (a helper that also does work is part of the
// attempt), and holds nothing the wait could be cut short through: no
// context, channel or request, no select. A helper that waits in a
// select, or is given the context, is not one; helpers of helpers and
// of other packages are not read.

// blindHelper reports whether a call is of such a helper, and returns
// the name of the wait it makes for messages ("backoffSleep").
func (c *checker) blindHelper(call *ast.CallExpr) (string, bool) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return "", false
	}
	fd := c.funcDecl(fn)
	if fd == nil || fd.Body == nil {
		return "", false
	}
	info := c.pass.TypesInfo
	waits, disqualified := false, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if disqualified {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.SelectStmt, *ast.GoStmt:
			disqualified = true
		case *ast.CallExpr:
			callee := analysisutil.Callee(info, n)
			switch {
			case analysisutil.IsFunc(callee, "time", "", "Sleep"):
				waits = true
			case callee == nil:
				// a conversion or a builtin (min, max); a function value
				// may do anything
				_, conv := analysisutil.Converted(info, n)
				disqualified = !conv && !isBuiltin(info, n)
			default:
				switch analysisutil.PkgPath(callee) {
				case "time", "math", "math/rand", "math/rand/v2":
				default:
					disqualified = true // work of its own: part of the attempt
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				call, after := ast.Unparen(n.X).(*ast.CallExpr)
				_, timer := timerChan(info, n.X)
				if after && c.isTimeAfter(call) || timer {
					waits = true
					return false
				}
				disqualified = true // a receive from another channel
			}
		case ast.Expr:
			disqualified = stopsWait(info.TypeOf(n))
		}
		return !disqualified
	})
	return fd.Name.Name, waits && !disqualified
}

// stopsWait reports a type a wait could be cut short through: a
// context, a channel, an *http.Request (its context).
func stopsWait(t types.Type) bool {
	if t == nil {
		return false
	}
	if engine.IsContext(t) || analysisutil.Named(t, "net/http", "Request") {
		return true
	}
	_, ch := t.Underlying().(*types.Chan)
	return ch
}

func isBuiltin(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Fun]
	return ok && tv.IsBuiltin()
}
