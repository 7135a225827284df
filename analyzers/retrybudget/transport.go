package retrybudget

import (
	"go/ast"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry written in a RoundTrip method runs on the request's context,
// to which the http.Client gives its Timeout as a deadline (net/http's
// setRequestCancel), so a client of the package built with the
// transport bounds the whole retry:
//
//	func (t *retryRT) RoundTrip(req *http.Request) (*http.Response, error) {
//		for i := 0; i < 4; i++ { ...; time.Sleep(4 * time.Second) } // 12s of waits
//	}
//	hc := &http.Client{Timeout: 10 * time.Second, Transport: &retryRT{next: http.DefaultTransport}}
//
// Every http.Client literal of the package whose Transport is of the
// method's type must set a constant Timeout, and the budget is the
// longest: a client without one, or a transport handed to code out of
// sight, leaves the retry as long as it is.

// A RoundTrip that hands its request to a helper of the package that
// retries it is the same retry, under the same clients:
//
//	func (t *retryRT) RoundTrip(req *http.Request) (*http.Response, error) {
//		return doWithRetry(t.next, req, 4)  // compared here with the clients' Timeout
//	}
//	func doWithRetry(rt http.RoundTripper, req *http.Request, attempts int) (*http.Response, error) { ... loop ... }
//
// The helper summarizes its retry on the request parameter
// (BudgetFact.Req), carried up through the functions that pass their
// own request on, and the call in the RoundTrip is compared with the
// budget the method's clients give (requestBudget).

// roundTripHelper reports whether fd may be a RoundTrip's helper that a
// request summary is worth making for: a function with an *http.Request
// parameter, neither a RoundTrip itself (compared where it is) nor a
// handler, in a package that declares a RoundTrip method.
func (c *checker) roundTripHelper(fd *ast.FuncDecl, fn *types.Func) bool {
	if fd.Name.Name == "RoundTrip" || analysisutil.IsHandler(fn.Type().(*types.Signature)) || !c.hasRoundTrip() {
		return false
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if isRequest(params.At(i).Type()) {
			return true
		}
	}
	return false
}

// hasRoundTrip reports whether the package declares a RoundTrip method.
func (c *checker) hasRoundTrip() bool {
	if c.roundTrips == nil {
		has := false
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.Name == "RoundTrip" {
					has = true
				}
			}
		}
		c.roundTrips = &has
	}
	return *c.roundTrips
}

// requestBudget returns the budget of a call in fd that hands on arg: the
// clients' when fd is a RoundTrip method and arg is its own request.
func (c *checker) requestBudget(fd *ast.FuncDecl, arg ast.Expr) (budget, bool) {
	if fd.Name.Name != "RoundTrip" {
		return budget{}, false
	}
	p := engine.Of(c.pass)
	i, _ := c.ctxParamWhere(fd, true, func(param ssa.Value) bool { return handsOn(p, fd, arg, param) })
	if i < 0 {
		return budget{}, false
	}
	return c.transportBudget(fd)
}

// handsOn reports whether an argument is the request parameter param, as
// it comes from the variables it is kept in (engine Sources).
func handsOn(p *engine.Program, fd *ast.FuncDecl, arg ast.Expr, param ssa.Value) bool {
	v := p.ValueOf(funcAt(fd, arg.Pos()), arg)
	return v != nil && slices.Contains(p.Sources(v), param)
}

// transportBudget returns the budget the package's clients give a retry
// in fd, a RoundTrip method.
func (c *checker) transportBudget(fd *ast.FuncDecl) (budget, bool) {
	if fd.Name.Name != "RoundTrip" || fd.Recv == nil || len(fd.Recv.List) != 1 {
		return budget{}, false
	}
	recv := analysisutil.NamedOf(c.pass.TypesInfo.TypeOf(fd.Recv.List[0].Type))
	if recv == nil {
		return budget{}, false
	}
	var best budget
	found, open := false, false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !analysisutil.Named(c.pass.TypesInfo.TypeOf(lit), "net/http", "Client") {
				return true
			}
			var transport, timeout ast.Expr
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					switch id, _ := kv.Key.(*ast.Ident); {
					case id == nil:
					case id.Name == "Transport":
						transport = kv.Value
					case id.Name == "Timeout":
						timeout = kv.Value
					}
				}
			}
			if transport == nil || c.transportType(transport) != recv {
				return true
			}
			d, ok := time.Duration(0), false
			if fd := c.funcDecl(lit); timeout != nil && fd != nil {
				d, ok = c.durationConst(fd, timeout)
			}
			if !ok {
				open = true // no Timeout, or one not known: the retry has its own length
				return true
			}
			if !found || d > best.d {
				best, found = budget{d: d, at: lit}, true
			}
			return true
		})
	}
	return best, found && !open
}

// transportType returns the named type of the transport a client is
// given: of the value, or, for a constructor of the package that returns
// an http.RoundTripper (NewRetryTransport(next, cfg)), of what every one
// of its returns gives.
func (c *checker) transportType(e ast.Expr) *types.Named {
	info := c.pass.TypesInfo
	if t := info.TypeOf(e); t == nil || !types.IsInterface(t) {
		return analysisutil.NamedOf(t)
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	fd := c.decl(analysisutil.Callee(info, call))
	if fd == nil {
		return nil
	}
	var out *types.Named
	ok = true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			t := analysisutil.NamedOf(info.TypeOf(n.Results[0]))
			if t == nil || out != nil && t != out {
				ok = false
			}
			out = t
		}
		return ok
	})
	if !ok {
		return nil
	}
	return out
}
