package inventory

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/topology"
)

// route is one registration of a handler for an HTTP route:
//
//	mux.HandleFunc("POST /orders/{id}", s.place)          net/http
//	r.Route("/api", func(r chi.Router) { r.Get("/x", h) })  chi
//	r.HandleFunc("/x/{id}", h).Methods("GET")              gorilla/mux
//	g := e.Group("/api"); g.POST("/x/:id", h)              echo, gin
//
// The handler is a function or method (fn) or a function literal (lit);
// target is the route in ServeMux syntax, with the prefixes of the
// router it is registered on.
type route struct {
	fn     *types.Func
	lit    *ast.FuncLit
	target topology.Target
}

// routes finds the package's route registrations. A pattern or prefix
// that is not a constant leaves the route out: its handler is an entry
// point all the same when its signature is a handler's.
func (b *builder) routes() []route {
	info := b.pass.TypesInfo
	parent := map[*ast.CallExpr]*ast.CallExpr{} // x in x.Methods(...): the call chained on it
	b.groupParams = map[*types.Var]*ast.CallExpr{}
	var calls []*ast.CallExpr
	type mount struct {
		call   *ast.CallExpr
		prefix int
		maker  *types.Func
	}
	var mounts []mount
	for _, f := range b.pass.Files {
		if b.inTest(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			calls = append(calls, call)
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
					parent[x] = call
				}
			}
			// chi's Mount("/debug", debug()): the router debug makes has the prefix.
			if pi, hi, ok := catalog.RouteMount(analysisutil.AnyCallee(info, call)); ok && hi < len(call.Args) {
				if h, ok := ast.Unparen(call.Args[hi]).(*ast.CallExpr); ok {
					if maker := analysisutil.Callee(info, h); maker != nil && maker.Pkg() == b.pass.Pkg {
						mounts = append(mounts, mount{call, pi, maker})
					}
				}
			}
			// chi's Route("/api", func(r chi.Router) {...}): r has the prefix.
			if g := catalog.LookupRouteGroup(analysisutil.AnyCallee(info, call)); g != nil && g.FuncArg >= 0 && g.FuncArg < len(call.Args) {
				if lit, ok := ast.Unparen(call.Args[g.FuncArg]).(*ast.FuncLit); ok && lit.Type.Params.NumFields() == 1 {
					if v, ok := info.Defs[lit.Type.Params.List[0].Names[0]].(*types.Var); ok && len(lit.Type.Params.List[0].Names) == 1 {
						b.groupParams[v] = call
					}
				}
			}
			return true
		})
	}
	b.mounted = map[*types.Func]*string{}
	for _, m := range mounts {
		p, ok := b.urls.constString(m.call.Args[m.prefix])
		base := ""
		if sel, isSel := m.call.Fun.(*ast.SelectorExpr); isSel && ok {
			base, ok = b.prefixOf(sel.X, 0)
		}
		var prefix *string // nil: mounted under a prefix the report does not read
		if ok {
			j := joinRoute(base, p)
			prefix = &j
		}
		b.mounted[m.maker] = prefix
	}
	var out []route
	for _, call := range calls {
		fn := analysisutil.AnyCallee(info, call)
		var handler ast.Expr
		var t topology.Target
		var ok bool
		switch row := catalog.LookupRoute(fn); {
		case row != nil:
			h := row.Handler
			if h < 0 {
				h = len(call.Args) - 1
			}
			if h < 0 || h >= len(call.Args) || row.Pattern >= len(call.Args) {
				continue
			}
			handler = call.Args[h]
			t, ok = b.routeTarget(call, row, parent)
		case catalog.GorillaRoute(fn, "Handler"), catalog.GorillaRoute(fn, "HandlerFunc"):
			if len(call.Args) != 1 {
				continue
			}
			handler = call.Args[0]
			t, ok = b.gorillaChain(call, parent)
		default:
			continue
		}
		if !ok {
			continue
		}
		hf, hl := b.handlerOf(handler, 0)
		if hf == nil && hl == nil {
			continue
		}
		out = append(out, route{fn: hf, lit: hl, target: t})
	}
	return out
}

// routeTarget reads a catalogued registration: its pattern with the
// router's prefix, and its method.
func (b *builder) routeTarget(call *ast.CallExpr, row *catalog.Route, parent map[*ast.CallExpr]*ast.CallExpr) (topology.Target, bool) {
	pattern, ok := b.urls.constString(call.Args[row.Pattern])
	if !ok {
		return topology.Target{}, false
	}
	var t topology.Target
	if row.Syntax == catalog.SyntaxServeMux || row.Syntax == catalog.SyntaxBraces {
		t.Method, t.Host, pattern = splitPattern(pattern)
	}
	switch {
	case row.Method != "":
		t.Method = row.Method
	case row.MethodArg >= 0:
		m, ok := b.urls.constString(call.Args[row.MethodArg])
		if !ok {
			return t, false
		}
		t.Method = strings.ToUpper(m)
	}
	prefix, ok := "", true
	if sel, isSel := call.Fun.(*ast.SelectorExpr); isSel {
		prefix, ok = b.prefixOf(sel.X, 0)
	}
	if !ok {
		return t, false
	}
	t.Path = normalize(joinRoute(prefix, pattern), row.Syntax)
	if row.Chained {
		// Methods and Host chained on the route: r.HandleFunc(p, h).Methods("GET").
		for p := parent[call]; p != nil; p = parent[p] {
			if !b.gorillaModifier(p, &t) {
				return t, false
			}
		}
	}
	return t, t.Path != ""
}

