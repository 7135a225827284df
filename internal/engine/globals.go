package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A package variable of the package, unexported and never handed on by
// address, has every write in sight, like an unexported field:
//
//	var client = &http.Client{}           // the initializer's store
//	func get(u string) { client.Get(u) }  // a load: the &http.Client{}
//
// Sources read its loads as its stores, and Uses follow a value stored in
// it to every load. An exported one may be set by importers, and one
// whose address is taken (flag.StringVar(&addr, ...), a field of a struct
// variable written in part) by code out of sight: their loads are
// sources themselves.

// globalIndex is every store to and load of the package's variables, and
// which of them have their address taken for anything else.
type globalIndex struct {
	stores  map[*ssa.Global][]*ssa.Store
	loads   map[*ssa.Global][]ssa.Value
	escapes map[*ssa.Global]bool
	// the addresses of its fields taken, and its other uses
	// (globalfields.go)
	fieldAddrs map[*ssa.Global][]*ssa.FieldAddr
	otherUse   map[*ssa.Global]bool
}

// add records the uses of package variables among in's operands. ops
// is a buffer for them, returned for the next instruction: one array per
// instruction would escape to the heap through the Operands interface
// call (17 MB of garbage for go-redis's 270,000 instructions).
func (x *globalIndex) add(in ssa.Instruction, ops []*ssa.Value) []*ssa.Value {
	ops = in.Operands(ops[:0])
	for _, op := range ops {
		g, ok := (*op).(*ssa.Global)
		if !ok {
			continue
		}
		switch in := in.(type) {
		case *ssa.Store:
			if in.Addr == ssa.Value(g) {
				x.stores[g] = append(x.stores[g], in)
				continue
			}
		case *ssa.UnOp:
			if in.Op == token.MUL {
				x.loads[g] = append(x.loads[g], in)
				continue
			}
		case *ssa.DebugRef:
			continue
		}
		x.escapes[g] = true
		x.fieldUse(in, g)
	}
	return ops
}

// GlobalComplete reports whether every write to a package variable is in
// this package and visible: an unexported variable of the package whose
// address is only loaded or stored.
func (p *Program) GlobalComplete(g *ssa.Global) bool {
	obj := g.Object()
	return obj != nil && !obj.Exported() && g.Pkg != nil && g.Pkg.Pkg == p.pkg && !p.fields().globals.escapes[g]
}

// globalStores returns the stores to a package variable in the
// package's functions (its initializer among them), in source order.
func (p *Program) globalStores(g *ssa.Global) []*ssa.Store { return p.fields().globals.stores[g] }
