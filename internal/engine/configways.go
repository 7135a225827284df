package engine

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A retry's policy is often one value on one way and another on the
// other (maxmind/geoipupdate: a backoff whose MaxElapsedTime 0 would
// never stop becomes a single attempt, but only then):
//
//	exp := backoff.NewExponentialBackOff()
//	exp.MaxElapsedTime = retryFor
//	var b backoff.BackOff = exp
//	if retryFor == 0 {
//		b = backoff.WithMaxRetries(exp, 0)
//	}
//	return backoff.Retry(fn, b)
//
// ConfigOf is the union of both: read as one configuration it holds
// WithMaxRetries(exp, 0), and the retry would be one attempt on every
// way. ConfigWays splits it where the value merges several definitions
// (a phi, a local variable kept in memory with several stores reaching
// the load, a helper of the package with several returns) into one
// Config per choice, for the recognizer to evaluate each and merge.

// MaxConfigWays bounds the ways ConfigWays returns, and those of a
// helper's configuration a fact of the recognizer keeps.
const MaxConfigWays = 8

// ConfigWays returns what builds and configures the values on each way
// their definitions can be chosen: at every merge of several definitions
// that is not of a basic type (numbers and strings are read from the
// syntax, where a merge of them is no constant anyway), one Config per
// definition. One Config when nothing merges; nil when there are more
// than MaxConfigWays ways, for the caller to read the union (ConfigOf).
func (p *Program) ConfigWays(vals ...ssa.Value) []Config {
	var ways []Config
	pick := map[ssa.Value]int{}
	var explore func() bool
	explore = func() bool {
		ch := &choices{pick: pick, local: map[*ssa.Alloc]bool{}}
		c := p.configWalk(vals, ch)
		if ch.open == nil {
			ways = append(ways, c)
			return len(ways) <= MaxConfigWays
		}
		open := ch.open
		for i := range ch.n {
			pick[open] = i
			if !explore() {
				return false
			}
		}
		delete(pick, open)
		return true
	}
	if !explore() {
		return nil
	}
	return ways
}

// choices are the definitions one walk of ConfigWays follows.
type choices struct {
	// pick is the index of the definition followed at each merge
	// chosen so far.
	pick map[ssa.Value]int
	// open is the first merge met with nothing chosen, and n its
	// number of definitions: the walk reads all of them, and
	// ConfigWays walks again once per definition.
	open ssa.Value
	n    int
	// local marks the variables kept in memory one of whose stores a
	// load chose: their other stores are other ways.
	local map[*ssa.Alloc]bool
}

// choose returns the definitions of the merge at followed on this way:
// the one chosen, or all of them when none is yet (the merge is then
// open). Without choices (ConfigOf), or with fewer than two, all.
func choose[T any](ch *choices, at ssa.Value, defs []T) []T {
	if ch == nil || len(defs) < 2 {
		return defs
	}
	if i, ok := ch.pick[at]; ok {
		return defs[i : i+1]
	}
	if ch.open == nil {
		ch.open, ch.n = at, len(defs)
	}
	return defs
}

// chosen reports a variable one of whose stores a load chose.
func (ch *choices) chosen(a *ssa.Alloc) bool {
	return ch != nil && ch.local[a]
}

// phiDefs returns the distinct definitions a phi merges, none for a
// number or a string, nor at a loop's head, where a way round may add to
// what came in (opts = append(opts, o)).
func phiDefs(x *ssa.Phi) []ssa.Value {
	if _, basic := x.Type().Underlying().(*types.Basic); basic {
		return nil
	}
	for i := range x.Edges {
		if x.Block().Dominates(x.Block().Preds[i]) {
			return nil // a loop's head: what each round adds, all of it
		}
	}
	var out []ssa.Value
	for _, e := range distinct(x.Edges) {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}

// localOnly reports whether the address of a variable goes nowhere but
// to its loads, its stores and closures that only read it.
func localOnly(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a {
				return false // &b stored somewhere
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			if !readOnly(r, a) {
				return false // the closure may set it when it runs
			}
		default:
			return false // handed to a call
		}
	}
	return true
}

