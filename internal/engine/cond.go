package engine

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"
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
	pos := p.exprPos(ifi.Cond)
	if !pos.IsValid() {
		return Condition{}
	}
	f := p.fileOf(pos)
	if f == nil {
		return Condition{}
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
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

// exprPos returns a position of the source of a value: the expression a
// debug reference ties to it, or its own position.
func (p *Program) exprPos(v ssa.Value) token.Pos {
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if d, ok := r.(*ssa.DebugRef); ok {
				return d.Expr.Pos()
			}
		}
	}
	return v.Pos()
}

// fileOf returns the file of the package holding pos.
func (p *Program) fileOf(pos token.Pos) *ast.File {
	for _, f := range p.files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
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
