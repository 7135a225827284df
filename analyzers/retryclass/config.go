package retryclass

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Retry policies configured as data rather than as a loop:
//
//	grpc.WithDefaultServiceConfig(`{... "retryableStatusCodes": ["UNAVAILABLE", "NOT_FOUND"]}`)
//	grpc_retry.WithCodes(codes.Unavailable, codes.NotFound)        // go-grpc-middleware v2 or v1
//	retry.AddWithErrorCodes(r, "AccessDenied")                      // aws-sdk-go-v2
//	retry.IsErrorRetryableFunc(func(error) aws.Ternary { return aws.TrueTernary })
//	func (r myRetryer) IsErrorRetryable(error) bool { return true }
//	client.Backoff = retryablehttp.LinearJitterBackoff              // drops Retry-After
//	client.CheckRetry = func(...) (bool, error) { ... >= 400 ... }  // retries 4xx
//
// The first four are permanent-code findings, the Backoff an
// ignores-retry-after one, the CheckRetry a permanent-status one
// (classifierfn.go). Only constants are read, written in the call
// or in a list spread into it (spread.go): a code list built at run time
// is not.

// configPkgs are the imports that make a package worth the walk, with
// the packages of the catalog's gRPC retry interceptors
// (catalog.GRPCRetryPackage).
var configPkgs = []string{
	"google.golang.org/grpc",
	"github.com/aws/aws-sdk-go-v2/aws",
	"github.com/aws/aws-sdk-go-v2/aws/retry",
	"github.com/hashicorp/go-retryablehttp",
	"github.com/go-resty/resty/v2",
}

func (c *checker) configs() {
	if !slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool {
		return slices.Contains(configPkgs, p.Path()) || catalog.GRPCRetryPackage(p.Path())
	}) {
		return
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				c.configCall(n)
			case *ast.FuncDecl:
				c.retryableMethod(n)
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) {
						if t := namedOf(c.pass.TypesInfo.TypeOf(sel.X)); t != nil {
							c.fieldValue(catalog.LookupClassField(analysisutil.PkgPath(t.Obj()), t.Obj().Name(), sel.Sel.Name), n.Rhs[i])
						}
					}
				}
			case *ast.CompositeLit:
				if t := namedOf(c.pass.TypesInfo.TypeOf(n)); t != nil {
					for _, elt := range n.Elts {
						kv, ok := elt.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						if key, ok := kv.Key.(*ast.Ident); ok {
							c.fieldValue(catalog.LookupClassField(analysisutil.PkgPath(t.Obj()), t.Obj().Name(), key.Name), kv.Value)
						}
					}
				}
			}
			return true
		})
	}
}

func (c *checker) configCall(call *ast.CallExpr) {
	info := c.pass.TypesInfo
	var h *catalog.ClassHook
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if t := namedOf(tv.Type); t != nil {
			h = catalog.LookupClassHook(t.Obj())
		}
	} else {
		h = catalog.LookupClassHook(analysisutil.AnyCallee(info, call))
	}
	if h == nil || h.Arg < 0 || h.Arg >= len(call.Args) {
		return
	}
	switch h.Hook {
	case catalog.HookServiceConfig:
		if c.retryOff == nil {
			c.retryOff = catalog.ServiceConfigsOff(info, c.pass.Files)
		}
		if !c.retryOff[call] {
			c.serviceConfig(call.Args[h.Arg]) // unless the dial also says grpc.WithDisableRetry()
		}
	case catalog.HookCodes:
		args := call.Args[h.Arg:]
		if call.Ellipsis.IsValid() {
			var ok bool
			if args, ok = c.spreadElems(call.Args[len(call.Args)-1]); !ok || len(call.Args)-1 != h.Arg {
				return // a list built at run time, or spread after other codes
			}
		}
		for _, a := range args {
			if msg := c.permanentListed(call, h, a); msg != "" {
				if !call.Ellipsis.IsValid() {
					c.rep.Report(analysisDiag(a, CategoryPermanentCode, fmt.Sprintf("%s %s", shortExpr(call.Fun), msg)))
					return
				}
				// At the call, which may be one of several spreading
				// the list, with the entry as related information.
				spread := call.Args[len(call.Args)-1]
				d := analysisDiag(spread, CategoryPermanentCode, fmt.Sprintf("%s(%s...) %s", shortExpr(call.Fun), shortExpr(spread), msg))
				d.Related = []analysis.RelatedInformation{{Pos: a.Pos(), End: a.End(), Message: "listed here"}}
				c.rep.Report(d)
				return
			}
		}
	case catalog.HookRetryCondition:
		c.wholesaleResponses(call.Args[h.Arg], "resty retry condition", "")
	case catalog.HookRetryableFunc:
		if lit, ok := ast.Unparen(call.Args[h.Arg]).(*ast.FuncLit); ok && c.alwaysTrue(lit.Body) {
			c.rep.Report(analysisDiag(call, CategoryPermanentCode,
				"retryable check returns aws.TrueTernary for every error: the SDK retries validation and access errors too, up to 3 attempts each; return aws.UnknownTernary for errors it does not know"))
		}
	}
}

