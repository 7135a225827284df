package nonidempotent

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A service's HTTP helper often takes the method from its caller:
//
//	func (m *mailer) send(ctx context.Context, method, path string, body []byte) error {
//		req, err := http.NewRequestWithContext(ctx, method, m.base+path, bytes.NewReader(body))
//		...
//		resp, err := m.hc.Do(req)
//	}
//	backoff.Retry(func() error { return m.send(ctx, http.MethodPost, "/messages", msg) }, b) // reported
//	backoff.Retry(func() error { return m.send(ctx, http.MethodPut, "/drafts/1", msg) }, b)  // not
//
// The helper's effect is then conditional (effect.methodParam): it holds
// where a call passes a constant method that is not idempotent, and a
// caller that hands on a parameter of its own is conditional in turn. A
// method the call does not show as a constant is not judged. When the
// helper sends on a client that retries inside (retryablehttp), the call
// that names the method is reported even outside any retry of its own:
//
//	func (c *Client) do(ctx context.Context, method, path string) error {
//		req, _ := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, nil)
//		resp, err := c.rc.Do(req) // retries whatever the caller names
//	}
//	c.do(ctx, "POST", "/v1/charges") // reported: retryablehttp.Client.Do retries (through Client.do) an HTTP POST

// methodOperand returns 1 + the index of fd's parameter that every
// request builder of built is given as its method, or 0.
func (c *checker) methodOperand(built []*ssa.Call, fd *ast.FuncDecl) int {
	fn := c.eng.Func(fd)
	out := 0
	for _, in := range built {
		p := c.methodParam(in)
		if fn == nil || p == nil || p.Parent() != fn {
			return 0
		}
		i := engine.ParamIndex(p) + 1
		if out != 0 && out != i {
			return 0
		}
		out = i
	}
	return out
}

// methodParam returns the parameter a request builder is given as its
// method, in the function that calls the builder or, through a copy of
// it (a capture: backoff.Retry(func() error { ... method ... })), in
// the function around it, or nil.
func (c *checker) methodParam(in *ssa.Call) *ssa.Parameter {
	i := c.methodIndex(engine.Callee(in))
	_, args := operands(in)
	if i < 0 || i >= len(args) {
		return nil
	}
	v := engine.Strip(args[i])
	if _, ok := v.(*ssa.Parameter); !ok {
		if from := engine.Copies(v); len(from) == 1 {
			v = engine.Strip(from[0])
		}
	}
	p, _ := v.(*ssa.Parameter)
	return p
}

// methodAt returns the effect e of a call's callee as the call makes
// it: e itself when its method is fixed; for a method the callee takes
// from its parameter, the effect with the call's constant method (nil
// when that is idempotent), or conditional on caller's parameter the
// call hands on; nil when the call's method cannot be read.
func (c *checker) methodAt(call *ast.CallExpr, e *effect, caller *types.Func) *effect {
	if e == nil || e.methodParam == 0 {
		return e
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := c.info.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			return nil // (*T).send(m, ...): the receiver shifts the arguments
		}
	}
	i := e.methodParam - 1
	if i >= len(call.Args) {
		return nil
	}
	out := *e
	if m, ok := analysisutil.ConstString(c.info, call.Args[i]); ok {
		if catalog.IdempotentMethod(m) || !e.guard.Allows(m) {
			return nil // idempotent, or sent on no path that leads to the operation
		}
		out.what, out.methodParam, out.guard = "an HTTP "+strings.ToUpper(m), 0, nil
		return &out
	}
	out.methodParam = paramOf(c.info, call.Args[i], caller)
	if out.methodParam == 0 {
		return nil
	}
	if fi := c.byObj[caller]; fi != nil {
		out.guard = e.guard.And(c.paramGuard(fi.decl, call, out.methodParam-1))
	}
	if !openGuard(out.guard) {
		return nil
	}
	return &out
}

// paramOf returns 1 + the index of fn's parameter that e names, or 0.
func paramOf(info *types.Info, e ast.Expr, fn *types.Func) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || fn == nil {
		return 0
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == info.Uses[id] {
			return i + 1
		}
	}
	return 0
}

