package retryscan

import (
	"go/ast"
	"go/types"
)

// A decorator keeps what it wraps behind an interface, in an unexported
// field its constructor fills, and retries the calls it makes through it:
//
//	type resilient struct{ inner Provider }
//	func New(cfg Config) Provider { return &resilient{inner: newOpenAI(cfg)} }
//	for attempt := 0; attempt <= r.max; attempt++ {
//		out, err := r.inner.Complete(ctx, prompt) // (*openAI).Complete retries too
//
// The chain goes on through the methods the field's values have. Which
// they are is the engine's answer (Methods: every write of the field in
// sight, none from a parameter or another package); it is asked only
// when the syntax shows the field given a value of concrete type whose
// method of the call's name retries, so a package that only calls
// through interfaces builds no SSA for it.

// dynamicCallees returns the methods an interface method call runs when
// its receiver may be held in an unexported interface field of the
// package, read directly (r.cache.Get) or through a local (c := r.cache),
// and one of the field's values has a method of the call's name that
// retries; nil otherwise.
func (s *scanner) dynamicCallees(call *ast.CallExpr, m *types.Func) []*types.Func {
	if recv := m.Signature().Recv(); recv == nil || !types.IsInterface(recv.Type()) {
		return nil
	}
	retries := false
	for field, ts := range s.fieldTypes.get() {
		if obj, _, _ := types.LookupFieldOrMethod(field.Type(), false, m.Pkg(), m.Name()); obj != m {
			continue
		}
		for _, t := range ts {
			obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
			if fn, ok := obj.(*types.Func); ok && s.retrierChain(fn.Origin()) != nil {
				retries = true
			}
		}
	}
	if !retries {
		return nil
	}
	in := s.eng.Call(s.eng.Func(s.enclosingFunc(call)), call)
	if in == nil {
		return nil
	}
	fns, _ := s.eng.Methods(in)
	return fns
}

// readFieldTypes indexes, once, the concrete types the package's syntax
// gives its unexported interface fields: in struct literals, keyed or
// not, and in assignments to a selector.
func (s *scanner) readFieldTypes() map[*types.Var][]types.Type {
	idx := map[*types.Var][]types.Type{}
	add := func(f *types.Var, e ast.Expr) {
		if f == nil || !f.IsField() || f.Exported() || f.Pkg() != s.pass.Pkg || !types.IsInterface(f.Type()) {
			return
		}
		if t := s.info.TypeOf(e); t != nil && !types.IsInterface(t) {
			idx[f] = append(idx[f], t)
		}
	}
	for _, file := range s.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				t := s.info.TypeOf(n)
				if t == nil {
					return true
				}
				st, ok := t.Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if key, ok := kv.Key.(*ast.Ident); ok {
							f, _ := s.info.Uses[key].(*types.Var)
							add(f, kv.Value)
						}
					} else if i < st.NumFields() {
						add(st.Field(i), elt)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && len(n.Lhs) == len(n.Rhs) {
						f, _ := s.info.Uses[sel.Sel].(*types.Var)
						add(f, n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return idx
}
