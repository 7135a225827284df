package nonidempotent

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// hasKey reports whether an idempotency-key header is set on a request:
// on the request variable, on the resty request chain or client, or by a
// helper the request is handed to.
//
//	key := uuid.NewString()                          // once, before the retry
//	err := backoff.Retry(func() error {
//		req.Header.Set("Idempotency-Key", key)       // a key: not reported
//		...
//
// Where the key is made does not matter here: a key made anew on every
// attempt is keyregen's finding, reported at the key (one defect, one
// finding); nonidempotent reports requests that carry no key at all.
func (c *checker) hasKey(req ast.Expr, fd *ast.FuncDecl) bool {
	found := false
	seen := map[*types.Var]bool{}
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if found || e == nil || depth > 4 {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && c.setsKeyHeader(call) {
				found = true
			}
			_, lit := n.(*ast.FuncLit)
			return !found && !lit
		})
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			if row := catalog.LookupHTTP(analysisutil.Callee(c.info, call)); row != nil && row.Role == catalog.HTTPWrap && row.Req < len(call.Args) {
				visit(call.Args[row.Req], depth+1) // retryablehttp.FromRequest(req)
			}
		}
		v := c.rootVar(e)
		if v == nil || seen[v] || v.IsField() || !contains(fd, v.Pos()) {
			return
		}
		seen[v] = true
		if c.keyedOn(v, fd) {
			found = true
			return
		}
		for _, d := range c.defs(v) {
			visit(d.Value(), depth+1)
		}
	}
	visit(req, 0)
	return found
}

// keyedOn reports whether a key header is set directly on the variable v
// in fd (req.Header.Set(k, x), req.Header[k] = []string{x},
// r.SetHeader(k, x), req.Header = http.Header{k: {x}}), or v is handed
// to a helper that may set one.
func (c *checker) keyedOn(v *types.Var, fd *ast.FuncDecl) bool {
	// direct reports whether e is v or v.Header.
	direct := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" {
			e = ast.Unparen(sel.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && c.info.ObjectOf(id) == v
	}
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if r := receiver(c.info, n); r != nil && direct(r) && c.setsKeyHeader(n) {
				found = true
			}
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.info.ObjectOf(id) == v && c.helperSetsKey(analysisutil.Callee(c.info, n)) {
					found = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if i >= len(n.Rhs) {
					break
				}
				switch l := ast.Unparen(l).(type) {
				case *ast.IndexExpr: // req.Header["Idempotency-Key"] = []string{key}
					if name, ok := c.x.ConstString(l.Index); ok && direct(l.X) && c.isKeyHeader(name) {
						found = true
					}
				case *ast.SelectorExpr: // req.Header = http.Header{"Idempotency-Key": {key}}
					if l.Sel.Name == "Header" && direct(l.X) && c.mapHasKey(n.Rhs[i]) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// setsKeyHeader reports whether a header-setting call sets a key header:
// h.Set("Idempotency-Key", k), r.SetHeader("Idempotency-Key", k),
// r.SetHeaders(map[string]string{"Idempotency-Key": k}).
func (c *checker) setsKeyHeader(call *ast.CallExpr) bool {
	fn := analysisutil.Callee(c.info, call)
	if fn == nil {
		return false
	}
	if row := catalog.LookupHeaderSetter(fn); row != nil && row.Args == catalog.HeaderPair && row.Value < len(call.Args) {
		name, ok := c.x.ConstString(call.Args[row.Name])
		return ok && c.isKeyHeader(name)
	}
	if strings.HasPrefix(analysisutil.PkgPath(fn), "github.com/go-resty/resty") && strings.HasPrefix(fn.Name(), "SetHeader") && len(call.Args) == 1 {
		return c.mapHasKey(call.Args[0]) // SetHeaders, SetHeaderMultiValues
	}
	return false
}

// mapHasKey reports whether a map literal of headers has a key entry.
func (c *checker) mapHasKey(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if name, ok := c.x.ConstString(kv.Key); ok && c.isKeyHeader(name) {
				return true
			}
		}
	}
	return false
}

// isKeyHeader reports whether a header carries an idempotency key: a
// catalogued key header or one named by the -keyheaders flag.
func (c *checker) isKeyHeader(name string) bool { return c.keys.IsKey(name) }

// helperSetsKey reports whether a function the request is handed to may
// set an idempotency key: its name says so (setIdempotencyKey), or, in
// this package, its body names a key header.
func (c *checker) helperSetsKey(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if strings.Contains(strings.ToLower(fn.Name()), "idempot") {
		return true
	}
	fi, ok := c.byObj[fn]
	if !ok {
		return false
	}
	found := false
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BasicLit, *ast.Ident:
			if name, ok := c.x.ConstString(n.(ast.Expr)); ok && c.isKeyHeader(name) {
				found = true
			}
		}
		return !found
	})
	return found
}
