package inventory

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/topology"
)

// unit renders the package's part of the topology: the functions that
// reach a retry or an outbound call, their sites and outbound calls, and
// the edges from each function, or from the innermost site whose
// attempts run the code, to what it runs.
func (b *builder) unit() *topology.Unit {
	u := &topology.Unit{Package: b.pass.Pkg.Path()}
	if b.pass.Module != nil { // nogo leaves it empty; only the report driver asks for units
		u.Module = b.pass.Module.Path
	}
	seen := map[string]bool{} // extern outbound nodes
	siteOf := map[string]*retryscan.Site{}
	for _, fi := range b.funcs {
		if fi.out == "" && !fi.retries && !fi.detached {
			continue
		}
		b.at.Func(fi.decl)
		fnKey := key(fi.obj)
		if fi.out != "" || fi.retries {
			u.Funcs = append(u.Funcs, topology.UnitFunc{Key: fnKey, Label: label(fi.obj), Pos: b.pos(fi.decl.Name.Pos()), Entry: b.entryK[fi.obj]})
		}
		lits := map[*ast.FuncLit]string{}
		for _, e := range fi.events {
			b.at.At(e.at.Pos())
			from := fnKey
			if e.lit != nil {
				// A literal handed over for later: its own node, which
				// nothing here calls, so its sites are listed with no
				// path from an entry point.
				if lits[e.lit] == "" {
					lits[e.lit] = "lit:" + posKey(b, e.lit.Pos())
					u.Funcs = append(u.Funcs, topology.UnitFunc{Key: lits[e.lit], Label: label(fi.obj) + " (func literal)", Pos: b.pos(e.lit.Pos())})
				}
				from = lits[e.lit]
			}
			holder := b.holder(e.at, from)
			switch {
			case e.site != nil:
				s := e.site
				us := b.siteRecord(s, fi)
				siteOf[us.ID] = s
				us.Reaches = b.siteReaches(s)
				if call, ok := s.Node().(*ast.CallExpr); ok && us.Reaches != "" {
					us.Target = b.callTarget(call, s.Callee())
				}
				u.Sites = append(u.Sites, us)
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: us.ID})
				if s.Op() != nil && b.relevant(s.Op()) {
					u.Edges = append(u.Edges, topology.Edge{From: us.ID, To: key(s.Op())})
				}
				if s.Kind() == retryscan.KindRetrier && us.Callee == "" && b.relevant(s.Callee()) {
					u.Edges = append(u.Edges, topology.Edge{From: us.ID, To: key(s.Callee())})
				}
			case e.family != "":
				k := "o:" + posKey(b, e.at.Pos())
				u.Outbound = append(u.Outbound, topology.UnitOut{Key: k, Label: label(e.callee), Family: e.family, Pos: b.pos(e.at.Pos()), Target: e.target})
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: k})
			case b.relevant(e.callee):
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: key(e.callee)})
				if x, ok := b.extern(e.callee); ok {
					if !seen[x.Key] {
						seen[x.Key] = true
						u.Outbound = append(u.Outbound, x)
					}
					u.Edges = append(u.Edges, topology.Edge{From: holder, To: x.Key})
				}
			}
		}
	}
	// A site whose attempts lead nowhere here says what they call.
	from := map[string]bool{}
	for _, e := range u.Edges {
		from[e.From] = true
	}
	for i := range u.Sites {
		if us := &u.Sites[i]; us.Reaches == "" && !from[us.ID] {
			us.Unresolved = b.unresolvedWhy(siteOf[us.ID])
		}
	}
	u.Serves = b.serves()
	// Interface methods that reach out through an implementation here.
	for _, m := range b.ifaceOrder {
		u.Funcs = append(u.Funcs, topology.UnitFunc{Key: key(m), Label: label(m), Pos: b.pos(m.Pos())})
		for _, impl := range b.impls[m] {
			u.Edges = append(u.Edges, topology.Edge{From: key(m), To: key(impl)})
		}
	}
	return u
}

// serves lists what the package serves: its HTTP routes and the gRPC
// methods its types serve, each with its handler, in source order.
func (b *builder) serves() []topology.UnitServe {
	var out []topology.UnitServe
	for _, rt := range b.routeList {
		sv := topology.UnitServe{Entry: topology.EntryHTTP, Target: rt.target}
		if rt.lit != nil {
			sv.Key, sv.Pos = "lit:"+posKey(b, rt.lit.Pos()), b.pos(rt.lit.Pos())
			sv.Label = "func literal"
			if fi := b.declOf(rt.lit); fi != nil {
				sv.Label = label(fi.obj) + " (func literal)"
			}
		} else {
			fn := rt.fn.Origin()
			sv.Key, sv.Label, sv.Pos = key(fn), label(fn), b.pos(fn.Pos())
		}
		out = append(out, sv)
	}
	var grpc []topology.UnitServe
	for fn, name := range b.grpcServes {
		if *name != "" {
			grpc = append(grpc, topology.UnitServe{Key: key(fn), Label: label(fn), Pos: b.pos(fn.Pos()), Entry: topology.EntryGRPC,
				Target: topology.Target{GRPC: *name}})
		}
	}
	slices.SortFunc(grpc, func(a, b topology.UnitServe) int { return strings.Compare(a.Target.GRPC, b.Target.GRPC) })
	return append(out, grpc...)
}

// declOf is the function declaration that holds a literal.
func (b *builder) declOf(lit *ast.FuncLit) *fnInfo {
	for _, fi := range b.funcs {
		if fi.decl.Pos() <= lit.Pos() && lit.End() <= fi.decl.End() {
			return fi
		}
	}
	return nil
}

// extern is the outbound node that stands for what a function of another
// package calls, when its package is not in the report: the key is
// topology.ExternPrefix and the function's key, and Build drops it when
// the function's own unit is there.
func (b *builder) extern(fn *types.Func) (topology.UnitOut, bool) {
	fn = fn.Origin()
	if fn.Pkg() == b.pass.Pkg {
		return topology.UnitOut{}, false
	}
	f := b.importedFact(fn)
	if f == nil {
		return topology.UnitOut{}, false
	}
	return topology.UnitOut{Key: topology.ExternPrefix + key(fn), Label: label(fn), Family: f.Family, Pos: b.pos(fn.Pos())}, true
}

// holder is the key of what runs n: the innermost site whose attempts
// run it, else the function.
func (b *builder) holder(n ast.Node, fn string) string {
	var inner *retryscan.Site
	for _, s := range b.r.Enclosing(n.Pos()) {
		if s.Node() != n && !b.inTest(s.Node()) {
			inner = s
		}
	}
	if inner == nil {
		return fn
	}
	return siteKey(b, inner)
}
