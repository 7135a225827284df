package inventory

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/topology"
)

// builder holds one package's inventory while it is worked out.
type builder struct {
	pass   *analysis.Pass
	std    func(*types.Package) bool // analysisutil.Std: std's calls out are the catalog's rows
	r      *retryscan.Result
	at     *analysisutil.Crumb
	anchor token.Pos // where the one diagnostic is reported

	funcs  []*fnInfo
	byObj  map[*types.Func]*fnInfo
	facts  map[*types.Func]*OutboundFact // imported, by callee
	entryK map[*types.Func]string        // entry points and why

	// Interface methods of the package that a type of the package
	// implements with a method that calls out (see ifaceMethods).
	ifaceOut   map[*types.Func]string
	ifaceOrder []*types.Func
	impls      map[*types.Func][]*types.Func

	// What the package serves and calls: URL templates, the full names
	// of its gRPC service descriptors' methods, its HTTP routes and the
	// function literals among their handlers, the gRPC methods its
	// types serve, and the routers chi's Route hands to a literal.
	urls        *urlEval
	grpcNames   map[*types.Func]string
	routeList   []route
	handlerLits map[*ast.FuncLit]bool
	grpcServes  map[*types.Func]*string
	groupParams map[*types.Var]*ast.CallExpr
	mounted     map[*types.Func]*string // functions whose router another mounts, with the prefix
}

// fnInfo is one function declaration of the package and what its body
// does, in source order.
type fnInfo struct {
	decl   *ast.FuncDecl
	obj    *types.Func
	events []event
	// out is the kind of the first outbound call it reaches, "" if none;
	// retries says it contains a retry site or calls a function that
	// runs one.
	out     string
	retries bool
	// target is what all of its outbound calls call, when they call one
	// known target and it reaches out through nothing else (a client
	// function: the generated stub, ledger.Client.Debit).
	target *topology.Target
	// detached says a function literal it hands over for later holds a
	// retry site: the site is in the inventory, not on its paths.
	detached bool
}

// event is a site, an outbound call or a call of another function.
type event struct {
	at     ast.Node
	site   *retryscan.Site
	callee *types.Func
	family string // outbound call
	target *topology.Target
	// lit is the function literal handed over for later (markLater)
	// that the event is in, else nil: the literal runs it, not the
	// function.
	lit *ast.FuncLit
}

func newBuilder(pass *analysis.Pass, r *retryscan.Result, at *analysisutil.Crumb) *builder {
	return &builder{pass: pass, std: analysisutil.Std(pass), r: r, at: at, byObj: map[*types.Func]*fnInfo{}, facts: map[*types.Func]*OutboundFact{},
		ifaceOut: map[*types.Func]string{}, impls: map[*types.Func][]*types.Func{},
		urls: &urlEval{info: pass.TypesInfo, eng: engine.Of(pass)}, handlerLits: map[*ast.FuncLit]bool{}}
}

// scan records every function declaration outside test files and the
// sites, outbound calls and calls in its body, function literals
// included; those in a literal handed over to run later (markLater) are
// kept apart, as the literal's.
func (b *builder) scan() {
	b.grpcNames = b.serviceMethods()
	b.routeList = b.routes()
	for _, rt := range b.routeList {
		if rt.lit != nil {
			b.handlerLits[rt.lit] = true // a handler: its own entry point
		}
	}
	for _, f := range b.pass.Files {
		if b.inTest(f) {
			continue
		}
		if b.anchor == token.NoPos {
			b.anchor = f.Package
		}
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			obj, ok := b.pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			fi := &fnInfo{decl: decl, obj: obj}
			b.funcs = append(b.funcs, fi)
			b.byObj[obj] = fi
			b.at.Func(decl)
			later := map[*ast.FuncLit]bool{}
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				if n == nil {
					return true
				}
				markLater(n, later)
				if fl, ok := n.(*ast.FuncLit); ok && b.handlerLits[fl] {
					later[fl] = true
				}
				lit := laterLit(later, n.Pos())
				if site := b.r.SiteAt(n); site != nil {
					fi.events = append(fi.events, event{at: n, site: site, lit: lit})
					if lit == nil {
						fi.retries = true
					} else {
						fi.detached = true
					}
					return true // its arguments and body hold calls of their own
				}
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				b.at.At(call.Pos())
				fn := analysisutil.AnyCallee(b.pass.TypesInfo, call)
				if fn == nil {
					return true
				}
				if fam := outboundFamily(fn); fam != "" {
					fi.events = append(fi.events, event{at: call, family: fam, callee: fn, lit: lit, target: b.callTarget(call, fn)})
					if fi.out == "" && lit == nil {
						fi.out = fam
					}
					return true
				}
				fi.events = append(fi.events, event{at: call, callee: fn, lit: lit})
				return true
			})
		}
	}
	b.entryK = b.entries()
}

// propagate works out, for every function, whether it reaches an
// outbound call or a retry through the functions it calls: local ones
// until nothing changes, imported ones from their facts.
func (b *builder) propagate() {
	for changed := true; changed; {
		changed = false
		for _, fi := range b.funcs {
			for _, e := range fi.events {
				if e.lit != nil {
					continue // not run by fi
				}
				var out string
				var retries bool
				switch {
				case e.site != nil:
					out = b.siteReaches(e.site)
				case e.family != "":
					continue
				default:
					out, retries = b.reaches(e.callee)
				}
				if fi.out == "" && out != "" {
					fi.out, changed = out, true
				}
				if !fi.retries && retries {
					fi.retries, changed = true, true
				}
			}
		}
	}
}

