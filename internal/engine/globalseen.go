package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// An exported package variable may be set by importers, so Sources do
// not read its loads as its stores (globals.go). An analyzer may still
// judge it by the package's own writes where that is the question (what
// the package's initializer gives every caller that does not replace
// it), as it does an exported field (FieldWritesSeen):
//
//	var WebhookClient = &http.Client{} // the package's only write

// GlobalWritesSeen reports whether every write this package makes to a
// package variable of its own is visible, exported or not: its address
// is only loaded or stored.
func (p *Program) GlobalWritesSeen(g *ssa.Global) bool {
	return g != nil && g.Pkg != nil && g.Pkg.Pkg == p.pkg && !p.fields().globals.escapes[g]
}

// GlobalStores returns the stores to a package variable in the
// package's functions, its initializer among them.
func (p *Program) GlobalStores(g *ssa.Global) []*ssa.Store { return p.globalStores(g) }

// GlobalLoads returns every read of a package variable in the package.
func (p *Program) GlobalLoads(g *ssa.Global) []ssa.Value { return p.fields().globals.loads[g] }

// GlobalOf returns the SSA global of a package variable of the package,
// or nil.
func (p *Program) GlobalOf(v *types.Var) *ssa.Global {
	p.build()
	if v == nil || v.Pkg() != p.pkg {
		return nil
	}
	g, _ := p.ssa.Members[v.Name()].(*ssa.Global)
	if g == nil || g.Object() != types.Object(v) {
		return nil
	}
	return g
}