// enclosing returns the declared function a place is in.
func (c *checker) enclosing(where place) *types.Func {
	if where.fd == nil {
		return nil
	}
	fn, _ := c.info.Defs[where.fd.Name].(*types.Func)
	return fn
}

// retriedInside returns the conditional effect of a call on a client
// that retries inside, or of a sender that retries the request it is
// given (sender.go), whose method is the enclosing function's parameter,
// or nil: it is reported where a caller names the method.
//
//	func executeRequest(ctx context.Context, c *C, method, url string) error {
//		req, _ := http.NewRequestWithContext(ctx, method, url, nil)
//		resp, err := execWithRetries(c, req) // a loop around c.HTTPClient.Do(req)
//	}
//	executeRequest(ctx, c, "POST", u) // reported: execWithRetries retries (through executeRequest) an HTTP POST
func (c *checker) retriedInside(call *ast.CallExpr, where place, scope ast.Node) *effect {
	who := c.retryingSender(call)
	if client := c.clientSite(call); client != nil {
		who = client.Name()
	}
	if who == "" {
		return nil
	}
	e := c.opEffect(call, where, scope)
	if e == nil || e.methodParam == 0 {
		return nil // a fixed method is reported at the call
	}
	e.retries = who
	return e
}

// namedRetried returns the effect of a call that names the method of a
// request its callee sends on a client that retries inside, or retries
// itself, and who retries it, or nil. A call that hands on a parameter
// of caller is judged at caller's calls. The chain starts after the
// function that retries:
//
//	c.do(ctx, "POST", "/v1/charges")      // retryablehttp.Client.Do retries (through Client.do) an HTTP POST
//	c.doWithRetries(http.MethodPost, url) // Client.doWithRetries retries Client.doOnce, which sends an HTTP POST
//	c.DoRequest(http.MethodPost, url)     // Client.doWithRetries retries (through Client.DoRequest) Client.doOnce, ...
func (c *checker) namedRetried(call *ast.CallExpr, caller *types.Func) (string, *effect) {
	callee := analysisutil.AnyCallee(c.info, call)
	if callee == nil {
		return "", nil
	}
	e0 := c.funcEffect(callee)
	if e0 == nil || e0.methodParam == 0 || e0.retries == "" {
		return "", nil
	}
	e := c.methodAt(call, e0, caller)
	if !e.definite() || c.argKeyed(call, e) {
		return "", nil
	}
	if e.retries == analysisutil.FuncName(callee, callee.Pkg()) {
		return analysisutil.FuncName(callee, c.pass.Pkg) + " retries", e
	}
	for i, h := range e.chain {
		if h.name == e.retries {
			out := *e
			out.chain = e.chain[i+1:]
			e = &out
			break
		}
	}
	return e.retries + " retries (through " + analysisutil.FuncName(callee, c.pass.Pkg) + ")", e
}

// handedOn returns the effect of fi's call of a function that is not a
// catalogued operation, as fi gets it (nil when none): the callee's
// effect with the call's method (methodAt), through the call. A call
// inside fi's own retry gives only an effect whose method fi's caller
// names, which fi retries (ownRetry); a call of a function that retries
// inside (a retrier site, reported there) only one whose method is
// named by fi's caller and retried.
func (c *checker) handedOn(fi *funcInfo, lc localCall) *effect {
	call := lc.call
	callee := analysisutil.AnyCallee(c.info, call)
	if callee == nil {
		return nil
	}
	e := c.methodAt(call, c.funcEffect(callee), fi.obj)
	if e == nil || c.argKeyed(call, e) {
		return nil
	}
	e = e.via(hop{name: analysisutil.FuncName(callee, c.pass.Pkg), pos: call.Pos()})
	switch lc.how {
	case viaOwnRetry:
		return c.ownRetry(fi, e, lc)
	case viaRetrier:
		if e.definite() || e.retries == "" {
			return nil
		}
	}
	return e
}
