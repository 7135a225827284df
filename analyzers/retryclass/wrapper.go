package retryclass

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// retry-after-cancel, for the package's own retry wrappers (and those of
// other packages, known from the recognizer's facts) that take no
// context. The caller's closure captured one, so once the caller gives
// up every attempt fails at once, and the wrapper sleeps through all its
// rounds:
//
//	func retry(n int, f func() error) error {   // no ctx anywhere
//		for i := 0; i < n; i++ {
//			if err := f(); err == nil {
//				return nil
//			}
//			time.Sleep(time.Second << i)
//		}
//		return errors.New("gave up")
//	}
//
//	err := retry(5, func() error { return client.Call(ctx, req) })
//
// The finding is at the call, which knows the context; the wrapper's own
// loop has none and is quiet. The wrapper must be known to look at no
// context (WrapperFact.IgnoresCtx: no context, request or stop channel
// in it, and a context error from its function goes round); the closure
// is read as libraryCancel reads an operation: it does work given the
// caller's context, does not look at the context itself, and once the
// context is done a way through it returns a non-nil error. A function
// passed by name is not read.

func (c *checker) wrapperCancel(r *retryscan.Result, site *retryscan.Site) {
	b := site.Bound()
	if b.Unbounded() || b.Attempts == 1 || site.Callee() == nil || site.Delay().Kind == catalog.DelayNone {
		return // attempts that fail at once with no wait cost the caller nothing
	}
	w, ok := r.Wrapper(site.Callee())
	if !ok || !w.IgnoresCtx {
		return
	}
	lit, ok := site.Body().(*ast.FuncLit)
	if !ok {
		return // a function given by name: not read
	}
	a, ctxs := c.closureAttempt(lit, "", site)
	if a == nil || c.watchesCancel(a) {
		return
	}
	if v := a.verdict(scenario{cancel: true}); v.opaque || v.round == nil {
		return
	}
	ctxName := c.contextName(a, ctxs)
	fix := fmt.Sprintf("give %s the context and return %s.Err() between attempts, or wait in a select on %s.Done()", site.Name(), ctxName, ctxName)
	if w.Via != retryscan.ViaLoop {
		fix = fmt.Sprintf("give %s the context and hand it on to %s", site.Name(), w.Via)
	}
	c.rep.Report(analysisDiag(site.Node(), CategoryRetryAfterCancel, fmt.Sprintf(
		"%s retries a function that uses %s but takes no context itself: after the caller gives up it goes on for %s; %s",
		site.Name(), ctxName, c.cost(site), fix)))
}

// closureAttempt reads a function literal handed to a retry that takes
// no context (lib: the library's import path, or "") as the site's
// attempt, given the contexts it has from outside that someone can
// cancel: those of OuterContexts but a captured context.Background() of
// the caller. It is nil when there are none, or when the literal does no
// work with them.
func (c *checker) closureAttempt(lit *ast.FuncLit, lib string, site *retryscan.Site) (*attempt, []ssa.Value) {
	fn := c.eng.Func(lit)
	if fn == nil {
		return nil, nil
	}
	region := c.eng.OpRegion(fn, lib)
	var ctxs []ssa.Value
	for _, v := range region.OuterContexts() {
		if fv, ok := v.(*ssa.FreeVar); ok {
			if b := engine.Binding(fv); b != nil && engine.Uncancellable(b) {
				continue
			}
		}
		ctxs = append(ctxs, v)
	}
	if len(ctxs) == 0 {
		return nil, nil
	}
	a := &attempt{c: c, site: site, region: region, walks: map[scenario]*engine.Walk{}, derived: engine.Derived(ctxs)}
	if !c.doesContextWork(a) {
		return nil, nil
	}
	return a, ctxs
}