// reaches says what calling fn leads to: the kind of outbound call it
// makes, and whether it runs a retry.
func (b *builder) reaches(fn *types.Func) (out string, retries bool) {
	fn = fn.Origin()
	if fi := b.byObj[fn]; fi != nil {
		return fi.out, fi.retries
	}
	if out, ok := b.ifaceOut[fn]; ok {
		return out, false
	}
	_, retries = b.r.Retrier(fn)
	if f := b.importedFact(fn); f != nil {
		out = f.Family
	}
	return out, retries
}

func (b *builder) importedFact(fn *types.Func) *OutboundFact {
	if f, ok := b.facts[fn]; ok {
		return f
	}
	var f *OutboundFact
	if fn.Pkg() != nil && fn.Pkg() != b.pass.Pkg && !b.std(fn.Pkg()) {
		if g := new(OutboundFact); b.pass.ImportObjectFact(fn, g) {
			f = g
		}
	}
	b.facts[fn] = f
	return f
}

// siteReaches is the kind of outbound call a site's own call makes: a
// client that retries inside calls out itself; a call of a function that
// retries inside (or of a wrapper, with its operation) reaches what that
// function reaches. Loops and library calls reach what their bodies
// call, which are events of their own.
func (b *builder) siteReaches(s *retryscan.Site) string {
	switch s.Kind() {
	case retryscan.KindClient:
		return clientFamily(s)
	case retryscan.KindRetrier:
		out, _ := b.reaches(s.Callee())
		return out
	}
	if s.Op() != nil {
		out, _ := b.reaches(s.Op())
		return out
	}
	return ""
}

func (b *builder) exportFacts() {
	for _, fi := range b.funcs {
		if fi.out != "" {
			b.pass.ExportObjectFact(fi.obj, &OutboundFact{Family: fi.out, Target: fi.target})
		}
	}
	for _, m := range b.ifaceOrder {
		f := &OutboundFact{Family: b.ifaceOut[m]}
		if impls := b.impls[m]; len(impls) == 1 {
			if fi := b.byObj[impls[0]]; fi != nil {
				f.Target = fi.target
			}
		}
		b.pass.ExportObjectFact(m, f)
	}
	for m, name := range b.grpcNames {
		if m.Pkg() == b.pass.Pkg {
			b.pass.ExportObjectFact(m, &GRPCMethodFact{Name: name})
		}
	}
}

// targets works out, for every function, the one target of its outbound
// calls (see fnInfo.target).
func (b *builder) targets() {
	for _, fi := range b.funcs {
		var t *topology.Target
		ok := true
		for _, e := range fi.events {
			switch {
			case e.lit != nil:
			case e.family != "":
				if !e.target.Known() || t != nil && *t != *e.target {
					ok = false
				}
				t = e.target
			case e.site != nil && b.siteReaches(e.site) != "", e.site == nil && b.relevant(e.callee):
				ok = false // it reaches out through a call the target is not read from
			}
		}
		if ok && t != nil {
			fi.target = t
		}
	}
}

// relevant reports whether a call of fn leads to a retry or an outbound
// call, so that the topology keeps the edge.
func (b *builder) relevant(fn *types.Func) bool {
	out, retries := b.reaches(fn)
	return out != "" || retries
}

// outboundFamily is the kind of outbound call fn makes, or "".
func outboundFamily(fn *types.Func) string {
	if o := catalog.LookupOutbound(fn); o != nil {
		return o.Family
	}
	// The interface generated stubs call through: the stub's body is
	// where its full method name is written.
	if analysisutil.IsFunc(fn, grpcPkg, "ClientConnInterface", "Invoke") {
		return "a gRPC call"
	}
	if analysisutil.IsFunc(fn, grpcPkg, "ClientConnInterface", "NewStream") {
		return "a gRPC stream"
	}
	if h := catalog.LookupHTTP(fn); h != nil && (h.Role == catalog.HTTPSend || h.Role == catalog.HTTPDirect) {
		return "an HTTP call"
	}
	if catalog.HTTPShortcut(fn) {
		return "an HTTP call"
	}
	return ""
}

// clientFamily is the kind of call a client that retries inside makes.
func clientFamily(s *retryscan.Site) string {
	if s.Callee() != nil {
		if fam := outboundFamily(s.Callee()); fam != "" {
			return fam
		}
	}
	if s.Entry() != nil && s.Entry().Pkg != "" {
		return "a call through " + s.Entry().Pkg
	}
	return "an outbound call"
}

// laterLit returns the literal handed over for later that holds pos, or
// nil.
func laterLit(later map[*ast.FuncLit]bool, pos token.Pos) *ast.FuncLit {
	var out *ast.FuncLit
	for lit := range later {
		if lit.Pos() <= pos && pos < lit.End() && (out == nil || lit.Pos() < out.Pos()) {
			out = lit // the outermost
		}
	}
	return out
}

// markLater marks the function literals that n hands over to run later,
// by someone else: returned, or stored in a struct field or a composite
// literal. A gRPC interceptor or a hook built by New is not called by
// New, so its retries and calls are not New's:
//
//	func (c *Client) interceptor() grpc.UnaryClientInterceptor {
//		return func(ctx context.Context, ...) error { for ... { invoker(...) } }
//	}
//
// Literals called in place, passed as an argument (the callee usually
// runs them: retries, errgroup.Go) or assigned to a local variable (a
// retry's operation, found through the site) stay in the function.
func markLater(n ast.Node, later map[*ast.FuncLit]bool) {
	mark := func(e ast.Expr) {
		if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
			later[lit] = true
		}
	}
	switch n := n.(type) {
	case *ast.ReturnStmt:
		for _, r := range n.Results {
			mark(r)
		}
	case *ast.CompositeLit:
		for _, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			mark(e)
		}
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if _, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && len(n.Rhs) == len(n.Lhs) {
				mark(n.Rhs[i])
			}
		}
	}
}
