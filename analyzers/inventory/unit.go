package inventory

import (
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/topology"
)

// unit renders the package's part of the topology: the functions that
// reach a retry or an outbound call, their sites and outbound calls, and
// the edges from each function, or from the innermost site whose
// attempts run the code, to what it runs.
func (b *builder) unit() *topology.Unit {
	u := &topology.Unit{Package: b.pass.Pkg.Path()}
	for _, fi := range b.funcs {
		if fi.out == "" && !fi.retries {
			continue
		}
		b.at.Func(fi.decl)
		from := key(fi.obj)
		u.Funcs = append(u.Funcs, topology.UnitFunc{Key: from, Label: label(fi.obj), Pos: b.pos(fi.decl.Name.Pos()), Entry: b.entryK[fi.obj]})
		for _, e := range fi.events {
			b.at.At(e.at.Pos())
			holder := b.holder(e.at, from)
			switch {
			case e.site != nil:
				s := e.site
				us := b.siteRecord(s, fi)
				us.Reaches = b.siteReaches(s)
				u.Sites = append(u.Sites, us)
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: us.ID})
				if s.Op != nil && b.relevant(s.Op) {
					u.Edges = append(u.Edges, topology.Edge{From: us.ID, To: key(s.Op)})
				}
				if s.Kind == retryscan.KindRetrier && us.Callee == "" && b.relevant(s.Callee) {
					u.Edges = append(u.Edges, topology.Edge{From: us.ID, To: key(s.Callee)})
				}
			case e.family != "":
				k := "o:" + posKey(b, e.at.Pos())
				u.Outbound = append(u.Outbound, topology.UnitOut{Key: k, Label: label(e.callee), Family: e.family, Pos: b.pos(e.at.Pos())})
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: k})
			case b.relevant(e.callee):
				u.Edges = append(u.Edges, topology.Edge{From: holder, To: key(e.callee)})
			}
		}
	}
	return u
}

// holder is the key of what runs n: the innermost site whose attempts
// run it, else the function.
func (b *builder) holder(n ast.Node, fn string) string {
	var inner *retryscan.Site
	for _, s := range b.r.Enclosing(n.Pos()) {
		if s.Node != n && !b.inTest(s.Node) {
			inner = s
		}
	}
	if inner == nil {
		return fn
	}
	return siteKey(b, inner)
}