// gorillaChain reads a gorilla route built by chained calls:
//
//	r.Methods("GET").Path("/x/{id}").HandlerFunc(h)
func (b *builder) gorillaChain(call *ast.CallExpr, parent map[*ast.CallExpr]*ast.CallExpr) (topology.Target, bool) {
	var t topology.Target
	path, subtree := "", false
	x := call.Fun.(*ast.SelectorExpr).X
chain:
	for {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			break
		}
		fn := analysisutil.AnyCallee(b.pass.TypesInfo, c)
		s := catalog.SymbolOf(fn)
		if !catalog.GorillaChain(fn) {
			break
		}
		switch s.Name {
		case "Path", "PathPrefix":
			if len(c.Args) != 1 || path != "" {
				return t, false
			}
			p, ok := b.urls.constString(c.Args[0])
			if !ok {
				return t, false
			}
			path, subtree = p, s.Name == "PathPrefix"
		case "Methods", "Host":
			if !b.gorillaModifier(c, &t) {
				return t, false
			}
		case "Subrouter":
			break chain // the router the route is on: its prefix is read below
		default:
			return t, false // a matcher the report does not read
		}
		x = c.Fun.(*ast.SelectorExpr).X
		if s.Recv == "Router" {
			break
		}
	}
	if path == "" {
		return t, false
	}
	prefix, ok := b.prefixOf(x, 0)
	if !ok {
		return t, false
	}
	full := joinRoute(prefix, path)
	if subtree {
		full = strings.TrimSuffix(full, "/") + "/{rest...}"
	}
	t.Path = normalize(full, catalog.SyntaxBraces)
	return t, true
}

// gorillaModifier applies a call chained on a gorilla route: Methods
// sets the method (one only: a route of several methods is left out),
// Host the host; others are matchers the report does not read.
func (b *builder) gorillaModifier(c *ast.CallExpr, t *topology.Target) bool {
	fn := analysisutil.AnyCallee(b.pass.TypesInfo, c)
	switch {
	case catalog.GorillaRoute(fn, "Methods") && len(c.Args) == 1:
		m, ok := b.urls.constString(c.Args[0])
		t.Method = strings.ToUpper(m)
		return ok
	case catalog.GorillaRoute(fn, "Host") && len(c.Args) == 1:
		h, ok := b.urls.constString(c.Args[0])
		t.Host = h
		return ok && !strings.Contains(h, "{")
	case catalog.GorillaRoute(fn, "Name"):
		return true
	}
	return false
}

// prefixOf is the path prefix of the routes registered on router x: the
// prefixes of the groups it was made with. A router that comes from a
// parameter, a field or a call the report does not read is taken to be
// mounted at the root; a prefix that is not a constant is not known.
func (b *builder) prefixOf(x ast.Expr, depth int) (string, bool) {
	x = ast.Unparen(x)
	if depth > maxURLDepth {
		return "", false
	}
	switch x := x.(type) {
	case *ast.Ident:
		v, ok := b.pass.TypesInfo.ObjectOf(x).(*types.Var)
		if !ok {
			return "", true
		}
		if g := b.groupParams[v]; g != nil {
			return b.prefixOf(g, depth+1)
		}
		if e := b.urls.assigned(x); e != nil {
			return b.prefixOf(e, depth+1)
		}
		return "", true
	case *ast.CallExpr:
		fn := analysisutil.AnyCallee(b.pass.TypesInfo, x)
		g := catalog.LookupRouteGroup(fn)
		sel, isSel := x.Fun.(*ast.SelectorExpr)
		switch {
		case catalog.RouterRoot(fn):
			// A router made in a function whose result another router
			// mounts has the mount's prefix.
			if p, ok := b.mounted[b.funcAt(x.Pos())]; ok {
				if p == nil {
					return "", false
				}
				return *p, true
			}
			return "", true
		case g != nil && isSel:
			base, ok := b.prefixOf(sel.X, depth+1)
			if !ok || g.Prefix < 0 {
				return base, ok
			}
			if g.Prefix >= len(x.Args) {
				return "", false
			}
			p, ok := b.urls.constString(x.Args[g.Prefix])
			return joinRoute(base, p), ok
		case catalog.GorillaRoute(fn, "Methods"), catalog.GorillaRoute(fn, "Host"):
			if isSel {
				return b.prefixOf(sel.X, depth+1)
			}
		}
	}
	return "", true
}

// funcAt is the function declaration of the package that holds pos, or
// nil.
func (b *builder) funcAt(pos token.Pos) *types.Func {
	for _, f := range b.pass.Files {
		if f.Pos() > pos || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				fn, _ := b.pass.TypesInfo.Defs[fd.Name].(*types.Func)
				return fn
			}
		}
	}
	return nil
}
