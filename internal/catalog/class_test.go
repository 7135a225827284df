package catalog_test

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/testenv"
)

// Every hook names a real symbol of the kind its role needs, and is found
// again from that symbol.
func TestClassHooksMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	seen := map[catalog.Symbol]bool{}
	for _, h := range catalog.ClassHooks() {
		if seen[h.Symbol] {
			t.Errorf("%s: catalogued twice", h.Symbol)
		}
		seen[h.Symbol] = true
		obj := lookup(pkgs, h.Symbol)
		if obj == nil {
			t.Errorf("%s: no such symbol in the real module", h.Symbol)
			continue
		}
		switch h.Hook {
		case catalog.HookBackoffField, catalog.HookCheckRetryField:
			if v, ok := obj.(*types.Var); !ok || !v.IsField() {
				t.Errorf("%s: not a struct field", h.Symbol)
			} else if catalog.LookupClassField(h.Pkg, h.Recv, h.Name) == nil {
				t.Errorf("%s: LookupClassField does not find it", h.Symbol)
			}
			continue
		case catalog.HookRetryableFunc:
			if _, ok := obj.(*types.TypeName); !ok {
				t.Errorf("%s: not a type", h.Symbol)
			}
		case catalog.HookBackoffRA, catalog.HookBackoffNoRA:
			// Used as values: client.Backoff = retryablehttp.LinearJitterBackoff.
			if _, ok := obj.(*types.Func); !ok {
				t.Errorf("%s: not a function", h.Symbol)
			}
		default:
			fn, ok := obj.(*types.Func)
			if !ok {
				t.Errorf("%s: not a function", h.Symbol)
				continue
			}
			sig := fn.Type().(*types.Signature)
			if h.Arg >= sig.Params().Len() {
				t.Errorf("%s: argument %d out of range", h.Symbol, h.Arg)
			}
			if h.Hook == catalog.HookCodes && !sig.Variadic() {
				t.Errorf("%s: a code list must be variadic", h.Symbol)
			}
			if h.Hook == catalog.HookNoFail && sig.Params().Len() > 0 && h.Arg >= 0 &&
				sig.Params().At(h.Arg).Type().String() != "context.Context" {
				t.Errorf("%s: argument %d is not a context.Context", h.Symbol, h.Arg)
			}
		}
		if got := catalog.LookupClassHook(obj); got == nil || got.Symbol != h.Symbol {
			t.Errorf("%s: LookupClassHook does not find the row from the real object", h.Symbol)
		}
	}
}

// The code table matches the constants of the real codes package, all of
// them.
func TestGRPCCodesMatchRealPackage(t *testing.T) {
	pkgs := loadLibraries(t)
	codes := pkgs[catalog.GRPCCodesPkg]
	if codes == nil {
		t.Fatalf("%s not loaded", catalog.GRPCCodesPkg)
	}
	consts := 0
	for _, name := range codes.Scope().Names() {
		c, ok := codes.Scope().Lookup(name).(*types.Const)
		if !ok || c.Type().String() != catalog.GRPCCodesPkg+".Code" {
			continue
		}
		consts++
		v, _ := constant.Uint64Val(c.Val())
		row, ok := catalog.LookupGRPCCode(name)
		if !ok || uint64(row.Value) != v {
			t.Errorf("codes.%s = %d, catalog has %+v", name, v, row)
		}
	}
	if consts != len(catalog.GRPCCodes()) {
		t.Errorf("codes has %d constants, catalog %d", consts, len(catalog.GRPCCodes()))
	}
	for _, c := range catalog.GRPCCodes() {
		if got, ok := catalog.LookupGRPCCode(c.JSON); !ok || got != c {
			t.Errorf("%s: not found by its service config name", c.JSON)
		}
	}
	if c, _ := catalog.LookupGRPCCode("not_found"); !c.Permanent {
		t.Errorf("NOT_FOUND should be permanent and found case-insensitively")
	}
	if c, _ := catalog.LookupGRPCCode("Unavailable"); c.Permanent {
		t.Errorf("Unavailable is transient")
	}
}

// No permanent AWS code is one the SDK itself retries: the sets of
// aws/retry (DefaultRetryableErrorCodes, DefaultThrottleErrorCodes) are
// read from the real source.
func TestAWSPermanentCodesAreNotRetriedBySDK(t *testing.T) {
	retried := map[string]bool{}
	for _, f := range parseReal(t, "github.com/aws/aws-sdk-go-v2/aws/retry") {
		for _, spec := range varSpecs(f, "DefaultRetryableErrorCodes", "DefaultThrottleErrorCodes") {
			for _, elt := range spec.Elts {
				if lit, ok := elt.(*ast.KeyValueExpr).Key.(*ast.BasicLit); ok {
					s, _ := strconv.Unquote(lit.Value)
					retried[s] = true
				}
			}
		}
	}
	if !retried["ThrottlingException"] || !retried["RequestTimeout"] {
		t.Fatalf("did not read the SDK's retried codes: %v", retried)
	}
	for code := range retried {
		if catalog.AWSPermanentCode(code) {
			t.Errorf("%s is retried by the SDK, not permanent", code)
		}
	}
	if !catalog.AWSPermanentCode("AccessDenied") {
		t.Errorf("AccessDenied should be permanent")
	}
}

