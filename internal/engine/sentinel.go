package engine

import (
	"go/constant"
	"go/token"
	"go/types"

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
// is the constant the type's package declares with that value: the name
// the catalog and the comparisons go by. A value no constant of that
// package holds (a conversion written in place) is no sentinel.

// constSentinel returns the package-level constant of c's named type, in
// that type's package, whose value is c's, or nil.
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

// constsOf returns the package-level constants of type n in n's
// package, in name order, read once per type.
func (p *Program) constsOf(n *types.Named) []*types.Const {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ks, ok := p.consts[n]; ok {
		return ks
	}
	var ks []*types.Const
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if k, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(k.Type(), n) {
			ks = append(ks, k)
		}
	}
	if p.consts == nil {
		p.consts = map[*types.Named][]*types.Const{}
	}
	p.consts[n] = ks
	return ks
}