// permanentListed says what is wrong with one entry a of the
// retried-codes list of call (the option h), or "" when it is fine or
// not a constant.
func (c *checker) permanentListed(call *ast.CallExpr, h *catalog.ClassHook, a ast.Expr) string {
	tv, ok := c.pass.TypesInfo.Types[a]
	if !ok || tv.Value == nil {
		return ""
	}
	switch tv.Value.Kind() {
	case constant.String:
		code := constant.StringVal(tv.Value)
		if !catalog.AWSPermanentCode(code) || h.Arg < 1 {
			return ""
		}
		// retry.AddWithErrorCodes(r, codes...): as often as r sends a call.
		times := "as many times as the retryer allows"
		switch n := c.res.RetryerAttempts(call.Args[0]); {
		case n == 1:
			return "" // a retryer that makes one attempt retries nothing
		case n > 1:
			times = fmt.Sprintf("up to %d times", n)
		case n == catalog.AttemptsUnbounded:
			times = "with no attempt limit"
		}
		return fmt.Sprintf("makes %s retryable, an error that does not change on retry: each such call is sent %s; remove it", code, times)
	case constant.Int:
		if !analysisutil.Named(tv.Type, catalog.GRPCCodesPkg, "Code") {
			return ""
		}
		v, _ := constant.Uint64Val(tv.Value)
		for _, code := range c.codes {
			if uint64(code.Value) == v {
				return fmt.Sprintf("retries codes.%s, which does not change on retry: every such call is repeated until the attempts run out; keep only codes.Unavailable and codes.ResourceExhausted", code.Name)
			}
		}
	}
	return ""
}

// serviceConfig reads a constant gRPC service config for retry policies
// that list a permanent code.
func (c *checker) serviceConfig(arg ast.Expr) {
	tv, ok := c.pass.TypesInfo.Types[arg]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	sc, ok := catalog.ParseServiceConfig(constant.StringVal(tv.Value))
	if !ok {
		return // grpc rejects the config: nothing retries
	}
	for _, m := range sc.Methods {
		for _, name := range m.Codes {
			for _, code := range c.codes {
				if strings.EqualFold(code.JSON, name) || code.Name == name {
					c.rep.Report(analysisDiag(arg, CategoryPermanentCode, fmt.Sprintf(
						"service config retries %s (retryableStatusCodes), a code that does not change on retry: each such call is sent %d times; list only UNAVAILABLE (and RESOURCE_EXHAUSTED)",
						code.JSON, m.Attempts)))
					return
				}
			}
		}
	}
}

// retryableMethod reports an aws-sdk-go-v2 retryer whose IsErrorRetryable
// says yes to every error:
//
//	func (myRetryer) IsErrorRetryable(error) bool { return true }
func (c *checker) retryableMethod(fd *ast.FuncDecl) {
	if fd.Recv == nil || fd.Name.Name != "IsErrorRetryable" || fd.Body == nil || !analysisutil.Imports(c.pass.Pkg, "github.com/aws/aws-sdk-go-v2/aws") {
		return
	}
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || !analysisutil.IsErrorType(sig.Params().At(0).Type()) || sig.Results().Len() != 1 {
		return
	}
	if c.alwaysTrue(fd.Body) {
		c.rep.Report(analysisDiag(fd.Name, CategoryPermanentCode,
			"IsErrorRetryable says yes to every error: the SDK retries validation and access errors too, up to its maximum attempts each; answer only for the errors this retryer knows"))
	}
}

