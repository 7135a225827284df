package nonidempotent

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// httpEffect returns the effect of a call that sends an HTTP request
// whose method is not idempotent (POST, PATCH, a custom method) and that
// carries no idempotency key made before the attempt:
//
//	http.Post(url, "application/json", body)
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
//	client.Do(req)
//	client.R().SetBody(order).Post(url)         // resty
//
// A request whose method cannot be read (a parameter, a variable assigned
// twice) is not reported.
func (c *checker) httpEffect(call *ast.CallExpr, callee *types.Func, fd *ast.FuncDecl, scope ast.Node) *effect {
	row := catalog.LookupHTTP(callee)
	if row == nil {
		return nil
	}
	var method string
	var req ast.Expr // what headers are set on
	var url ast.Expr
	switch row.Role {
	case catalog.HTTPDirect:
		method = row.Fixed
		if row.Method >= 0 {
			m, ok := c.x.ConstString(call.Args[row.Method])
			if !ok {
				return nil
			}
			method = m
		}
		if row.URL >= 0 && row.URL < len(call.Args) {
			url = call.Args[row.URL]
		}
		req = receiver(c.info, call) // resty: the request chain
	case catalog.HTTPSend:
		if row.Req >= len(call.Args) {
			return nil
		}
		req = call.Args[row.Req]
		m, u, ok := c.requestMethod(req, fd, 0)
		if !ok {
			return nil
		}
		method, url = m, u
	default:
		return nil // building a request sends nothing
	}
	if catalog.IdempotentMethod(method) || c.idempotentProtocol(url) {
		return nil
	}
	if req != nil && c.hasKey(req, fd) {
		// A key made anew on every attempt protects nothing either, but
		// that defect is keyregen's to report, at the key.
		return nil
	}
	return &effect{kind: kindHTTP, what: "an HTTP " + strings.ToUpper(method), pos: call.Pos()}
}

// requestMethod follows a request to the call that built it and returns
// its method, and its URL argument when the call has one:
//
//	req, err := http.NewRequest("POST", url, body)
//	req = req.WithContext(ctx)                 // same request
//	rreq, err := retryablehttp.FromRequest(req) // same method
//	req.Method = http.MethodPatch               // overrides
//
// A var declaration without a value is not a request: var req
// *http.Request followed by req, err = http.NewRequest(...) is read as
// the NewRequest.
func (c *checker) requestMethod(e ast.Expr, fd *ast.FuncDecl, depth int) (string, ast.Expr, bool) {
	if depth > 4 {
		return "", nil, false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := analysisutil.Callee(c.info, x)
		if row := catalog.LookupHTTP(fn); row != nil {
			switch row.Role {
			case catalog.HTTPNew:
				if row.Method < len(x.Args) {
					var url ast.Expr
					if row.URL >= 0 && row.URL < len(x.Args) {
						url = x.Args[row.URL]
					}
					m, ok := c.x.ConstString(x.Args[row.Method])
					return m, url, ok
				}
			case catalog.HTTPWrap:
				if row.Req < len(x.Args) {
					return c.requestMethod(x.Args[row.Req], fd, depth+1)
				}
			}
			return "", nil, false
		}
		if isRequestCopy(fn) {
			return c.requestMethod(receiver(c.info, x), fd, depth+1)
		}
	case *ast.Ident:
		v := c.x.Local(x)
		if v == nil {
			return "", nil, false
		}
		var value ast.Expr
		for _, d := range c.defs(v) {
			if d.Zero() {
				continue // var req *http.Request; a nil request is sent nowhere
			}
			if d.Value() != nil && c.copyOf(d.Value(), v) {
				continue // req = req.WithContext(ctx)
			}
			if value != nil || d.Value() == nil {
				return "", nil, false
			}
			value = d.Value()
		}
		if value == nil {
			return "", nil, false
		}
		m, url, ok := c.requestMethod(value, fd, depth+1)
		if set, found := c.methodField(v, fd); found {
			m, ok = c.x.ConstString(set)
		}
		return m, url, ok
	}
	return "", nil, false
}

// isRequestCopy reports whether fn returns a copy of its receiver
// request: (*http.Request).WithContext, Clone.
func isRequestCopy(fn *types.Func) bool {
	return analysisutil.IsFunc(fn, "net/http", "Request", "WithContext") || analysisutil.IsFunc(fn, "net/http", "Request", "Clone")
}

// copyOf reports whether e is v.WithContext(...) or v.Clone(...).
func (c *checker) copyOf(e ast.Expr, v *types.Var) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isRequestCopy(analysisutil.Callee(c.info, call)) {
		return false
	}
	id, ok := ast.Unparen(receiver(c.info, call)).(*ast.Ident)
	return ok && c.info.ObjectOf(id) == v
}

// methodField returns the value of the last req.Method = m in fd.
func (c *checker) methodField(v *types.Var, fd *ast.FuncDecl) (ast.Expr, bool) {
	var value ast.Expr
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" && c.rootVar(sel.X) == v {
				value, found = as.Rhs[i], true
			}
		}
		return true
	})
	return value, found
}

// rootVar returns the variable at the root of a selector or method
// chain: req in req.Header, r in r.SetHeader(k, v).SetBody(b).
func (c *checker) rootVar(e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := c.info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.CallExpr:
			r := receiver(c.info, x)
			if r == nil {
				return nil
			}
			e = r
		default:
			return nil
		}
	}
}

// idempotentProtocol reports a request of a protocol that is idempotent
// by contract (catalog.Protocol): one the package speaks as a whole (an
// OTLP exporter), or one whose URL ends in the protocol's path:
//
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, endpoint+"/v1/traces", body)
func (c *checker) idempotentProtocol(url ast.Expr) bool {
	if catalog.ProtocolOfPkg(c.pass.Pkg.Path()) != nil {
		return true
	}
	return url != nil && catalog.ProtocolOfURL(c.x.URL(url).Tail()) != nil
}
