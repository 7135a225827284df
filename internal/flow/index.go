// Package flow answers "where does this value come from" for the
// analyzers: one index of the assignments to the local variables of a
// package, built once per pass, with the queries every analyzer needs.
//
// It works on syntax and types only and is flow-insensitive: a variable
// is described by all its assignments at once. Anything it cannot see is
// said so (an address taken, a variable handed to other code), and the
// callers assume the code is right there.
//
//	ctx, cancel := context.WithTimeout(ctx, d)  // Def{RHS: the call, Result: 0, Other: cancel}
//	req, err := http.NewRequest("POST", u, b)   // Def{RHS: the call, Result: 0} for req
//	q += " WHERE id = $1"                       // Def{Tok: token.ADD_ASSIGN}: not a single value
//	for _, h := range hosts { ... }             // Def{Result: -1}: a range variable
//	var d net.Dialer                            // Def{}: the zero value
package flow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Analyzer gives every analyzer of a package the same *Index, built on
// the first query: a package whose analyzers never ask (most dependencies
// under go vet) pays nothing.
var Analyzer = &analysis.Analyzer{
	Name: "retrylintflow",
	Doc:  "index the assignments to local variables for retrylint's analyzers; reports nothing",
	URL:  "https://pkg.go.dev/github.com/retrylint/retrylint/internal/flow",
	Run: analysisutil.Guard(func(pass *analysis.Pass, _ *analysisutil.Crumb) (any, error) {
		return NewIndex(pass.Pkg, pass.TypesInfo, pass.Files), nil
	}),
	ResultType: reflect.TypeFor[*Index](),
}

// Of returns the pass's Index; the analyzer must Require Analyzer.
func Of(pass *analysis.Pass) *Index { return pass.ResultOf[Analyzer].(*Index) }

// Def is one assignment to a local variable.
type Def struct {
	// Node is the *ast.AssignStmt, *ast.ValueSpec or *ast.RangeStmt.
	Node ast.Node
	// Tok is the assignment's token: token.DEFINE, token.ASSIGN (a var
	// declaration too), or an operator assignment such as ADD_ASSIGN.
	Tok token.Token
	// RHS is the value assigned, or, when several variables receive the
	// results of one call, that call; nil for the zero value of a var
	// declaration and for range variables.
	RHS ast.Expr
	// Result is which result of RHS the variable receives when RHS has
	// several (v, ok := m[k]; a, b := f()), 0 otherwise; -1 for range
	// variables.
	Result int
	// Other is, for a two-variable assignment from one call, the variable
	// that receives the other result (the cancel func of ctx, cancel :=
	// context.WithCancel(p)); nil otherwise.
	Other *types.Var
}

// Value returns the one value the assignment gives the variable: RHS
// for a plain assignment or the first result of a call, nil otherwise
// (operator assignments, later results, range variables, zero values).
func (d Def) Value() ast.Expr {
	if d.Result != 0 || (d.Tok != token.ASSIGN && d.Tok != token.DEFINE) {
		return nil
	}
	return d.RHS
}

// Zero reports whether the assignment is a var declaration without a
// value (var req *http.Request), which gives the variable its zero value.
func (d Def) Zero() bool {
	_, spec := d.Node.(*ast.ValueSpec)
	return spec && d.RHS == nil
}

// Index holds, for each local variable of a package, its assignments and
// what else is done with it.
type Index struct {
	info  *types.Info
	pkg   *types.Package
	files []*ast.File
	// once builds the maps below on the first query; analyzers of one
	// package run in parallel.
	once      sync.Once
	defs      map[*types.Var][]Def
	fieldSets map[*types.Var][]string
	addr      map[*types.Var]bool
	handed    map[*types.Var]bool
	uses      map[*types.Var]int
	fields    fieldIndex
	steps     map[*types.Var][]*ast.IncDecStmt
}

// NewIndex returns an index of the files of a package, built on the
// first query. Analyzers use Of(pass) instead, to share one.
func NewIndex(pkg *types.Package, info *types.Info, files []*ast.File) *Index {
	return &Index{pkg: pkg, info: info, files: files}
}

