package engine

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Condition is the source of a branch: the statement whose condition an
// If tests, for messages and for the analyzers that look at what a
// condition names.
type Condition struct {
	// Stmt is the *ast.IfStmt, *ast.CaseClause or *ast.ForStmt, nil when
	// the branch has no statement of its own (a && inside an expression).
	Stmt ast.Node
	// Exprs are the if or for condition, or the case clause's values.
	Exprs []ast.Expr
	// Tag is the switch tag a case compares with, or nil.
	Tag ast.Expr
}

// ConditionOf returns the source of a branch.
func (p *Program) ConditionOf(ifi *ssa.If) Condition {
	pos := ifi.Cond.Pos()
	if e := condExpr(ifi); e != nil {
		pos = e.Pos()
	}
	if !pos.IsValid() {
		return Condition{}
	}
	path := p.pathAt(pos, pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.IfStmt:
			if within(n.Cond, pos) {
				return Condition{Stmt: n, Exprs: []ast.Expr{n.Cond}}
			}
		case *ast.ForStmt:
			if n.Cond != nil && within(n.Cond, pos) {
				return Condition{Stmt: n, Exprs: []ast.Expr{n.Cond}}
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if within(e, pos) {
					c := Condition{Stmt: n, Exprs: n.List}
					if i+2 < len(path) {
						if sw, ok := path[i+2].(*ast.SwitchStmt); ok {
							c.Tag = sw.Tag
						}
					}
					return c
				}
			}
		case *ast.FuncDecl, *ast.FuncLit:
			return Condition{}
		}
	}
	return Condition{}
}

func within(n ast.Node, pos token.Pos) bool { return n.Pos() <= pos && pos < n.End() }

// condExpr returns the expression an If tests, as its block's debug
// references give it: the use in the condition (ok in !ok), not the
// definition of the value (ok := code/100 == 2).
func condExpr(ifi *ssa.If) ast.Expr {
	instrs := ifi.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if d, ok := instrs[i].(*ssa.DebugRef); ok && d.X == ifi.Cond {
			return d.Expr
		}
	}
	return nil
}

// pathAt returns the syntax enclosing the interval [start, end) of a
// file of the package, innermost first; nil outside the package's files.
func (p *Program) pathAt(start, end token.Pos) []ast.Node {
	if f := analysisutil.FileOf(p.files, start); f != nil {
		path, _ := astutil.PathEnclosingInterval(f, start, end)
		return path
	}
	return nil
}

// Expr returns the expression a value of fn comes from, through the
// debug references, or nil.
func Expr(v ssa.Value) ast.Expr {
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if d, ok := r.(*ssa.DebugRef); ok {
				return d.Expr
			}
		}
	}
	return nil
}

// ValueOf returns the value of an expression of the package's function
// syntax fn (a declaration or literal), or nil.
func (p *Program) ValueOf(fn ast.Node, e ast.Expr) ssa.Value {
	f := p.Func(fn)
	if f == nil {
		return nil
	}
	v, _ := f.ValueForExpr(e)
	return v
}

// Holds reports whether the source condition of the statement that
// branch i of path tests held on the path (the if's then block ran, the
// case matched). Of the branches the statement's condition makes (a &&
// makes two), the last one the path passes decides, read through the !
// above it in the source.
func (p *Program) Holds(path *Path, i int) bool {
	stmt := p.ConditionOf(path.Branches[i].If).Stmt
	if stmt == nil {
		return path.Branches[i].Taken
	}
	j := i
	for j+1 < len(path.Branches) && p.ConditionOf(path.Branches[j+1].If).Stmt == stmt {
		j++
	}
	b := path.Branches[j]
	return b.Taken != p.negated(stmt, b.If)
}

// negated reports whether the expression a condition value comes from
// sits under an odd number of ! in its statement's condition.
func (p *Program) negated(stmt ast.Node, ifi *ssa.If) bool {
	e := condExpr(ifi)
	if e == nil {
		return false
	}
	var root ast.Node
	switch s := stmt.(type) {
	case *ast.IfStmt:
		root = s.Cond
	case *ast.ForStmt:
		root = s.Cond
	default:
		return false
	}
	path := p.pathAt(e.Pos(), e.End())
	odd := false
	for _, n := range path {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			odd = !odd
		}
		if n == root {
			break
		}
	}
	return odd
}

// Node returns the syntax an instruction comes from, by its position:
// the statement of an operator assignment or an increment (d *= 2,
// attempt++), the binary expression of an operator (base << attempt),
// the call of a call; nil when none is found. With stmt, the statement
// holding that syntax instead (d = min(d*2, max)).
func (p *Program) Node(in ssa.Instruction, stmt bool) ast.Node {
	pos := in.Pos()
	path := p.pathAt(pos, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Pos() == pos || stmt {
				return n
			}
		case *ast.IncDecStmt:
			return n
		case *ast.BinaryExpr:
			if n.OpPos == pos && !stmt {
				return n
			}
		case *ast.CallExpr:
			if n.Lparen == pos && !stmt {
				return n
			}
		case ast.Stmt:
			if stmt {
				return n
			}
		}
	}
	return nil
}

// SyntaxOf returns the syntax a value or a store comes from: the call of
// a call, the composite literal of its allocation, the assignment or
// key-value pair of a store, the literal of a closure; nil when there is
// none.
func (p *Program) SyntaxOf(v any) ast.Node {
	switch x := v.(type) {
	case ssa.CallInstruction:
		if c := p.CallExpr(x); c != nil {
			return c
		}
		return nil
	case *ssa.MakeClosure:
		return x.Fn.(*ssa.Function).Syntax()
	case *ssa.Function:
		if lit, ok := x.Syntax().(*ast.FuncLit); ok {
			return lit
		}
		return nil
	case *ssa.Alloc, *ssa.Store:
		// A client's configuration reaches the same stores from every
		// site that uses it: the path is found once.
		return memo(&p.mu, p.stmts, x.(ssa.Instruction), p.storeSyntax)
	}
	return nil
}

// storeSyntax is SyntaxOf for an allocation or a store.
func (p *Program) storeSyntax(v ssa.Instruction) ast.Node {
	pos := v.Pos()
	path := p.pathAt(pos, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if _, alloc := v.(*ssa.Alloc); !alloc || n.Lbrace == pos {
				return n
			}
		case *ast.AssignStmt, *ast.ValueSpec:
			return n
		case ast.Stmt, *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// ReturnedCall returns the call of a function of the package, or of
// another package's checker with a fact (checker.go), whose error the
// return that ends path returns, through the result slot of a function
// with a defer, or nil: the helper that said no when the operation has
// no branch of its own.
//
//	defer resp.Body.Close()
//	return checkResponse(resp)
func (p *Program) ReturnedCall(path *Path) *ast.CallExpr {
	ret, ok := path.At.(*ssa.Return)
	if !ok || len(ret.Results) == 0 {
		return nil
	}
	res := ret.Results[len(ret.Results)-1]
	if u, ok := res.(*ssa.UnOp); ok && u.Op == token.MUL {
		w := &walker{path: path.Blocks}
		if st := w.stored(u, len(path.Blocks)); st != nil {
			res = st.val
		}
	}
	if e, ok := res.(*ssa.Extract); ok {
		res = e.Tuple // body, err := readResponse(resp); return err
	}
	c, ok := unwrapCall(res)
	if !ok {
		return nil
	}
	if callee := c.Call.StaticCallee(); callee == nil || (callee.Pkg == nil || callee.Pkg.Pkg != p.pkg) && !p.checker(Callee(c)) {
		return nil
	}
	return p.CallExpr(c)
}