// alwaysTrue reports whether every return of a body returns true or
// aws.TrueTernary, and there is one.
func (c *checker) alwaysTrue(body *ast.BlockStmt) bool {
	returns, truths := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) == 1 {
				obj := analysisutil.ObjectOf(c.pass.TypesInfo, n.Results[0])
				if v, ok := analysisutil.ConstBool(c.pass.TypesInfo, n.Results[0]); ok && v ||
					obj != nil && obj.Name() == "TrueTernary" && analysisutil.PkgPath(obj) == "github.com/aws/aws-sdk-go-v2/aws" {
					truths++
				}
			}
		}
		return true
	})
	return returns > 0 && returns == truths
}

// fieldValue judges the value given to a catalogued field (nil h: not
// one): retryablehttp's Backoff and CheckRetry.
func (c *checker) fieldValue(h *catalog.ClassHook, e ast.Expr) {
	switch {
	case h == nil:
	case h.Hook == catalog.HookBackoffField:
		c.backoffValue(e)
	case h.Hook == catalog.HookCheckRetryField:
		c.wholesaleResponses(e, "retryablehttp CheckRetry", ", or hand them to retryablehttp.DefaultRetryPolicy")
	}
}

// backoffValue reports a retryablehttp Backoff that drops Retry-After: a
// catalogued backoff that ignores it, or a function of this package that
// neither calls one that honours it nor looks at the response.
func (c *checker) backoffValue(e ast.Expr) {
	info := c.pass.TypesInfo
	var what string
	switch v := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		if c.dropsPushback(v.Type, v.Body) {
			what = "func(...)"
		}
	case *ast.Ident, *ast.SelectorExpr:
		obj := analysisutil.ObjectOf(info, v)
		if h := catalog.LookupClassHook(obj); h != nil {
			if h.Hook == catalog.HookBackoffNoRA {
				what = shortExpr(v)
			}
			break
		}
		if fd := c.funcDecl(obj); fd != nil && c.dropsPushback(fd.Type, fd.Body) {
			what = shortExpr(v)
		}
	}
	if what == "" {
		return
	}
	c.rep.Report(analysisDiag(e, CategoryIgnoresRetryAfter, fmt.Sprintf(
		"retryablehttp Backoff %s ignores Retry-After: on 429 and 503 the client waits its own delay instead of what the server asked and is turned away again; use retryablehttp.RateLimitLinearJitterBackoff or call retryablehttp.DefaultBackoff for those responses",
		what)))
}

// dropsPushback reports whether a backoff function ignores the response
// it is given (its last parameter) and calls no backoff that reads it.
func (c *checker) dropsPushback(ft *ast.FuncType, body *ast.BlockStmt) bool {
	info := c.pass.TypesInfo
	if body == nil || ft.Params == nil || len(ft.Params.List) == 0 {
		return false
	}
	last := ft.Params.List[len(ft.Params.List)-1]
	resp := map[types.Object]bool{}
	for _, id := range last.Names {
		resp[info.Defs[id]] = true
	}
	if !isResponse(info.TypeOf(last.Type)) {
		return false
	}
	if len(resp) == 0 {
		return true // an unnamed response is never read
	}
	readsRA := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if resp[info.ObjectOf(n)] {
				readsRA = true
			}
		case *ast.CallExpr:
			if h := catalog.LookupClassHook(analysisutil.AnyCallee(info, n)); h != nil && h.Hook == catalog.HookBackoffRA {
				readsRA = true
			}
		}
		return !readsRA
	})
	return !readsRA
}

// funcDecl returns the declaration of a function of this package.
func (c *checker) funcDecl(obj types.Object) *ast.FuncDecl {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}
