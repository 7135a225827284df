package flow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Values kept in struct fields and made by helper functions, on syntax:
//
//	type Store struct{ http *http.Client }
//	func New() *Store { return &Store{http: retryablehttp.NewClient().StandardClient()} }
//	func (s *Store) Get() { s.http.Do(req) }    // FieldWrites(http): the StandardClient call
//
//	func newBackoff() backoff.BackOff { return backoff.NewExponentialBackOff() }
//	b := newBackoff()                           // Returns(newBackoff, 0): the constructor call
//
// A field counts as fully seen (FieldComplete) only when it is unexported,
// declared in this package, and its address is never taken: then every
// write to it is in this package, and FieldWrites lists them all.

// fieldIndex is built with the rest of the index.
type fieldIndex struct {
	writes  map[*types.Var][]ast.Expr
	addr    map[*types.Var]bool
	returns map[*types.Func][][]ast.Expr // per result, the returned expressions
	decls   map[*types.Func]*ast.FuncDecl
	// sets and handed describe what is done to the value a field holds:
	// s.http.Timeout = d (sets[http] has "Timeout"), configure(s.http),
	// hc := s.http, return s.http (handed[http]).
	sets   map[*types.Var][]string
	handed map[*types.Var]bool
	// tuples are the calls returned as all results (return g()), bare
	// the functions with a bare return of named results.
	tuples map[*types.Func][]*ast.CallExpr
	bare   map[*types.Func]bool
}

// FieldOf returns the struct field a selector expression selects
// (c.http, s.cfg.Client), or nil.
func (x *Index) FieldOf(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := x.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
		v, _ := s.Obj().(*types.Var)
		return v
	}
	return nil
}

// FieldWrites returns the values written to field f in this package:
// assignments x.f = e and composite literals T{f: e} or T{e0, e1}. The
// zero value of a literal that leaves f out is not a write.
func (x *Index) FieldWrites(f *types.Var) []ast.Expr {
	x.build()
	return x.fields.writes[f]
}

// FieldComplete reports whether FieldWrites(f) is every value f can hold
// besides its zero value: f is an unexported field of a struct declared
// in this package, and its address is never taken.
func (x *Index) FieldComplete(f *types.Var) bool {
	x.build()
	return f != nil && f.IsField() && !f.Exported() && f.Pkg() != nil && x.pkg == f.Pkg() && !x.fields.addr[f]
}

// FieldSetsOn returns the names of the fields assigned through field f
// in this package: "Timeout" for s.http.Timeout = d.
func (x *Index) FieldSetsOn(f *types.Var) []string {
	x.build()
	return x.fields.sets[f]
}

// FieldHanded reports whether the value of field f is passed to a call,
// copied into a variable or another field, put into a literal or
// returned somewhere in this package: code the index does not follow
// may configure it.
func (x *Index) FieldHanded(f *types.Var) bool {
	x.build()
	return x.fields.handed[f]
}

// Returns returns the expressions a function declared in this package
// returns as its result i; ok is false when they cannot all be seen (no
// body, a bare return of named results, return f() of several results).
func (x *Index) Returns(fn *types.Func, i int) (values []ast.Expr, ok bool) {
	rets, ok := x.ReturnValues(fn, i)
	if !ok {
		return nil, false
	}
	for _, r := range rets {
		if r.Call != nil {
			return nil, false // return g() of several results
		}
		values = append(values, r.Value)
	}
	return values, true
}

// Ret is one value a function returns as a result: Value, or result
// Result of Call for return g() of several results.
type Ret struct {
	Value  ast.Expr
	Call   *ast.CallExpr
	Result int
}

// ReturnValues is Returns that also reads return g() of several results
// as result i of the call g(): ok is false only without a body or with a
// bare return of named results.
func (x *Index) ReturnValues(fn *types.Func, i int) (rets []Ret, ok bool) {
	x.build()
	if fn == nil {
		return nil, false
	}
	fn = fn.Origin()
	rs, found := x.fields.returns[fn]
	if !found || x.fields.bare[fn] || i >= len(rs) {
		return nil, false
	}
	for _, v := range rs[i] {
		rets = append(rets, Ret{Value: v})
	}
	for _, c := range x.fields.tuples[fn] {
		rets = append(rets, Ret{Call: c, Result: i})
	}
	return rets, true
}

// Decl returns the declaration of a function of this package, or nil.
func (x *Index) Decl(fn *types.Func) *ast.FuncDecl {
	x.build()
	if fn == nil {
		return nil
	}
	return x.fields.decls[fn.Origin()]
}

func (x *Index) visitFields(n ast.Node) {
	fx := &x.fields
	switch n := n.(type) {
	case *ast.AssignStmt:
		x.handFields(n.Rhs)
		if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
			for _, l := range n.Lhs {
				if f := x.FieldOf(l); f != nil {
					fx.addr[f] = true // x.f, err = g(), x.f += d: not one readable value
				}
			}
			return
		}
		for i, l := range n.Lhs {
			if f := x.FieldOf(l); f != nil {
				fx.writes[f] = append(fx.writes[f], n.Rhs[i])
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
				if f := x.FieldOf(sel.X); f != nil {
					fx.sets[f] = append(fx.sets[f], sel.Sel.Name)
				}
			}
		}
	case *ast.CallExpr:
		x.handFields(n.Args)
	case *ast.ReturnStmt:
		x.handFields(n.Results)
	case *ast.ValueSpec:
		x.handFields(n.Values)
	case *ast.CompositeLit:
		for _, el := range n.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			x.handFields([]ast.Expr{el})
		}
		st, ok := x.info.TypeOf(n).Underlying().(*types.Struct)
		if !ok {
			if p, isPtr := x.info.TypeOf(n).(*types.Pointer); isPtr {
				st, ok = p.Elem().Underlying().(*types.Struct)
			}
		}
		if !ok {
			return
		}
		for i, el := range n.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := x.info.ObjectOf(id).(*types.Var); ok && f.IsField() {
						fx.writes[f] = append(fx.writes[f], kv.Value)
					}
				}
			} else if i < st.NumFields() {
				fx.writes[st.Field(i)] = append(fx.writes[st.Field(i)], el)
			}
		}
	case *ast.UnaryExpr:
		if f := x.FieldOf(n.X); f != nil && n.Op == token.AND {
			fx.addr[f] = true
		}
	case *ast.FuncDecl:
		fn, _ := x.info.Defs[n.Name].(*types.Func)
		if fn == nil || n.Body == nil {
			return
		}
		fx.decls[fn] = n
		results := fn.Type().(*types.Signature).Results().Len()
		fx.returns[fn] = make([][]ast.Expr, results)
		ast.Inspect(n.Body, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false // its returns are its own
			case *ast.ReturnStmt:
				if len(m.Results) != results {
					if c, ok := ast.Unparen(firstOr(m.Results)).(*ast.CallExpr); ok && len(m.Results) == 1 {
						fx.tuples[fn] = append(fx.tuples[fn], c)
					} else {
						fx.bare[fn] = true
					}
					return true
				}
				for i, r := range m.Results {
					fx.returns[fn][i] = append(fx.returns[fn][i], r)
				}
			}
			return true
		})
	}
}

// handFields marks the fields read as plain values among es.
func (x *Index) handFields(es []ast.Expr) {
	for _, e := range es {
		if f := x.FieldOf(e); f != nil {
			x.fields.handed[f] = true
		}
	}
}

func firstOr(es []ast.Expr) ast.Expr {
	if len(es) == 0 {
		return nil
	}
	return es[0]
}
