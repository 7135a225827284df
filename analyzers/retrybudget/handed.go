package retrybudget

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// A retry helper of the package that runs, as its attempt, a function
// its caller hands in leaves what bounds the attempt to each call
// (retryscan's handedattempt.go): its summary says so (BudgetFact.Op),
// and the call is read with the function it passes, the recognizer's
// wrapper site there:
//
//	func throttleRetry(ctx context.Context, op func(context.Context) error, p policy) error { ... op(ctx) ... }
//
//	hc := &http.Client{Timeout: 200 * time.Millisecond}
//	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
//	return throttleRetry(ctx, func(ctx context.Context) error {
//		return describe(ctx, hc, url) // each attempt 200ms: 5 x 200ms + the waits
//	}, defaultPolicy)
//
// A function with no timeout of its own that runs on the context the
// loop gives it (or on the deadline's, captured) uses the whole budget
// when it hangs; one whose timeout cannot be read, or no wrapper site
// at the call, leaves the attempt unknown.

// handedParam returns 1 + the index of fn's function parameter that the
// site's loop runs as its attempt, when that is what leaves the
// attempt's timeout unknown; 0 otherwise.
func (c *checker) handedParam(fn *types.Func, site *retryscan.Site, w retryscan.WorstCase) int {
	if w.Timeout != retryscan.TimeoutUnknown || site.BodyBlock() == nil {
		return 0
	}
	wf, ok := c.res.Wrapper(fn)
	if !ok {
		return 0
	}
	return wf.Param + 1
}

// atCall returns the worst case and whether nothing bounds one attempt
// of a summarized retry at a call of it: the summary's own, or, when
// the call hands in the attempt, with what bounds the function it hands
// in. ctx is the deadline's context, nil when there is none here.
func (c *checker) atCall(call *ast.CallExpr, f *BudgetFact, ctx ssa.Value) (retryscan.WorstCase, bool) {
	w := f.worst()
	if f.Op == 0 {
		return w, f.Unbounded
	}
	site := c.wrapperAt(call)
	if site == nil {
		return w, false
	}
	sw := site.WorstCase()
	w.Timeout, w.AttemptTimeout = sw.Timeout, sw.AttemptTimeout
	if sw.Timeout != retryscan.TimeoutNone || !f.Unbounded {
		return w, false
	}
	body := site.BodyBlock()
	if body == nil || !c.res.AttemptBoundsNothing(body) {
		return w, false
	}
	return w, c.usesOwnCtx(site) || reaches(ctx, body)
}

// wrapperAt returns the recognizer's wrapper site at a call, or nil.
func (c *checker) wrapperAt(call *ast.CallExpr) *retryscan.Site {
	for _, s := range c.res.Sites() {
		if s.Kind() == retryscan.KindWrapper && s.Node() == call {
			return s
		}
	}
	return nil
}

// usesOwnCtx reports whether the function a wrapper site runs uses one
// of its own context parameters: the context the retry's loop gives it.
func (c *checker) usesOwnCtx(site *retryscan.Site) bool {
	var ft *ast.FuncType
	var body ast.Node
	switch n := site.Body().(type) {
	case *ast.FuncLit:
		ft, body = n.Type, n.Body
	default:
		if op := site.Op(); op != nil {
			if fd := c.decl(op); fd != nil {
				ft, body = fd.Type, fd.Body
			}
		}
	}
	if ft == nil || ft.Params == nil {
		return false
	}
	params := map[types.Object]bool{}
	for _, fl := range ft.Params.List {
		for _, name := range fl.Names {
			if obj := c.pass.TypesInfo.Defs[name]; obj != nil && isContext(obj.Type()) {
				params[obj] = true
			}
		}
	}
	used := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && params[c.pass.TypesInfo.Uses[id]] {
			used = true
		}
		return !used
	})
	return used
}