func (x *Index) build() {
	x.once.Do(func() {
		x.defs, x.fieldSets = map[*types.Var][]Def{}, map[*types.Var][]string{}
		x.addr, x.handed, x.uses = map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]int{}
		x.steps = map[*types.Var][]*ast.IncDecStmt{}
		x.fields = fieldIndex{writes: map[*types.Var][]ast.Expr{}, addr: map[*types.Var]bool{},
			returns: map[*types.Func][][]ast.Expr{}, decls: map[*types.Func]*ast.FuncDecl{},
			sets: map[*types.Var][]string{}, handed: map[*types.Var]bool{},
			tuples: map[*types.Func][]*ast.CallExpr{}, bare: map[*types.Func]bool{}}
		for _, f := range x.files {
			ast.Inspect(f, func(n ast.Node) bool {
				x.visitFields(n)
				return x.visit(n)
			})
		}
	})
}

// Info returns the type information the index was built from.
func (x *Index) Info() *types.Info { return x.info }

// Local returns the local variable (a parameter included) that e names,
// or nil for anything else: fields, package variables, expressions.
func (x *Index) Local(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// Defs returns the assignments to v, in source order.
func (x *Index) Defs(v *types.Var) []Def {
	x.build()
	return x.defs[v]
}

// Single returns the one value assigned to v, or nil when v is assigned
// more than once, by something other than a plain value, or its address
// is taken.
func (x *Index) Single(v *types.Var) ast.Expr {
	x.build()
	ds := x.defs[v]
	if len(ds) != 1 || x.addr[v] {
		return nil
	}
	return ds[0].Value()
}

// AddrTaken reports whether &v appears: v may change behind the index's
// back.
func (x *Index) AddrTaken(v *types.Var) bool {
	x.build()
	return x.addr[v]
}

// Handed reports whether v is passed to a call or copied into another
// variable, where it may be configured.
func (x *Index) Handed(v *types.Var) bool {
	x.build()
	return x.handed[v]
}

// FieldSets returns the names of the fields assigned on v (v.Timeout = d).
func (x *Index) FieldSets(v *types.Var) []string {
	x.build()
	return x.fieldSets[v]
}

// Uses counts the identifiers that refer to v, plain assignments to it
// included (v = x), declarations (v := x) not.
func (x *Index) Uses(v *types.Var) int {
	x.build()
	return x.uses[v]
}

// ConstString returns the constant string value of e.
func (x *Index) ConstString(e ast.Expr) (string, bool) {
	tv, ok := x.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// defAt returns the Def target i of nl targets gets from rhs: rhs[i],
// result i of a single call, or no value.
func defAt(node ast.Node, tok token.Token, nl int, rhs []ast.Expr, i int) Def {
	d := Def{Node: node, Tok: tok}
	switch {
	case len(rhs) == nl:
		d.RHS = rhs[i]
	case len(rhs) == 1:
		d.RHS, d.Result = rhs[0], i
	}
	return d
}

func (x *Index) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			if v := x.Local(l); v != nil {
				d := defAt(n, n.Tok, len(n.Lhs), n.Rhs, i)
				if len(n.Rhs) == 1 && len(n.Lhs) == 2 {
					d.Other = x.Local(n.Lhs[1-i])
				}
				x.defs[v] = append(x.defs[v], d)
				continue
			}
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
				if v := x.Local(sel.X); v != nil {
					x.fieldSets[v] = append(x.fieldSets[v], sel.Sel.Name)
				}
			}
		}
		for _, r := range n.Rhs {
			if v := x.Local(r); v != nil {
				x.handed[v] = true
			}
		}
	case *ast.ValueSpec:
		names := make([]ast.Expr, len(n.Names))
		for i, id := range n.Names {
			names[i] = id
			if v, _ := x.info.Defs[id].(*types.Var); v != nil {
				x.defs[v] = append(x.defs[v], defAt(n, token.ASSIGN, len(n.Names), n.Values, i))
			}
		}
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if v := x.Local(e); v != nil {
				x.defs[v] = append(x.defs[v], Def{Node: n, Tok: n.Tok, Result: -1})
			}
		}
	case *ast.IncDecStmt:
		if v := x.Local(n.X); v != nil {
			x.steps[v] = append(x.steps[v], n)
		}
	case *ast.UnaryExpr:
		if v := x.Local(n.X); v != nil && n.Op == token.AND {
			x.addr[v] = true
		}
	case *ast.CallExpr:
		for _, a := range n.Args {
			if v := x.Local(a); v != nil {
				x.handed[v] = true
			}
		}
	case *ast.Ident:
		if v, ok := x.info.Uses[n].(*types.Var); ok {
			x.uses[v]++
		}
	}
	return true
}
