package unboundedbackoff

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// capFix clamps the growth itself, where it is a statement updating a
// time.Duration variable:
//
//	d *= 2          ->  d = min(d*2, time.Minute)
//	d = d * 2       ->  d = min(d * 2, time.Minute)
//
// Clamping the variable, not the wait, keeps it from overflowing to a
// negative duration (a hot loop) after enough doublings. The cap is the
// -max-wait threshold, spelled with the file's name for package time.
// Shapes such as base << attempt get no fix: clamping the wait there
// still lets the shift overflow.
func (c *checker) capFix(growth ast.Node) []analysis.SuggestedFix {
	as, ok := growth.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	info := c.pass.TypesInfo
	if !isDuration(info.TypeOf(as.Lhs[0])) {
		return nil
	}
	file := analysisutil.FileOf(c.pass.Files, as.Pos())
	if file == nil || !builtinMin(c.pass, as.Pos()) {
		return nil
	}
	timeName := importName(file, "time")
	if timeName == "" {
		return nil
	}
	lhs, rhs := c.src(as.Lhs[0]), c.src(as.Rhs[0])
	var grown string
	switch as.Tok {
	case token.MUL_ASSIGN:
		grown = lhs + "*" + rhs
	case token.SHL_ASSIGN:
		grown = lhs + "<<" + rhs
	case token.ASSIGN:
		grown = rhs
	default:
		return nil
	}
	capExpr := durationSrc(c.cfg.MaxWait, timeName)
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("Cap the delay at %s with min (changes behavior)", c.cfg.MaxWait),
		TextEdits: []analysis.TextEdit{{
			Pos:     as.Pos(),
			End:     as.End(),
			NewText: []byte(fmt.Sprintf("%s = min(%s, %s)", lhs, grown, capExpr)),
		}},
	}}
}

// builtinMin reports whether min at pos is the builtin of Go 1.21 and
// later, not shadowed and allowed by the file's Go version.
func builtinMin(pass *analysis.Pass, pos token.Pos) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	if _, obj := scope.LookupParent("min", pos); obj != types.Universe.Lookup("min") {
		return false
	}
	for _, f := range pass.Files {
		if f.Pos() <= pos && pos < f.End() {
			v := pass.TypesInfo.FileVersions[f]
			return v == "" || !versionBefore(v, 21)
		}
	}
	return false
}

// versionBefore reports whether a "go1.N" version is before go1.minor.
func versionBefore(v string, minor int) bool {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return false
	}
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	return err == nil && n < minor
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// importName returns the name a file uses for an imported package, or "".
func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p != path {
			continue
		}
		if imp.Name == nil {
			return path[strings.LastIndex(path, "/")+1:]
		}
		if n := imp.Name.Name; n != "_" && n != "." {
			return n
		}
	}
	return ""
}

// durationSrc spells a duration as Go source: time.Minute, 2 * time.Hour.
func durationSrc(d time.Duration, timeName string) string {
	for _, u := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}} {
		if d%u.d == 0 {
			if d == u.d {
				return timeName + "." + u.name
			}
			return fmt.Sprintf("%d * %s.%s", d/u.d, timeName, u.name)
		}
	}
	return fmt.Sprintf("%s.Duration(%d)", timeName, int64(d))
}

// src renders a node as source.
func (c *checker) src(n ast.Node) string {
	var b bytes.Buffer
	if err := format.Node(&b, c.pass.Fset, n); err != nil {
		return ""
	}
	return b.String()
}

// short renders an option for a message, on one line: retry.Attempts(0),
// RandomizationFactor: 0, b.RandomizationFactor = 0; long arguments
// are elided, and so is the middle of a builder chain that gofmt
// spreads over lines:
//
//	retrypolicy.NewBuilder[any]().   ->  retrypolicy.NewBuilder[any]()...WithDelay(time.Second)
//		WithMaxRetries(-1).
//		WithDelay(time.Second)
//
// A field of a literal is rendered as written, key and value
// (Jitter: 0.0, from wait.Backoff{Duration: time.Second, Jitter: 0.0}).
func (c *checker) short(n ast.Node) string {
	switch n := n.(type) {
	case *ast.CallExpr:
		args := make([]string, len(n.Args))
		for i, a := range n.Args {
			args[i] = c.expr(a)
			if len(args[i]) > 24 {
				args[i] = "..."
			}
		}
		fun := c.expr(n.Fun)
		if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
			if root := chainRoot(sel.X); root != nil && root != sel.X {
				fun = c.short(root) + "..." + sel.Sel.Name
			}
		}
		return fun + "(" + strings.Join(args, ", ") + ")"
	case *ast.CompositeLit:
		if n.Type == nil {
			// An element of a slice or map literal, its type elided:
			// map[string]wait.Backoff{"api": {Duration: ...}}.
			return c.elidedType(n) + "{...}"
		}
		return c.expr(n.Type) + "{...}"
	case *ast.KeyValueExpr:
		return c.short(n.Key) + ": " + c.short(n.Value)
	case ast.Expr:
		return c.expr(n)
	}
	return firstLine(c.src(n)) // a statement: its first line
}

// expr renders an expression on one line. types.ExprString shortens
// literals but prints a placeholder, "(ast: *ast.KeyValueExpr)", for a
// node it does not know (a key-value pair, a literal's elided type);
// such an expression is printed as source instead.
func (c *checker) expr(e ast.Expr) string {
	if s := types.ExprString(e); !strings.Contains(s, "(ast: ") {
		return s
	}
	return firstLine(c.src(e))
}

// elidedType names the type of a literal whose type is elided, as the
// file spells it (wait.Backoff), or "" when it is not known.
func (c *checker) elidedType(lit *ast.CompositeLit) string {
	if c.pass.TypesInfo == nil {
		return ""
	}
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return ""
	}
	file := analysisutil.FileOf(c.pass.Files, lit.Pos())
	return types.TypeString(t, func(p *types.Package) string {
		if p == c.pass.Pkg {
			return ""
		}
		if file != nil {
			if name := importName(file, p.Path()); name != "" {
				return name
			}
		}
		return p.Name()
	})
}

// firstLine returns the first line of s, marking what it cuts.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " ..."
	}
	return s
}

// chainRoot returns the first call of a method chain a.B().C().D, or nil
// when x is no call.
func chainRoot(x ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		if inner := chainRoot(sel.X); inner != nil {
			return inner
		}
	}
	return call
}
