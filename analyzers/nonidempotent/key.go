package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// hasKey reports whether an idempotency-key header is set on a request:
// on the request, on what it is made from (the resty request chain and
// its client, the request retryablehttp.FromRequest wraps), or by a
// helper the request is handed to. The request's makings are the
// engine's (Lineage, back through the calls that pass a value on); the
// settings are looked for in fd and in the package's functions that make
// the request.
//
//	key := uuid.NewString()                          // once, before the retry
//	err := backoff.Retry(func() error {
//		req.Header.Set("Idempotency-Key", key)       // a key: not reported
//		...
//
// Where the key is made does not matter here: a key made anew on every
// attempt is keyregen's finding, reported at the key (one defect, one
// finding); nonidempotent reports requests that carry no key at all.
func (c *checker) hasKey(req ssa.Value, fd *ast.FuncDecl) bool {
	if req == nil || !c.named().key {
		return false
	}
	lineage := c.eng.Lineage(req, func(in *ssa.Call) []ssa.Value {
		if vs := c.sameRequest(in); vs != nil {
			return vs
		}
		recv, _ := operands(in) // a builder: r.SetBody(b), client.R()
		if recv != nil {
			return []ssa.Value{recv}
		}
		return nil
	})
	fns := c.ssaFuncs(fd)
	for _, v := range lineage {
		if in, ok := v.(ssa.Instruction); ok && !slices.Contains(fns, in.Parent()) {
			fns = append(fns, in.Parent()) // a helper of the package that builds it
		}
	}
	on := func(target ssa.Value) bool { return target != nil && c.madeFrom(holder(target), lineage) }
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Call:
					recv, args := operands(in)
					if call := c.eng.CallExpr(in); call != nil && c.setsKeyHeader(call) && on(recv) {
						return true // req.Header.Set(k, x), r.SetHeader(k, x)
					}
					if c.helperSetsKey(engine.Callee(in)) && slices.ContainsFunc(args, on) {
						return true // setIdempotencyKey(req)
					}
				case *ssa.MapUpdate:
					if c.keyConst(in.Key) && on(in.Map) {
						return true // req.Header[k] = []string{x}
					}
				case *ssa.Store:
					if fa, ok := in.Addr.(*ssa.FieldAddr); ok && isField(fa, "Header") && c.hasKeyEntry(in.Val) && on(fa.X) {
						return true // req.Header = http.Header{k: {x}}
					}
				}
			}
		}
	}
	return false
}

// holder returns the value a header map or an embedded request belongs
// to: req for req.Header, rreq for the *http.Request a
// retryablehttp.Request embeds.
func holder(v ssa.Value) ssa.Value {
	for {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return v
		}
		fa, ok := u.X.(*ssa.FieldAddr)
		if !ok {
			return v
		}
		if f := engine.FieldOf(fa); f == nil || (f.Name() != "Header" && !f.Embedded()) {
			return v
		}
		v = fa.X
	}
}

// keyConst reports a constant that names a key header.
func (c *checker) keyConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && c.isKeyHeader(constant.StringVal(k.Value))
}

// hasKeyEntry reports a header map given a key entry where it is made:
// http.Header{"Idempotency-Key": {key}}.
func (c *checker) hasKeyEntry(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if u, ok := r.(*ssa.MapUpdate); ok && u.Map == v && c.keyConst(u.Key) {
			return true
		}
	}
	return false
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
		name, ok := analysisutil.ConstString(c.info, call.Args[row.Name])
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
			if name, ok := analysisutil.ConstString(c.info, kv.Key); ok && c.isKeyHeader(name) {
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
			if name, ok := analysisutil.ConstString(c.info, n.(ast.Expr)); ok && c.isKeyHeader(name) {
				found = true
			}
		}
		return !found
	})
	return found
}
