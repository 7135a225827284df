package nonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// An SDK's client package often builds its requests with one helper and
// sends them with another, and its callers, in other packages, name the
// method (bitbucket-cli's httpx, before its PR 230):
//
//	func (c *Client) NewRequest(ctx context.Context, method, path string, body any) (*http.Request, error) {
//		...
//		return http.NewRequestWithContext(ctx, method, u.String(), rd)
//	}
//	func (c *Client) Do(req *http.Request, v any) error {
//		for {
//			attemptReq, err := cloneRequest(req) // req.Clone(ctx) with a fresh body
//			resp, err := c.httpClient.Do(attemptReq)
//			...
//	req, err := c.http.NewRequest(ctx, "POST", path, body) // in package bbcloud
//	err = c.http.Do(req, &created) // reported: Client.Do retries an HTTP POST
//
// In the package, the engine reads a helper's returns in the frame of
// its call (engine.Lineage): a request a helper copies from its
// parameter is that parameter, and one a helper builds with the method
// it is given has the method of the call (builderMethod). Across
// packages a RequestFact says the same of an exported function: the
// request it returns is built with the method of its parameter
// (NewRequest above), or is a copy of its request parameter, with the
// same method (a Clone helper). A calling package reads a call of the
// one as a request builder, like http.NewRequest, and a call of the
// other as req.Clone(ctx).

// RequestFact is exported for an exported function whose every return
// of its *http.Request result (a nil one aside) is built with the
// method its parameter Method-1 names, or is its request parameter
// Copy-1 or a copy of it (WithContext, Clone, a helper of the package
// that returns one), with the method that parameter has. Parameters are
// counted without the receiver.
type RequestFact struct {
	Method int
	Copy   int
}

func (*RequestFact) AFact() {}

// String renders the fact for tests: builds(method of argument 2),
// copies(argument 1).
func (f *RequestFact) String() string {
	if f.Copy > 0 {
		return fmt.Sprintf("copies(argument %d)", f.Copy)
	}
	return fmt.Sprintf("builds(method of argument %d)", f.Method)
}

// exportRequestFacts exports the RequestFact of the package's exported
// request helpers. Under go vet this runs on every dependency: the
// standard library is the catalog's, and only a function whose result is
// an *http.Request and whose body passes a parameter of its own to a
// request builder's method or calls something with a request parameter
// asks the engine.
func (c *checker) exportRequestFacts() {
	var std func(*types.Package) bool
	for _, fi := range c.funcs {
		if !fi.obj.Exported() || requestResult(fi.obj) < 0 {
			continue
		}
		builds, copies := c.requestCandidate(fi)
		if !builds && !copies {
			continue
		}
		if std == nil {
			std = analysisutil.Std(c.pass)
		}
		if std(c.pass.Pkg) {
			return
		}
		c.at.Func(fi.decl)
		if f := c.requestHelper(fi); f != nil {
			c.pass.ExportObjectFact(fi.obj, f)
		}
	}
}

// requestResult returns the index of fn's one result that is an
// *http.Request, or -1 (none, or more than one).
func requestResult(fn *types.Func) int {
	res := fn.Type().(*types.Signature).Results()
	out := -1
	for i := range res.Len() {
		if analysisutil.Named(res.At(i).Type(), "net/http", "Request") {
			if out >= 0 {
				return -1
			}
			out = i
		}
	}
	return out
}

// requestCandidate reads fi's syntax: builds when a request builder's
// method argument is one of fi's parameters as it is, copies when fi has
// a request parameter that a call takes as its receiver or argument
// (req.Clone(ctx), cloneRequest(req)).
func (c *checker) requestCandidate(fi *funcInfo) (builds, copies bool) {
	params := map[types.Object]bool{}
	reqs := map[types.Object]bool{}
	for _, f := range fi.decl.Type.Params.List {
		for _, n := range f.Names {
			obj := c.info.Defs[n]
			if obj == nil {
				continue
			}
			params[obj] = true
			reqs[obj] = analysisutil.Named(obj.Type(), "net/http", "Request")
		}
	}
	names := func(e ast.Expr, set map[types.Object]bool) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && set[c.info.Uses[id]]
	}
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if i := c.methodIndex(analysisutil.AnyCallee(c.info, call)); i >= 0 && i < len(call.Args) && names(call.Args[i], params) {
			builds = true
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && names(sel.X, reqs) {
			copies = true
		}
		for _, a := range call.Args {
			copies = copies || names(a, reqs)
		}
		return true
	})
	return builds, copies
}

// requestHelper returns the RequestFact of fi, or nil: every return of
// its request result, a nil one aside, must give the same answer of
// requestMethod, a request built with the method of one parameter, or
// the request of one parameter with no method of its own, and carry no
// idempotency key the helper sets (which its callers would not see).
func (c *checker) requestHelper(fi *funcInfo) *RequestFact {
	fn := c.eng.Func(fi.decl)
	res := requestResult(fi.obj)
	if fn == nil || res < 0 {
		return nil
	}
	var out *RequestFact
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || res >= len(ret.Results) || isNil(ret.Results[res]) {
			continue
		}
		m, built, handed, ok := c.requestMethod(ret.Results[res], fi.decl)
		var f RequestFact
		switch {
		case !ok || m != "" || c.hasKey(ret.Results[res], fi.decl):
			return nil // a fixed method: http.NewRequest("GET", ...)
		case handed != nil && len(built) == 0 && handed.Parent() == fn:
			f.Copy = engine.ParamIndex(handed) + 1
		case handed == nil && len(built) > 0:
			f.Method = c.methodOperand(built, fi.decl)
		}
		if f.Copy <= 0 && f.Method <= 0 || out != nil && *out != f {
			return nil
		}
		out = &f
	}
	return out
}

// importedRequest returns the RequestFact of a function of another
// package, or nil.
func (c *checker) importedRequest(fn *types.Func) *RequestFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if f, ok := c.reqFacts[fn]; ok {
		return f
	}
	var out *RequestFact
	if f := new(RequestFact); c.pass.ImportObjectFact(fn, f) {
		out = f
	}
	c.reqFacts[fn] = out
	return out
}

// methodIndex returns the index of the argument a request builder takes
// as its method: a catalogued builder (http.NewRequest), or a builder of
// another package with a RequestFact; -1 for other functions.
func (c *checker) methodIndex(fn *types.Func) int {
	if row := catalog.LookupHTTP(fn); row != nil {
		if row.Role == catalog.HTTPNew {
			return row.Method
		}
		return -1
	}
	if f := c.importedRequest(fn); f != nil && f.Method > 0 {
		return f.Method - 1
	}
	return -1
}

// copied returns the request argument a call of a copier of another
// package copies, or nil.
func (c *checker) copied(in *ssa.Call) []ssa.Value {
	f := c.importedRequest(engine.Callee(in))
	if f == nil || f.Copy <= 0 {
		return nil
	}
	if _, args := operands(in); f.Copy-1 < len(args) {
		return args[f.Copy-1 : f.Copy]
	}
	return nil
}
