package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Values are followed back to where they are made by the engine (SSA,
// built for the package on the first question). Most packages never ask:
// a method, a statement or a key header can only be read where the
// package names one, which one walk of its syntax tells (names). What
// cannot be followed (a parameter, a field set elsewhere, a value from
// another package) is not read, and the code is assumed right.

// names is what the package names that the questions need.
type names struct {
	// method: an HTTP request builder (a catalogued one, or a helper of
	// another package with a RequestFact) is given a constant method that
	// is not idempotent or a local variable (a parameter), or a Method
	// field is assigned.
	method bool
	// sql: a constant string holds INSERT, UPDATE or DELETE.
	sql bool
	// key: a constant string is a key header, or a function whose name
	// mentions idempotency, or one of another package that sets a key
	// header (KeySetterFact), is called.
	key bool
}

// named returns what the package names, read on the first call.
func (c *checker) named() *names {
	if c.names != nil {
		return c.names
	}
	n := &names{}
	for _, tv := range c.info.Types {
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		s := constant.StringVal(tv.Value)
		n.key = n.key || c.isKeyHeader(s)
		n.sql = n.sql || sqlVerb(s)
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				fn := analysisutil.Callee(c.info, x)
				if i := c.methodIndex(fn); i >= 0 && i < len(x.Args) { // http.NewRequest, a RequestFact's builder
					if m, ok := analysisutil.ConstString(c.info, x.Args[i]); ok && !catalog.IdempotentMethod(m) {
						n.method = true
					} else if !ok && c.localVar(x.Args[i]) {
						n.method = true // the method the caller names (methodparam.go)
					}
				}
				if fn := analysisutil.AnyCallee(c.info, x); fn != nil && (strings.Contains(strings.ToLower(fn.Name()), "idempot") || c.keySetter(fn) != nil) {
					n.key = true
				}
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" {
						if v, ok := c.info.ObjectOf(sel.Sel).(*types.Var); ok && v.IsField() {
							n.method = true // req.Method = m, whatever m holds
						}
					}
				}
			}
			return true
		})
	}
	c.names = n
	return n
}

// localVar reports an expression that names a variable of a function of
// the package.
func (c *checker) localVar(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	return ok && !v.IsField() && v.Pkg() == c.pass.Pkg && v.Parent() != c.pass.Pkg.Scope()
}

// sqlVerb reports whether a text holds a word that starts a statement
// sqlshape can find not idempotent.
func sqlVerb(s string) bool {
	s = strings.ToUpper(s)
	return strings.Contains(s, "INSERT") || strings.Contains(s, "UPDATE") || strings.Contains(s, "DELETE")
}

// value returns the value of an expression of the function at where, or
// nil. A parameter of the function or of one around it is not asked
// about: nothing is known of it here.
func (c *checker) value(where place, e ast.Expr) ssa.Value {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := c.info.ObjectOf(id).(*types.Var); ok && isParam(where, v) {
			return nil
		}
	}
	return c.eng.ValueOf(where.syntax(), e)
}

// isParam reports whether v is a parameter of the function at where or
// of a literal around it.
func isParam(where place, v *types.Var) bool {
	in := func(ft *ast.FuncType) bool {
		return ft.Params != nil && ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End()
	}
	if in(where.fd.Type) || (where.fd.Recv != nil && where.fd.Recv.Pos() <= v.Pos() && v.Pos() < where.fd.Recv.End()) {
		return true
	}
	for _, lit := range where.lits {
		if in(lit.Type) {
			return true
		}
	}
	return false
}

// call returns the call instruction of a call at where, or nil.
func (c *checker) call(where place, call *ast.CallExpr) *ssa.Call {
	in, _ := c.eng.Call(where.fn(c.eng), call).(*ssa.Call)
	return in
}

// operands splits a call's operands into its receiver (nil for a plain
// function) and its arguments.
func operands(in *ssa.Call) (recv ssa.Value, args []ssa.Value) {
	cc := in.Common()
	switch {
	case cc.IsInvoke():
		return cc.Value, cc.Args
	case cc.Signature().Recv() != nil && len(cc.Args) > 0:
		return cc.Args[0], cc.Args[1:]
	}
	return nil, cc.Args
}

// ssaFuncs returns the SSA function of fd and the closures written in it.
func (c *checker) ssaFuncs(fd *ast.FuncDecl) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	if fn := c.eng.Func(fd); fn != nil {
		add(fn)
	}
	return out
}

// madeIn reports where a value is made relative to scope: inside (a
// call or a parameter of a function written there), outside, or unknown
// (a field, a global: made who knows where).
func madeIn(v ssa.Value, scope ast.Node) (inside, known bool) {
	var pos token.Pos
	switch v := v.(type) {
	case *ssa.Extract:
		pos = v.Tuple.Pos()
	case *ssa.Call, *ssa.Parameter:
		pos = v.Pos()
	default:
		return false, false
	}
	return contains(scope, pos), pos.IsValid()
}

// contains reports whether the node scope contains pos.
func contains(scope ast.Node, pos token.Pos) bool {
	return scope != nil && scope.Pos() <= pos && pos < scope.End()
}

// isNil reports a nil constant: the zero value of a variable declared
// without one (var req *http.Request).
func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value == nil
}

// isField reports whether an address selects a field of that name.
func isField(fa *ssa.FieldAddr, name string) bool {
	f := engine.FieldOf(fa)
	return f != nil && f.Name() == name
}
