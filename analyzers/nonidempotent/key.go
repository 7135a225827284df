package nonidempotent

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// keyState says whether a request carries an idempotency key that stays
// the same across attempts.
type keyState uint8

const (
	keyNone   keyState = iota
	keyFresh           // a key made inside the attempt: new on every attempt
	keyStable          // a key made before the attempt, or one that cannot be seen to change
)

// keySet is one place that sets an idempotency-key header.
type keySet struct {
	value ast.Expr
	at    ast.Node
}

// key finds the idempotency-key headers set on a request: on the request
// variable, on the resty request chain or client, or by a helper the
// request is handed to. A key is fresh when it is set inside scope from
// a value made there by an ID generator; made anywhere else (before the
// retry, from a parameter, a constant, a field) it is stable:
//
//	key := uuid.NewString()                          // once, before the retry
//	err := backoff.Retry(func() error {
//		req.Header.Set("Idempotency-Key", key)       // stable: not reported
//		...
//
// Finding a fresh key is keyregen's business; here it only means the
// request has no key that protects it.
func (c *checker) key(req ast.Expr, fd *ast.FuncDecl, scope ast.Node) keyState {
	var sets []keySet
	helper := false
	seen := map[*types.Var]bool{}
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > 4 {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				sets = append(sets, c.headerSets(call)...)
			}
			_, lit := n.(*ast.FuncLit)
			return !lit
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
		s, h := c.setsOn(v, fd)
		sets = append(sets, s...)
		helper = helper || h
		for _, d := range c.defs(fd, v) {
			visit(d.rhs, depth+1)
		}
	}
	visit(req, 0)
	if helper {
		return keyStable
	}
	state := keyNone
	for _, s := range sets {
		if !contains(scope, s.at.Pos()) || !c.madeIn(s.value, fd, scope, 0) {
			return keyStable
		}
		state = keyFresh
	}
	return state
}

// setsOn returns the key headers set directly on the variable v in fd
// (req.Header.Set(k, x), req.Header[k] = []string{x}, r.SetHeader(k, x),
// req.Header = http.Header{k: {x}}), and whether v is handed to a helper
// that may set one.
func (c *checker) setsOn(v *types.Var, fd *ast.FuncDecl) (sets []keySet, helper bool) {
	// direct reports whether e is v or v.Header.
	direct := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "Header" {
			e = ast.Unparen(sel.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && c.info.ObjectOf(id) == v
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if r := receiver(c.info, n); r != nil && direct(r) {
				sets = append(sets, c.headerSets(n)...)
			}
			for _, a := range n.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.info.ObjectOf(id) == v && c.helperSetsKey(analysisutil.Callee(c.info, n)) {
					helper = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if i >= len(n.Rhs) {
					break
				}
				switch l := ast.Unparen(l).(type) {
				case *ast.IndexExpr: // req.Header["Idempotency-Key"] = []string{key}
					if name, ok := c.constString(l.Index); ok && direct(l.X) && c.isKeyHeader(name) {
						sets = append(sets, keySet{value: n.Rhs[i], at: n})
					}
				case *ast.SelectorExpr: // req.Header = http.Header{"Idempotency-Key": {key}}
					if l.Sel.Name == "Header" && direct(l.X) {
						sets = append(sets, c.mapSets(n.Rhs[i], n)...)
					}
				}
			}
		}
		return true
	})
	return sets, helper
}

// headerSets returns the key headers a header-setting call sets:
// h.Set("Idempotency-Key", k), r.SetHeader("Idempotency-Key", k),
// r.SetHeaders(map[string]string{"Idempotency-Key": k}).
func (c *checker) headerSets(call *ast.CallExpr) []keySet {
	fn := analysisutil.Callee(c.info, call)
	if fn == nil {
		return nil
	}
	if row := catalog.LookupHeaderSetter(fn); row != nil && row.Args == catalog.HeaderPair && row.Value < len(call.Args) {
		if name, ok := c.constString(call.Args[row.Name]); ok && c.isKeyHeader(name) {
			return []keySet{{value: call.Args[row.Value], at: call}}
		}
		return nil
	}
	if strings.HasPrefix(analysisutil.PkgPath(fn), "github.com/go-resty/resty") && strings.HasPrefix(fn.Name(), "SetHeader") && len(call.Args) == 1 {
		return c.mapSets(call.Args[0], call) // SetHeaders, SetHeaderMultiValues
	}
	return nil
}

// mapSets reads the key entries of a map literal of headers.
func (c *checker) mapSets(e ast.Expr, at ast.Node) []keySet {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []keySet
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if name, ok := c.constString(kv.Key); ok && c.isKeyHeader(name) {
			out = append(out, keySet{value: kv.Value, at: at})
		}
	}
	return out
}

// isKeyHeader reports whether a header carries an idempotency key: a
// catalogued key header or one named by the -keyheaders flag.
func (c *checker) isKeyHeader(name string) bool {
	if class, ok := catalog.HeaderClass(name); ok && class == catalog.SinkKey {
		return true
	}
	return c.keys[strings.ToLower(strings.TrimSpace(name))]
}

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
			if name, ok := c.constString(n.(ast.Expr)); ok && c.isKeyHeader(name) {
				found = true
			}
		}
		return !found
	})
	return found
}
