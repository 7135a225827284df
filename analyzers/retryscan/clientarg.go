package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// An attempt's helper may send with the client it is given:
//
//	func get(ctx context.Context, c *http.Client, url string) error {
//		...
//		resp, err := c.Do(req) // c: what the attempt passes
//	}
//	for i := 0; i < 3; i++ {
//		if err = get(ctx, http.DefaultClient, url); err == nil { // no timeout
//
// The helper may be called elsewhere with other clients, but this
// attempt runs it through the call it makes: the client's parameter is
// the argument of that call, read where the call is written, and so up
// through the helpers between the attempt and the HTTP call. A helper
// the attempt calls twice may be given two clients, and a parameter of
// the function the retry is written in is its callers' (configNodes
// follows it to a one caller, policyparam.go): both stay as they are.

// passedClient returns, for a client expression e read in fn, the
// argument the attempt's call of fn passes in its place, with the
// function that call is written in: for as long as e is a parameter of
// a helper that the attempt runs through exactly one call (via, from
// attemptBounds). Otherwise fn and e as given.
func (s *scanner) passedClient(via map[*funcInfo][]*ast.CallExpr, fn ast.Node, e ast.Expr) (ast.Node, ast.Expr) {
	for range attemptLevels {
		p, ok := s.eng.ValueOf(fn, e).(*ssa.Parameter)
		if !ok || p.Parent().Parent() != nil { // not a parameter, or a literal's
			break
		}
		obj, _ := p.Parent().Object().(*types.Func)
		fi := s.byObj[obj]
		if obj == nil || fi == nil || len(via[fi]) != 1 {
			break
		}
		call, i := via[fi][0], engine.ParamIndex(p)
		if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() || analysisutil.IsMethodExpr(s.info, call) {
			break // the receiver, a spread or a method expression: not this position
		}
		fn, e = s.enclosingFunc(call), call.Args[i]
	}
	return fn, e
}
