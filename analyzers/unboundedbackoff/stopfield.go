package unboundedbackoff

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// noStop reports a backoff built as a struct literal that sets an
// elapsed-time limit but not the value it returns once the limit has
// passed (catalog.StopField): cenkalti v4's ExponentialBackOff then
// returns 0, not backoff.Stop, and backoff.Retry retries with no wait at
// all for as long as the dependency is down.
//
//	b := &backoff.ExponentialBackOff{
//		InitialInterval: time.Second, Multiplier: 2, MaxInterval: time.Minute,
//		MaxElapsedTime: 10 * time.Second, Clock: backoff.SystemClock, // no Stop
//	}
//
// A Stop set later on the same variable (b.Stop = backoff.Stop) is seen.
func (c *checker) noStop() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fn, _ := d.(*ast.FuncDecl)
			ast.Inspect(d, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok {
					c.stopLit(fn, lit)
				}
				return true
			})
		}
	}
}

func (c *checker) stopLit(fn *ast.FuncDecl, lit *ast.CompositeLit) {
	row := catalog.LookupStopField(c.pass.TypesInfo.TypeOf(lit))
	if row == nil {
		return
	}
	var limit ast.Expr
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return // positional: every field is set
		}
		switch key, _ := kv.Key.(*ast.Ident); {
		case key == nil:
		case key.Name == row.Stop:
			return
		case key.Name == row.Limit:
			limit = kv.Value
		}
	}
	if limit == nil {
		return // no limit: it never stops (no-bound's finding), nor spins
	}
	after := row.Limit
	if tv, ok := c.pass.TypesInfo.Types[limit]; ok && tv.Value != nil {
		d, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact || d <= 0 {
			return // a zero limit: never stops
		}
		after = time.Duration(d).String()
	}
	if c.stopSetLater(fn, lit, row.Stop) {
		return
	}
	c.rep.Report(analysis.Diagnostic{
		Pos:      lit.Pos(),
		Category: CategoryNoStop,
		Message: fmt.Sprintf("%s sets %s but not %s: after %s NextBackOff returns 0 instead of %s, so the retry goes on with no wait at all while the dependency is down; set %s: %s or build it with %s",
			c.short(lit), row.Limit, row.Stop, after, row.Want, row.Stop, row.Want, row.Constructor),
	})
}

// stopSetLater reports an assignment of the field to the variable the
// literal is stored in, in the same function (b.Stop = backoff.Stop).
func (c *checker) stopSetLater(fn *ast.FuncDecl, lit *ast.CompositeLit, field string) bool {
	if fn == nil {
		return false
	}
	var vars []types.Object
	holds := func(lhs, rhs []ast.Expr) {
		if len(lhs) != len(rhs) {
			return
		}
		for i, r := range rhs {
			if u, ok := ast.Unparen(r).(*ast.UnaryExpr); ok {
				r = u.X
			}
			if id, ok := lhs[i].(*ast.Ident); ok && ast.Unparen(r) == lit {
				vars = append(vars, c.pass.TypesInfo.ObjectOf(id))
			}
		}
	}
	analysisutil.EachAssign(fn, holds)
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for _, l := range as.Lhs {
			sel, ok := l.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != field {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
				for _, v := range vars {
					if v != nil && c.pass.TypesInfo.ObjectOf(id) == v {
						found = true
					}
				}
			}
		}
		return true
	})
	return found
}
