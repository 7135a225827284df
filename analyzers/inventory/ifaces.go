package inventory

import "go/types"

// ifaceMethods finds the interface methods of the package that a type of
// the same package implements with a method that calls out, and records
// them with those implementations. A call through the interface then
// reaches what the implementation reaches: the interface and its
// implementation live together in the usual layout (client-go's
// DeploymentInterface and its deployments type, rest.Interface and
// RESTClient), and the fact exported on the interface method carries
// that to the packages that call through it:
//
//	type DeploymentInterface interface{ Update(...) (*v1.Deployment, error) }
//	type deployments struct{ client rest.Interface }
//	func (c *deployments) Update(...) (*v1.Deployment, error) { ... .Do(ctx) ... }
//
// Implementations in other packages are not seen (a mock, a fake).
func (b *builder) ifaceMethods() {
	var calls bool
	for _, fi := range b.funcs {
		calls = calls || fi.out != ""
	}
	if !calls {
		return
	}
	scope := b.pass.Pkg.Scope()
	var ifaces []*types.Named
	var concrete []*types.Named
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if _, ok := n.Underlying().(*types.Interface); ok {
			ifaces = append(ifaces, n)
		} else {
			concrete = append(concrete, n)
		}
	}
	for _, in := range ifaces {
		iface := in.Underlying().(*types.Interface)
		if iface.NumMethods() == 0 {
			continue
		}
		for _, t := range concrete {
			ptr := types.NewPointer(t)
			if !types.Implements(ptr, iface) {
				continue
			}
			for i := range iface.NumMethods() {
				m := iface.Method(i)
				if m.Pkg() != b.pass.Pkg {
					continue // embedded from another package's interface: its fact is not ours to set
				}
				obj, _, _ := types.LookupFieldOrMethod(ptr, true, b.pass.Pkg, m.Name())
				impl, ok := obj.(*types.Func)
				if !ok {
					continue
				}
				if fi := b.byObj[impl.Origin()]; fi != nil && fi.out != "" {
					if b.ifaceOut[m] == "" {
						b.ifaceOut[m] = fi.out
						b.ifaceOrder = append(b.ifaceOrder, m)
					}
					b.impls[m] = append(b.impls[m], impl.Origin())
				}
			}
		}
	}
}
