package keyregen

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
)

// fix offers to move the statement that generates the key to just before
// the statement holding the retry, when that is a plain definition at the
// top of the attempt body whose inputs are all available there:
//
//	for i := 0; i < 3; i++ {          key := uuid.NewString()
//		key := uuid.NewString()   =>  for i := 0; i < 3; i++ {
//		req.Header.Set(..., key)          req.Header.Set(..., key)
//
// No fix when the definition sits deeper (under an if), defines several
// names, when the name is redefined in the attempt, when the name is
// already visible before the retry, or when an input is computed inside
// the retry: each would change what the program means.
func (r *runner) fix(s *retryscan.Site, reg *region, f finding) *analysis.SuggestedFix {
	if f.origin.via != "" && !f.origin.fact.Returns {
		return nil
	}
	body := s.BodyBlock()
	if body == nil {
		return nil
	}
	def := definitionOf(body, f.origin.node)
	if def == nil {
		return nil
	}
	id, ok := def.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	info := r.pass.TypesInfo
	obj := info.Defs[id]
	if obj == nil || assignedIn(info, body, obj, def) {
		return nil
	}
	file := r.fileOf(body.Pos())
	anchor := anchorStmt(file, s.Body())
	if anchor == nil {
		return nil
	}
	// The name must be free before the retry, or the moved definition
	// would clash with or shadow it.
	if scope := r.pass.Pkg.Scope().Innermost(anchor.Pos()); scope == nil {
		return nil
	} else if _, o := scope.LookupParent(id.Name, anchor.Pos()); o != nil {
		return nil
	}
	if !inputsReady(info, def.Rhs[0], anchor, s.Body()) {
		return nil
	}
	if r.pass.ReadFile == nil {
		return nil // nogo's pass has no ReadFile: report without a fix
	}
	tf := r.pass.Fset.File(def.Pos())
	src, err := r.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil
	}
	// The definition must be alone on its line, so the whole line goes; a
	// comment after it goes with it.
	start, end := tf.Offset(def.Pos()), tf.Offset(def.End())
	lineStart := bytes.LastIndexByte(src[:start], '\n') + 1
	nl := bytes.IndexByte(src[end:], '\n')
	if nl < 0 || len(bytes.TrimSpace(src[lineStart:start])) > 0 {
		return nil
	}
	if rest := bytes.TrimSpace(src[end : end+nl]); len(rest) > 0 && !bytes.HasPrefix(rest, []byte("//")) {
		return nil
	}
	a := tf.Offset(anchor.Pos())
	indent := src[bytes.LastIndexByte(src[:a], '\n')+1 : a]
	if len(bytes.TrimSpace(indent)) > 0 {
		return nil
	}
	text := append(append([]byte{}, bytes.TrimRight(src[start:end+nl], " \t\r")...), '\n')
	text = append(text, indent...)
	return &analysis.SuggestedFix{
		Message: "Generate the key once, before the retry",
		TextEdits: []analysis.TextEdit{
			{Pos: anchor.Pos(), End: anchor.Pos(), NewText: text},
			{Pos: tf.Pos(lineStart), End: tf.Pos(end + nl + 1)},
		},
	}
}

// definitionOf returns the statement "k := expr" of the body's own list
// whose expression contains the generator call n.
func definitionOf(body *ast.BlockStmt, n ast.Node) *ast.AssignStmt {
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		if as.Rhs[0].Pos() <= n.Pos() && n.End() <= as.Rhs[0].End() {
			return as
		}
	}
	return nil
}

// assignedIn reports whether obj is assigned, incremented or has its
// address taken anywhere in root other than by def.
func assignedIn(info *types.Info, root ast.Node, obj types.Object, def *ast.AssignStmt) bool {
	found := false
	isObj := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(id) == obj
	}
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n == def {
				return true
			}
			for _, l := range n.Lhs {
				found = found || isObj(l)
			}
		case *ast.IncDecStmt:
			found = found || isObj(n.X)
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && isObj(n.X))
		}
		return !found
	})
	return found
}

// inputsReady reports whether every variable e reads is declared before
// the anchor statement and never assigned inside the attempt body, so
// that evaluating e before the retry gives what the first attempt saw.
func inputsReady(info *types.Info, e ast.Expr, anchor ast.Stmt, body ast.Node) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.Ident:
			v, isVar := info.Uses[n].(*types.Var)
			if !isVar || isPackageVar(v) {
				return true
			}
			if v.Pos() >= anchor.Pos() || assignedIn(info, body, v, nil) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// anchorStmt returns the statement of a block (or case) list that holds
// the attempt body: the loop, the statement calling the retry library,
// or the definition of the operation variable.
func anchorStmt(file *ast.File, body ast.Node) ast.Stmt {
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, body.Pos(), body.End())
	for i := 1; i+1 < len(path); i++ {
		st, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return st
		}
	}
	return nil
}

func (r *runner) fileOf(pos token.Pos) *ast.File { return analysisutil.FileOf(r.pass.Files, pos) }
