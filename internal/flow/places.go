package flow

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Where a value goes inside one stretch of code (an attempt body, a
// function body): every assignment to a local variable or to a field of
// one, in source order, and a forward fixpoint over them.
//
//	key := uuid.NewString()                  // Assign{Place{key}, RHS: the call}
//	p := &Params{Key: key}                   // Assign{Place{p}, ...} and Assign{Place{p, Key}, RHS: key, Lit}
//	p.Key = key                              // Assign{Place{p, Key}, RHS: key}
//	*out = key                               // Assign{Place{out}, RHS: key}: a write through a pointer
//	id, err := newID()                       // Assign{Place{id}, Tuple} and Assign{Place{err}, Tuple}

// Place is a local variable, or one field selected directly on one.
type Place struct {
	Var   *types.Var
	Field *types.Var // nil: the variable itself
}

// Assign is one value given to a place. Def.RHS is the value (the call,
// for one of several results); Def.Node the statement or declaration.
type Assign struct {
	Place Place
	Def   Def
	// Lhs is the target as written (key, p.Key, *out); for a field
	// filled by a literal, the variable the literal is assigned to.
	Lhs ast.Expr
	// Tuple: the place receives one of several results of Def.RHS.
	Tuple bool
	// Lit: a field filled by a struct literal assigned to Place.Var
	// (p := &Params{Key: k}); Def.RHS is the field's value.
	Lit bool
}

// PlaceOf returns the place an assignment target or an operand names:
// v, v.f, and the same behind a pointer (*v, *v.f). Package variables,
// fields of fields and anything else are no place.
func (x *Index) PlaceOf(e ast.Expr) (Place, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v := x.Local(e); v != nil {
			return Place{Var: v}, true
		}
	case *ast.SelectorExpr:
		if v := x.Local(e.X); v != nil {
			if f, ok := x.info.ObjectOf(e.Sel).(*types.Var); ok && f.IsField() {
				return Place{Var: v, Field: f}, true
			}
		}
	case *ast.StarExpr:
		return x.PlaceOf(e.X)
	}
	return Place{}, false
}

// AssignsIn returns the assignments inside region, closures included, in
// source order. Unlike Defs it lists writes to fields of locals, writes
// through pointers and the fields struct literals fill.
func (x *Index) AssignsIn(region ast.Node) []Assign {
	// Walked on each call rather than kept for the package: only keyregen
	// asks, for the few regions that make an ID, and a package-wide list
	// of every assignment cost the largest packages tens of megabytes.
	var out []Assign
	ast.Inspect(region, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			x.addAssigns(&out, n, n.Tok, n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			names := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				names[i] = id
			}
			x.addAssigns(&out, n, token.ASSIGN, names, n.Values)
		}
		return true
	})
	return out
}

// Propagate finds, flow-insensitively, every place in region that takes
// a value from the places in known: it calls value for each assignment
// of AssignsIn(region) and extra (assignments the index cannot see, such
// as rand.Read(buf) filling buf) to a place known does not have yet, and
// records what it returns unless that is the zero value, until nothing
// changes. value reads known for the places an expression mentions, and
// may refuse an assignment by returning the zero value. An assignment
// anywhere in region counts for every use in it: the region may run
// again from the top (an attempt body) or stands for all its runs (a
// function summary).
func Propagate[T comparable](x *Index, region ast.Node, known map[Place]T, extra []Assign, value func(Assign) T) {
	as := x.AssignsIn(region)
	if len(extra) > 0 {
		as = append(slices.Clone(as), extra...)
		slices.SortStableFunc(as, func(a, b Assign) int { return cmp.Compare(a.Def.Node.Pos(), b.Def.Node.Pos()) })
	}
	var zero T
	for changed := true; changed; {
		changed = false
		for _, a := range as {
			if known[a.Place] != zero {
				continue
			}
			if v := value(a); v != zero {
				known[a.Place] = v
				changed = true
			}
		}
	}
}

// addAssigns records the assignments of one statement or declaration:
// one per target that is a place, then the fields of struct literals
// assigned to a variable.
func (x *Index) addAssigns(out *[]Assign, node ast.Node, tok token.Token, lhs []ast.Expr, rhs []ast.Expr) {
	for i, l := range lhs {
		p, ok := x.PlaceOf(l)
		if !ok {
			continue
		}
		a := Assign{Place: p, Def: defAt(node, tok, len(lhs), rhs, i), Lhs: l, Tuple: len(rhs) == 1 && len(lhs) > 1}
		*out = append(*out, a)
		if p.Field == nil && a.Def.RHS != nil && !a.Tuple {
			x.addLitFields(out, a)
		}
	}
}

// addLitFields records the fields a struct literal fills, for
// p := &Params{Key: k} or p = Params{Key: k}.
func (x *Index) addLitFields(out *[]Assign, a Assign) {
	e := ast.Unparen(a.Def.RHS)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		if f, ok := x.info.ObjectOf(id).(*types.Var); ok && f.IsField() {
			*out = append(*out, Assign{Place: Place{Var: a.Place.Var, Field: f},
				Def: Def{Node: a.Def.Node, Tok: a.Def.Tok, RHS: kv.Value}, Lhs: a.Lhs, Lit: true})
		}
	}
}
