package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A loop may keep a count in a field of a value it is handed, as a
// scheduler keeps a job's restarts for its next supervisor:
//
//	for {
//		if err := start(j); err == nil {
//			return
//		}
//		time.Sleep(backoff(j.restarts))
//		j.restarts++
//	}
//
// The field is the function's own when nothing it runs (the calls it
// makes, the package's functions they call in turn, its closures and the
// goroutines it starts) reads the field or writes it into a value that
// was made before: no callee takes the count as its input (a search,
// r.version++ before insert(r)) or sets it back under the loop.

// FieldOwnedBy reports whether field f is fn's own, as above: an
// unexported field of the package's struct whose address is not handed
// on (every write is in sight), read and written by no function fn may
// run. A write into a value made in place (the literal &job{restarts: n}
// of a constructor) changes no value fn holds. A call through an
// interface may run any method of the package of that name, and a call
// of a function value any function of the package used as a value.
func (p *Program) FieldOwnedBy(f *types.Var, fn *ssa.Function) bool {
	if fn == nil || !p.FieldComplete(f) {
		return false
	}
	others := map[*ssa.Function]bool{}
	for _, l := range p.FieldLoads(f) {
		if in, ok := l.(ssa.Instruction); ok && in.Parent() != fn {
			others[in.Parent()] = true
		}
	}
	for _, st := range p.FieldStores(f) {
		if st.Parent() != fn {
			if _, made := base(st.Addr).(*ssa.Alloc); !made {
				others[st.Parent()] = true
			}
		}
	}
	if len(others) == 0 {
		return true
	}
	for g := range p.runs(fn) {
		if others[g] {
			return false
		}
	}
	return true
}

// runs returns the functions of the package fn may run, fn aside.
func (p *Program) runs(fn *ssa.Function) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{}
	stack := []*ssa.Function{fn}
	add := func(g *ssa.Function) {
		if g != nil && g != fn && !out[g] && len(g.Blocks) > 0 {
			out[g] = true
			stack = append(stack, g)
		}
	}
	var named map[string][]*ssa.Function // methods by name, for an interface call
	var values []*ssa.Function           // functions used as values, for a call of one
	dynamic := func(c *ssa.CallCommon) {
		if named == nil {
			named, values = p.dynamicTargets()
		}
		if c.IsInvoke() {
			for _, g := range named[c.Method.Name()] {
				add(g)
			}
			return
		}
		for _, g := range values {
			add(g)
		}
	}
	for len(stack) > 0 {
		g := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				// A function named here may run: called, made a closure,
				// handed to another package's code (sort.Slice(xs, less)).
				for _, op := range in.Operands(nil) {
					if h, ok := (*op).(*ssa.Function); ok {
						add(h)
					}
				}
				if c, ok := in.(ssa.CallInstruction); ok && c.Common().StaticCallee() == nil {
					if _, builtin := c.Common().Value.(*ssa.Builtin); !builtin {
						dynamic(c.Common())
					}
				}
			}
		}
	}
	return out
}

// dynamicTargets returns what a call the engine cannot resolve may run
// in the package: its methods, by name, and the functions it uses as
// values (handed on, stored, bound as a method value).
func (p *Program) dynamicTargets() (map[string][]*ssa.Function, []*ssa.Function) {
	named := map[string][]*ssa.Function{}
	var values []*ssa.Function
	seen := map[*ssa.Function]bool{}
	for _, g := range p.allFuncs() {
		if sig := g.Signature; sig.Recv() != nil {
			named[g.Name()] = append(named[g.Name()], g)
		}
		for _, b := range g.Blocks {
			for _, in := range b.Instrs {
				ops := in.Operands(nil)
				if c, ok := in.(ssa.CallInstruction); ok && c.Common().StaticCallee() != nil {
					ops = ops[1:] // the callee itself is called, not used as a value
				}
				for _, op := range ops {
					if v, ok := (*op).(*ssa.Function); ok && !seen[v] {
						seen[v] = true
						values = append(values, v)
					}
				}
			}
		}
	}
	return named, values
}
