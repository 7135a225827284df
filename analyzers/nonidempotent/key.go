package nonidempotent

import (
	"fmt"
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
	return c.setsKeyIn(fns, lineage)
}

// setsKeyIn reports whether one of fns sets an idempotency-key header on
// a value made from one of lineage (madeFrom), or on the header map of
// one.
func (c *checker) setsKeyIn(fns []*ssa.Function, lineage []ssa.Value) bool {
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
					if slices.ContainsFunc(c.keyedArgs(engine.Callee(in), args), on) {
						return true // setIdempotencyKey(req), hdr.SetKey(req, key)
					}
					if slices.ContainsFunc(c.valueKeyedArgs(in, args), on) {
						return true // decorate(req, key): a function value of the package
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

// keyedArgs returns the arguments of a call of fn that fn may set an
// idempotency key on: all of them when its name says so
// (setIdempotencyKey) or, in this package, its body names a key header;
// the one its KeySetterFact names for a function of another package;
// none otherwise.
func (c *checker) keyedArgs(fn *types.Func, args []ssa.Value) []ssa.Value {
	if fn == nil {
		return nil
	}
	if strings.Contains(strings.ToLower(fn.Name()), "idempot") {
		return args
	}
	if fi, ok := c.byObj[fn]; ok {
		if c.namesKey(fi.decl.Body) {
			return args
		}
		return nil
	}
	if f := c.keySetter(fn); f != nil && f.Param < len(args) {
		return args[f.Param : f.Param+1]
	}
	return nil
}

// valueKeyedArgs is keyedArgs for a call through a function value: a
// request decorator kept in a package variable or a field so that tests
// can replace it. Its arguments are keyed when every function the value
// can be (engine.CalledFuncs: the package shows every write) is written
// in the package and names a key header, as for a helper called by name:
//
//	var decorate = func(req *http.Request, key string) {
//		req.Header.Set("Idempotency-Key", key)
//	}
//	decorate(req, key) // in a retry: req carries a key
func (c *checker) valueKeyedArgs(in *ssa.Call, args []ssa.Value) []ssa.Value {
	if engine.Callee(in) != nil || in.Common().IsInvoke() || len(args) == 0 {
		return nil
	}
	fns, ok := c.eng.CalledFuncs(in)
	if !ok {
		return nil
	}
	for _, fn := range fns {
		var body *ast.BlockStmt
		switch syn := fn.Syntax().(type) {
		case *ast.FuncLit:
			body = syn.Body
		case *ast.FuncDecl:
			body = syn.Body
		}
		if body == nil || fn.Pkg == nil || fn.Pkg.Pkg != c.pass.Pkg || !c.namesKey(body) {
			return nil
		}
	}
	return args
}

// namesKey reports whether a function body names a key header in a
// constant.
func (c *checker) namesKey(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
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

// A helper of another package that sets the key header is known by a
// fact, exported where the helper is written:
//
//	package hdr
//	func SetKey(req *http.Request, key string) { req.Header.Set("Idempotency-Key", key) }
//
//	hdr.SetKey(req, key) // in a retry: req carries a key
//
// KeySetterFact is exported for a function that sets an idempotency-key
// header on the request, or the header map, it is given in argument
// Param (the receiver not counted).
type KeySetterFact struct {
	Param int
}

func (*KeySetterFact) AFact() {}

// String renders the fact for tests: setskey(0).
func (f *KeySetterFact) String() string { return fmt.Sprintf("setskey(%d)", f.Param) }

// exportKeySetters exports a KeySetterFact for the package's exported
// functions that set a key header on a parameter. Only a function whose
// body names a key header (namesKey, one walk of its syntax) is read in
// SSA, where the setting must be on a value made from the parameter (a
// request is not followed through WithContext or Clone here).
func (c *checker) exportKeySetters() {
	if !slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool { return catalog.HeaderPackage(p.Path()) }) {
		return // no header type in sight: most dependencies under go vet
	}
	for _, fi := range c.funcs {
		sig := fi.obj.Type().(*types.Signature)
		if !fi.obj.Exported() || sig.Params().Len() == 0 || !c.namesKey(fi.decl.Body) {
			continue
		}
		fn := c.eng.Func(fi.decl)
		if fn == nil {
			continue
		}
		params := fn.Params
		if sig.Recv() != nil && len(params) > 0 {
			params = params[1:]
		}
		fns := c.ssaFuncs(fi.decl)
		for i, p := range params {
			if c.setsKeyIn(fns, []ssa.Value{p}) {
				c.pass.ExportObjectFact(fi.obj, &KeySetterFact{Param: i})
				break
			}
		}
	}
}

// keySetter returns the KeySetterFact of a function of another package,
// or nil.
func (c *checker) keySetter(fn *types.Func) *KeySetterFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if f := new(KeySetterFact); c.pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}
