package retryclass

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A list of codes is often kept in a variable and spread into the
// option, once for the whole package:
//
//	var retryable = []codes.Code{codes.Unavailable, codes.InvalidArgument}
//	...
//	grpcretry.WithCodes(retryable...)
//
// spreadElems returns the elements of such a list: a slice literal that
// a package variable is declared with, or that a local variable holds
// where it is spread (the engine's Assigned), when nothing in the
// package writes the variable again (an assignment, an element set, its
// address taken), or the lists a function of the package returns
// (helperElems). ok is false when the list cannot be read: its entries
// are then not known, and nothing is said of them.
func (c *checker) spreadElems(e ast.Expr) (elems []ast.Expr, ok bool) {
	return c.spreadElemsIn(e, map[*ast.FuncDecl]bool{})
}

func (c *checker) spreadElemsIn(e ast.Expr, helpers map[*ast.FuncDecl]bool) (elems []ast.Expr, ok bool) {
	id, isIdent := ast.Unparen(e).(*ast.Ident)
	if !isIdent {
		switch x := ast.Unparen(e).(type) {
		case *ast.CompositeLit:
			return x.Elts, true // WithCodes([]codes.Code{...}...)
		case *ast.CallExpr:
			return c.helperElems(x, helpers) // retry.Do(op, defaultOptions()...)
		}
		return nil, false
	}
	v, isVar := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !isVar || v.Pkg() != c.pass.Pkg {
		return nil, false
	}
	var lit *ast.CompositeLit
	if v.Parent() == v.Pkg().Scope() {
		if v.Exported() {
			return nil, false // importers may change it
		}
		lit = c.declaredLit(v)
	} else if c.eng != nil {
		if x, _ := c.eng.Assigned(id); x != nil {
			lit, _ = ast.Unparen(x).(*ast.CompositeLit)
		}
	}
	if lit == nil || c.written(v) {
		return nil, false
	}
	for _, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); keyed {
			return nil, false // [...]codes.Code{3: codes.NotFound}: rare, not read
		}
	}
	return lit.Elts, true
}

// helperElems returns the elements of the lists a function of the
// package returns, every return read by spreadElems and their elements
// naming nothing of the function (its receiver, parameters, locals):
// built from what the package declares, as a package variable's are.
//
//	func defaultOptions() []retry.Option {
//		return []retry.Option{retry.Attempts(5), retry.Delay(time.Second)}
//	}
//
// ok is false for a function of another package or one without a body,
// a bare return, a return the reading does not see into, and an element
// made from a parameter: retryOptions(ctx) may return
// retry.Context(ctx).
func (c *checker) helperElems(call *ast.CallExpr, helpers map[*ast.FuncDecl]bool) (elems []ast.Expr, ok bool) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil, false
	}
	fd := c.funcDecl(fn.Origin())
	if fd == nil || fd.Body == nil || helpers[fd] {
		return nil, false
	}
	helpers[fd] = true // on the way down only: two returns may share a helper
	defer delete(helpers, fd)
	ok = true
	returns := 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false // one unreadable return makes the list unknown
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) != 1 {
				ok = false // a bare return of a named result
				return false
			}
			list, read := c.spreadElemsIn(n.Results[0], helpers)
			if !read || slices.ContainsFunc(list, func(el ast.Expr) bool { return c.namesLocal(el, fd) }) {
				ok = false
				return false
			}
			elems = append(elems, list...)
		}
		return true
	})
	if !ok || returns == 0 {
		return nil, false
	}
	return elems, true
}

// namesLocal reports whether e names something declared in fd: its
// receiver, a parameter or a local.
func (c *checker) namesLocal(e ast.Expr, fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil && obj.Pos() >= fd.Pos() && obj.Pos() < fd.End() {
				found = true
			}
		}
		return !found
	})
	return found
}

// optionArgs returns a library call's arguments with a list spread into
// it (retry.Do(op, opts...)) replaced by the list's elements; ok is false
// when the list cannot be read (spreadElems).
func (c *checker) optionArgs(call *ast.CallExpr) (args []ast.Expr, ok bool) {
	args = call.Args
	if !call.Ellipsis.IsValid() || len(args) == 0 {
		return args, true
	}
	elems, ok := c.spreadElems(args[len(args)-1])
	if !ok {
		return nil, false
	}
	return append(slices.Clone(args[:len(args)-1]), elems...), true
}

// declaredLit returns the composite literal a package variable is
// declared with, or nil.
func (c *checker) declaredLit(v *types.Var) *ast.CompositeLit {
	return analysisutil.DeclaredLit(c.pass.Files, c.pass.TypesInfo, v)
}

// written reports whether the package writes v after its declaration:
// v = ..., v[i] = ..., v = append(v, ...), &v, v[i]++ (a local's one
// assignment, which Assigned found, is its declaration with :=).
func (c *checker) written(v *types.Var) bool {
	info := c.pass.TypesInfo
	is := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				return info.Uses[x] == v
			case *ast.IndexExpr:
				e = x.X
			case *ast.SliceExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					found = found || is(l)
				}
			case *ast.IncDecStmt:
				found = found || is(n.X)
			case *ast.UnaryExpr:
				found = found || n.Op == token.AND && is(n.X)
			case *ast.RangeStmt:
				found = found || n.Tok == token.ASSIGN && ((n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value)))
			}
			return !found
		})
	}
	return found
}