// parseReal parses the Go files of a package of the real modules
// pinned in testdata/mod.
func parseReal(t *testing.T, path string) []*ast.File {
	t.Helper()
	dir, _ := filepath.Abs("testdata/mod")
	testenv.Download(t, dir)
	cfg := &packages.Config{Mode: packages.NeedFiles, Dir: dir,
		Env: append(testenv.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")}
	pkgs, err := packages.Load(cfg, path)
	if err != nil || len(pkgs) != 1 {
		t.Fatalf("load %s: %v", path, err)
	}
	var out []*ast.File
	fset := token.NewFileSet()
	for _, name := range pkgs[0].GoFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// varSpecs returns the composite literals of the named package variables.
func varSpecs(f *ast.File, names ...string) []*ast.CompositeLit {
	var out []*ast.CompositeLit
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			for i, id := range vs.Names {
				for _, n := range names {
					if id.Name == n && i < len(vs.Values) {
						if cl, ok := vs.Values[i].(*ast.CompositeLit); ok {
							out = append(out, cl)
						}
					}
				}
			}
		}
	}
	return out
}

// Each library with a cancellation hint takes its context the way the
// hint says: an EffCtx option, or a context argument of its entry point.
func TestCancelHints(t *testing.T) {
	ctxOption := map[string]bool{}
	for _, o := range catalog.BoundOptions() {
		if o.Effect == catalog.EffCtx {
			ctxOption[o.Pkg] = true
		}
	}
	ctxArg := map[string]bool{}
	for _, r := range catalog.Retries() {
		if r.Ctx >= 0 {
			ctxArg[r.Pkg] = true
		}
		if _, ok := catalog.LookupCancelHint(r.Pkg); ok && !ctxOption[r.Pkg] && !ctxArg[r.Pkg] {
			t.Errorf("%s: a cancel hint but neither a context option nor a context argument", r.Pkg)
		}
		if _, ok := catalog.LookupCancelHint(r.Pkg); ok && r.Role == catalog.RoleLoop && !catalog.ErrorOperation(r.Pkg) {
			t.Errorf("%s: a cancel hint for a library whose operation is not read", r.Pkg)
		}
	}
}

// A HookNoFail row does not look at its context in the real source: it
// compares it with nil, stores it, reads a value from it (ctx.Value) or
// hands it to the context package or to another such row, and nothing
// else, so its error (when it has one) never says the context is done.
func TestNoFailRowsDoNotLookAtContext(t *testing.T) {
	files := map[string][]*ast.File{}
	for _, h := range catalog.ClassHooks() {
		if h.Hook != catalog.HookNoFail {
			continue
		}
		if files[h.Pkg] == nil {
			files[h.Pkg] = parseReal(t, h.Pkg)
		}
		fd, f := funcDecl(files[h.Pkg], h.Recv, h.Name)
		if fd == nil {
			t.Errorf("%s: no declaration in the real source", h.Symbol)
			continue
		}
		var names []*ast.Ident
		for _, field := range fd.Type.Params.List {
			names = append(names, field.Names...)
		}
		if h.Arg < 0 || h.Arg >= len(names) {
			t.Errorf("%s: argument %d not found", h.Symbol, h.Arg)
			continue
		}
		ctx := names[h.Arg]
		imports := map[string]string{}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			name := p[strings.LastIndex(p, "/")+1:]
			if spec.Name != nil {
				name = spec.Name.Name
			}
			imports[name] = p
		}
		ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || id.Name != ctx.Name {
				return true
			}
			if why := lookAtContext(h.Pkg, imports, id, stack[len(stack)-1]); why != "" {
				t.Errorf("%s: %s (%T)", h.Symbol, why, stack[len(stack)-1])
			}
			return true
		})
	}
}

// funcDecl returns the declaration of a function or method, and its file.
func funcDecl(files []*ast.File, recv, name string) (*ast.FuncDecl, *ast.File) {
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != name || fd.Body == nil || (fd.Recv == nil) != (recv == "") {
				continue
			}
			if fd.Recv != nil {
				rt := fd.Recv.List[0].Type
				if st, ok := rt.(*ast.StarExpr); ok {
					rt = st.X
				}
				if id, ok := rt.(*ast.Ident); !ok || id.Name != recv {
					continue
				}
			}
			return fd, f
		}
	}
	return nil, nil
}

// lookAtContext says how a use of a context parameter, in parent, may
// look at it, or "" when it cannot.
func lookAtContext(pkg string, imports map[string]string, id *ast.Ident, parent ast.Node) string {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		if isNil(p.X) || isNil(p.Y) {
			return ""
		}
	case *ast.KeyValueExpr:
		if p.Key == id || p.Value == id {
			return "" // a field of that name, or stored in one
		}
	case *ast.AssignStmt:
		if slices.Contains(p.Rhs, ast.Expr(id)) {
			return ""
		}
	case *ast.SelectorExpr:
		if p.Sel == id || p.Sel.Name == "Value" {
			return "" // r2.ctx, a field of that name; ctx.Value(key)
		}
		return "calls its " + p.Sel.Name
	case *ast.CallExpr:
		sel, ok := p.Fun.(*ast.SelectorExpr)
		if !ok {
			return "hands it on"
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return "hands it on"
		}
		path, ok := imports[x.Name]
		if !ok {
			return "hands it on"
		}
		if path == "context" {
			return ""
		}
		for _, h := range catalog.ClassHooks() {
			if h.Hook == catalog.HookNoFail && h.Pkg == path && h.Recv == "" && h.Name == sel.Sel.Name {
				return ""
			}
		}
		return "hands it to " + path + "." + sel.Sel.Name
	}
	return "uses it"
}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}
