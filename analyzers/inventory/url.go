package inventory

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A URL as the code builds it: constant text with holes for the values
// the code does not show as constants. Client code writes the same URL in
// a few shapes, and each is read here into the same template:
//
//	"http://ledger.internal/accounts/" + id
//	fmt.Sprintf("%s/accounts/%d", c.baseURL, id)
//	url.JoinPath(c.baseURL, "accounts", id)
//	u := c.base.JoinPath("accounts", id); u.String()
//
// A hole is named after the value it stands for (id, c.baseURL) and says
// where that value comes from, which is what the report tells the reader
// when the host or the path is not known.
type urlTmpl []urlPart

type urlPart struct {
	lit  string
	hole bool
	name string // the hole's name: "id", "baseURL"
	from string // where it comes from: "parameter id", "field baseURL"
}

// maxURLDepth bounds how far a value is followed through variables and
// calls.
const maxURLDepth = 8

// urlEval reads URL templates in one package.
type urlEval struct {
	info *types.Info
	eng  *engine.Program
}

func lit(s string) urlTmpl { return urlTmpl{{lit: s}} }

func hole(name, from string) urlTmpl { return urlTmpl{{hole: true, name: name, from: from}} }

// eval reads e as a URL template.
func (u *urlEval) eval(e ast.Expr, depth int) urlTmpl {
	e = ast.Unparen(e)
	if s, ok := u.constString(e); ok {
		return lit(s)
	}
	if depth > maxURLDepth {
		return hole(exprName(e), "a value computed further than the report follows")
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return append(u.eval(e.X, depth+1), u.eval(e.Y, depth+1)...)
		}
	case *ast.Ident:
		return u.ident(e, depth)
	case *ast.SelectorExpr:
		if v, ok := u.info.ObjectOf(e.Sel).(*types.Var); ok && v.IsField() {
			return hole(e.Sel.Name, "field "+e.Sel.Name)
		}
		return u.ident(e.Sel, depth)
	case *ast.CallExpr:
		return u.call(e, depth)
	}
	return hole(exprName(e), "an expression the report does not read")
}

// ident follows a local variable to its one value; a parameter, a
// package variable or a variable assigned more than once is a hole.
func (u *urlEval) ident(id *ast.Ident, depth int) urlTmpl {
	v, ok := u.info.ObjectOf(id).(*types.Var)
	switch {
	case !ok:
		return hole(id.Name, "an expression the report does not read")
	case v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
		return hole(id.Name, "package variable "+id.Name)
	}
	x, param := u.eng.Assigned(id)
	switch {
	case x != nil:
		return u.eval(x, depth+1)
	case param:
		return hole(id.Name, "parameter "+id.Name)
	}
	return hole(id.Name, "variable "+id.Name+", assigned more than once")
}

// isParam reports whether a read of a local variable holds its
// function's parameter as the caller passed it.
func (u *urlEval) isParam(id *ast.Ident) bool {
	_, param := u.eng.Assigned(id)
	return param
}

// assigned returns the expression a local variable read at e holds, when
// one assignment reaches it (engine.Assigned), or nil.
func (u *urlEval) assigned(e ast.Expr) ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := u.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	x, _ := u.eng.Assigned(id)
	return x
}

func (u *urlEval) constString(e ast.Expr) (string, bool) { return analysisutil.ConstString(u.info, e) }

// call reads the calls that build URLs: fmt.Sprintf, url.JoinPath,
// path.Join, strings.TrimSuffix, a *url.URL's String, and the conversions
// of numbers to text (a hole named after the number).
func (u *urlEval) call(c *ast.CallExpr, depth int) urlTmpl {
	fn := analysisutil.Callee(u.info, c)
	arg := func(i int) urlTmpl { return u.eval(c.Args[i], depth+1) }
	switch {
	case fn == nil:
	case analysisutil.IsFunc(fn, "fmt", "", "Sprintf") && len(c.Args) > 0:
		if format, ok := u.constString(c.Args[0]); ok {
			return u.sprintf(format, c.Args[1:], depth)
		}
	case analysisutil.IsFunc(fn, "net/url", "", "JoinPath") && len(c.Args) > 0 && !c.Ellipsis.IsValid():
		return joinPath(arg(0), u.evalAll(c.Args[1:], depth))
	case analysisutil.IsFunc(fn, "path", "", "Join") && len(c.Args) > 0 && !c.Ellipsis.IsValid():
		return joinPath(arg(0), u.evalAll(c.Args[1:], depth))
	case analysisutil.IsFunc(fn, "strings", "", "TrimSuffix") && len(c.Args) == 2,
		analysisutil.IsFunc(fn, "strings", "", "TrimRight") && len(c.Args) == 2:
		t := arg(0)
		if cut, ok := u.constString(c.Args[1]); ok && len(t) > 0 && !t[len(t)-1].hole {
			last := &t[len(t)-1]
			if strings.HasSuffix(last.lit, cut) || cut == "/" {
				last.lit = strings.TrimRight(last.lit, "/")
			}
		}
		return t
	case analysisutil.IsFunc(fn, "net/url", "URL", "String"):
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
			return u.urlValue(sel.X, depth+1)
		}
	case analysisutil.IsFunc(fn, "strconv", "", "Itoa"), analysisutil.IsFunc(fn, "strconv", "", "FormatInt"),
		analysisutil.IsFunc(fn, "fmt", "", "Sprint"):
		if len(c.Args) > 0 {
			return hole(exprName(c.Args[0]), u.from(c.Args[0]))
		}
	}
	name := "?"
	if fn != nil {
		name = fn.Name()
	}
	return hole(name, "the result of "+name)
}