// readOnly reports whether the closure a MakeClosure makes only reads
// the variable a it captures:
//
//	notify := func(err error, d time.Duration) { log.Print(b) }
func readOnly(mc *ssa.MakeClosure, a *ssa.Alloc) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if b != a {
			continue
		}
		if i >= len(fn.FreeVars) {
			return false
		}
		for _, r := range *fn.FreeVars[i].Referrers() {
			switch r.(type) {
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// distinct returns vals without repeats and without nil (NilPolicy), in
// order. A nil policy is no way a retry runs with (backoff.Retry panics on it;
// a helper returns it with an error):
//
//	if err != nil {
//		return nil, err
//	}
//	return backoff.WithMaxRetries(exp, 0), nil
func distinct(vals []ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for _, v := range vals {
		if NilPolicy(v) {
			continue
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// reaching returns the local variable a load reads and the stores to it
// whose value the load may read, not of a basic type. A variable of the
// load's function whose address goes nowhere but to its loads and stores
// is read backward from the load to the stores met first on each way
// (b = exp; b = backoff.WithMaxRetries(exp, 0) reads only the second);
// one a closure captures may be written when the closure runs, and every
// store may reach. None, for the caller to read them all, where a store
// adds to what the variable held (opts = append(opts, o) round a loop).
func reaching(u *ssa.UnOp) (*ssa.Alloc, []*ssa.Store) {
	v, ok := loadOf(u)
	if !ok {
		return nil, nil
	}
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, nil
	}
	if _, basic := u.Type().Underlying().(*types.Basic); basic {
		return nil, nil
	}
	if u.X != a || u.Parent() != a.Parent() || !localOnly(a) {
		// Written where the walk back does not see: every store.
		all := stores(a)
		for _, st := range all {
			if len(loadsOf(st.Val, a, 0)) > 0 {
				return a, nil // opts = append(opts, o): all of it
			}
		}
		return a, all
	}
	out := reachingStores(u, a)
	for _, st := range out {
		for _, l := range loadsOf(st.Val, a, 0) {
			if l == u || slices.Contains(reachingStores(l, a), st) {
				return a, nil // opts = append(opts, o) round a loop: all of them
			}
		}
	}
	return a, out
}

// reachingStores returns the stores to a met first going backward from
// the load u, on every way into it.
func reachingStores(u *ssa.UnOp, a *ssa.Alloc) []*ssa.Store {
	var out []*ssa.Store
	found := map[*ssa.Store]bool{}
	seen := map[*ssa.BasicBlock]bool{}
	// back reads block b backward from instruction index i: the last
	// store to a before it, or the ways into b.
	var back func(b *ssa.BasicBlock, i int)
	back = func(b *ssa.BasicBlock, i int) {
		for j := i - 1; j >= 0; j-- {
			switch in := b.Instrs[j].(type) {
			case *ssa.Store:
				if in.Addr == a {
					if NilPolicy(in.Val) {
						return // var b backoff.BackOff = nil: no way of its own
					}
					if !found[in] {
						found[in] = true
						out = append(out, in)
					}
					return
				}
			case *ssa.Alloc:
				if in == a {
					return // its zero value: no definition
				}
			}
		}
		for _, pred := range b.Preds {
			if !seen[pred] {
				seen[pred] = true
				back(pred, len(pred.Instrs))
			}
		}
	}
	for i, in := range u.Block().Instrs {
		if in == u {
			back(u.Block(), i)
			break
		}
	}
	return out
}

// loadsOf returns the loads of a a value is computed from, a few steps
// back through the operands of its instructions: opts in
// append(opts, o).
func loadsOf(v ssa.Value, a *ssa.Alloc, depth int) []*ssa.UnOp {
	if depth > 3 {
		return nil
	}
	if u, ok := v.(*ssa.UnOp); ok {
		if x, ok := loadOf(u); ok && x == a {
			return []*ssa.UnOp{u}
		}
	}
	in, ok := v.(ssa.Instruction)
	if !ok {
		return nil
	}
	var out []*ssa.UnOp
	for _, op := range in.Operands(nil) {
		if *op != nil {
			out = append(out, loadsOf(*op, a, depth+1)...)
		}
	}
	return out
}

// NilPolicy reports a nil policy, client or option: the constant nil of a
// pointer, an interface or a function. A nil slice of options is none
// given, the library's defaults: a way of its own.
func NilPolicy(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || !c.IsNil() {
		return false
	}
	switch c.Type().Underlying().(type) {
	case *types.Slice, *types.Map:
		return false
	}
	return true
}
