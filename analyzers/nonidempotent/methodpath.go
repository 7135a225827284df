package nonidempotent

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A helper whose caller names the method may send some methods one way
// and the others another, or retry only some of them:
//
//	if !isIdempotent(method) {
//		return c.once(ctx, method, path) // sent once
//	}
//	return c.withRetries(ctx, method, path) // retried
//
// The method that reaches the retried send is then not any method. The
// engine says which it can be (engine.MethodGuard): by the branches the
// paths to the send must take, read on the helper's parameter where the
// send is and where the helper hands the parameter on (GuardAt), and by
// the count a loop of the helper is given on the way to it (RetriedFor:
// attempts = 1 for the methods it does not retry). The guard is kept on
// the effect; a call naming a method the guard shuts out is not judged.

// openGuard reports whether a method that is not idempotent can reach the
// operation: an effect whose guard is not open holds at no call.
func openGuard(g *engine.MethodGuard) bool {
	if !g.Lists() {
		return true
	}
	for _, m := range g.Only {
		if !catalog.IdempotentMethod(m) && g.Allows(m) {
			return true
		}
	}
	return false
}

// param returns the parameter i (the receiver not counted) of fn, or
// nil.
func param(fn *ssa.Function, i int) *ssa.Parameter {
	if fn == nil || i < 0 {
		return nil
	}
	if fn.Signature.Recv() != nil {
		i++
	}
	if i >= len(fn.Params) {
		return nil
	}
	return fn.Params[i]
}

// paramGuard returns what the branches to the call expression call,
// written directly in the declared function fd, let fd's parameter i
// (the receiver not counted) be; nil for a call in a function literal.
func (c *checker) paramGuard(fd *ast.FuncDecl, call *ast.CallExpr, i int) *engine.MethodGuard {
	fn := c.eng.Func(fd)
	prm := param(fn, i)
	if prm == nil {
		return nil
	}
	in, _ := c.eng.Call(fn, call).(ssa.Instruction)
	return c.eng.GuardAt(in, engine.MethodParam(prm))
}

// retriedFor returns the values of the subject (a method parameter, a
// handed request's method) for which one of the retry sites around the
// call instruction in runs it more than once; nil when any can be.
func (c *checker) retriedFor(sites []*retryscan.Site, in *ssa.Call, subj *engine.Subject) *engine.MethodGuard {
	if subj == nil || in == nil {
		return nil
	}
	g := &engine.MethodGuard{Only: []string{}} // none yet
	for _, s := range sites {
		g = g.Or(s.Region().RetriedFor(in, subj))
	}
	return g
}

// ownRetry returns the effect e of a call inside fi's own retry sites as
// a call of fi makes it: nil when e holds whatever the method (reported
// at the retry), and retried by fi when fi's caller names the method:
//
//	func (c *Client) doWithRetries(method, url string) error {
//		for i := 0; i < 3; i++ {
//			if err = c.doOnce(method, url); err == nil { ... }
//		}
//	}
//	c.doWithRetries(http.MethodPost, url) // Client.doWithRetries retries Client.doOnce, which sends an HTTP POST ...
//
// Methods the retry runs once (attempts = 1 on their way to the loop)
// are left out of the retried effect; when they are all the methods
// that are not idempotent, fi only sends the request.
func (c *checker) ownRetry(fi *funcInfo, e *effect, lc localCall) *effect {
	if e == nil || e.methodParam == 0 {
		return nil
	}
	if e.retries != "" {
		return e // retried inside too, whatever fi's own count
	}
	out := *e
	out.retries = analysisutil.FuncName(fi.obj, c.pass.Pkg)
	out.guard = out.guard.And(c.retriedFor(lc.sites, c.call(lc.where, lc.call), engine.MethodParam(param(c.eng.Func(lc.where.fd), out.methodParam-1))))
	if !openGuard(out.guard) {
		return e
	}
	return &out
}