func (u *urlEval) evalAll(args []ast.Expr, depth int) []urlTmpl {
	var out []urlTmpl
	for _, a := range args {
		out = append(out, u.eval(a, depth+1))
	}
	return out
}

// urlValue reads a *url.URL or url.URL: a composite literal, url.Parse
// of a template, or JoinPath on one.
func (u *urlEval) urlValue(e ast.Expr, depth int) urlTmpl {
	e = ast.Unparen(e)
	if depth > maxURLDepth {
		return hole(exprName(e), "a value computed further than the report follows")
	}
	if un, ok := e.(*ast.UnaryExpr); ok && un.Op == token.AND {
		e = ast.Unparen(un.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		if x := u.assigned(e); x != nil {
			return u.urlValue(x, depth+1)
		}
	case *ast.CompositeLit:
		fields := map[string]ast.Expr{}
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok {
					fields[k.Name] = kv.Value
				}
			}
		}
		var t urlTmpl
		if s, ok := fields["Scheme"]; ok {
			t = append(append(t, u.eval(s, depth+1)...), urlPart{lit: "://"})
		}
		if h, ok := fields["Host"]; ok {
			t = append(t, u.eval(h, depth+1)...)
		} else {
			t = append(t, hole("Host", "a URL with no Host")...)
		}
		if p, ok := fields["Path"]; ok {
			t = append(t, u.eval(p, depth+1)...)
		}
		return t
	case *ast.CallExpr:
		fn := analysisutil.Callee(u.info, e)
		switch {
		case analysisutil.IsFunc(fn, "net/url", "", "Parse") && len(e.Args) == 1:
			return u.eval(e.Args[0], depth+1)
		case analysisutil.IsFunc(fn, "net/url", "URL", "JoinPath") && !e.Ellipsis.IsValid():
			if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
				return joinPath(u.urlValue(sel.X, depth+1), u.evalAll(e.Args, depth))
			}
		}
	}
	return hole(exprName(e), u.from(e))
}

// sprintf reads a constant format: each verb stands for its argument,
// read as a template when it is text, a hole named after it otherwise.
func (u *urlEval) sprintf(format string, args []ast.Expr, depth int) urlTmpl {
	var t urlTmpl
	next := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i == len(format)-1 {
			return append(t, urlPart{lit: format})
		}
		t = append(t, urlPart{lit: format[:i]})
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j == len(format) {
			return append(t, urlPart{lit: format[i:]})
		}
		verb := format[j]
		format = format[j+1:]
		switch {
		case verb == '%':
			t = append(t, urlPart{lit: "%"})
		case next >= len(args):
			return append(t, hole("", "a format with more verbs than arguments")...)
		case (verb == 's' || verb == 'v') && isString(u.info.TypeOf(args[next])):
			t = append(t, u.eval(args[next], depth+1)...)
			next++
		default:
			t = append(t, hole(exprName(args[next]), u.from(args[next]))...)
			next++
		}
	}
}

// joinPath is url.JoinPath and path.Join: the elements joined by one
// slash each.
func joinPath(base urlTmpl, elems []urlTmpl) urlTmpl {
	t := append(urlTmpl{}, base...)
	for _, el := range elems {
		t = append(t, urlPart{lit: "/"})
		t = append(t, el...)
	}
	return t
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// exprName is the name a hole takes: the last identifier of a selector,
// an identifier, else nothing ("{}").
func exprName(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.CallExpr:
		return exprName(e.Fun)
	}
	return ""
}

// from says where a value the template does not read comes from.
func (u *urlEval) from(e ast.Expr) string {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := u.info.ObjectOf(e).(*types.Var); ok {
			switch {
			case v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
				return "package variable " + e.Name
			case u.isParam(e):
				return "parameter " + e.Name
			}
			return "variable " + e.Name
		}
	case *ast.SelectorExpr:
		return "field " + e.Sel.Name
	case *ast.CallExpr:
		return "the result of " + exprName(e.Fun)
	case *ast.BasicLit:
		return "a constant"
	}
	return "an expression the report does not read"
}
