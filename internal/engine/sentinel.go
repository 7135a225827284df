package engine

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A sentinel error may be a constant of a named error type rather than a
// variable:
//
//	type RedisError string
//	func (e RedisError) Error() string { return string(e) }
//	const Nil = RedisError("redis: nil")
//
//	if err == redis.Nil { ... } // MakeInterface of the constant
//
// SSA keeps the constant's value and type, not its name, so the sentinel
// is a constant declared with that type and value: the name the catalog
// and the comparisons go by. It is looked for in this package and the
// packages it imports first (redis.Nil, the name the code writes), then
// in the type's own package (proto.Nil): under go vet the type's package
// comes from export data that holds only what the importer needs, often
// the type without its constants. A value no constant holds (a
// conversion written in place) is no sentinel.

// constSentinel returns the package-level constant of c's named type
// whose value is c's, or nil.
func (p *Program) constSentinel(c *ssa.Const) *types.Const {
	if c.Value == nil {
		return nil
	}
	n, ok := types.Unalias(c.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	for _, k := range p.constsOf(n) {
		if k.Val().Kind() == c.Value.Kind() && constant.Compare(k.Val(), token.EQL, c.Value) {
			return k
		}
	}
	return nil
}

// constsOf returns the package-level constants of type n, read once per
// type: this package's, its imports' (in import path order), then those
// of n's package, each scope's in name order.
func (p *Program) constsOf(n *types.Named) []*types.Const {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ks, ok := p.consts[n]; ok {
		return ks
	}
	imps := slices.SortedFunc(slices.Values(p.pkg.Imports()), func(a, b *types.Package) int {
		return strings.Compare(a.Path(), b.Path())
	})
	var ks []*types.Const
	seen := map[*types.Package]bool{}
	for _, pkg := range append(append([]*types.Package{p.pkg}, imps...), n.Obj().Pkg()) {
		if seen[pkg] {
			continue
		}
		seen[pkg] = true
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			if k, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(k.Type(), n) {
				ks = append(ks, k)
			}
		}
	}
	if p.consts == nil {
		p.consts = map[*types.Named][]*types.Const{}
	}
	p.consts[n] = ks
	return ks
}
