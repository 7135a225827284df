package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
type URLTmpl []URLPart

type URLPart struct {
	Lit  string
	Hole bool
	Name string // the hole's name: "id", "baseURL"
	From string // where it comes from: "parameter id", "field baseURL"
}

// MaxURLDepth bounds how far a value is followed through variables and
// calls.
const MaxURLDepth = 8

// urlEval reads URL templates in one package.
type urlEval struct {
	info *types.Info
	fx   *Index
}

// URL reads e, an expression of the package, as a URL template.
func (x *Index) URL(e ast.Expr) URLTmpl { return (&urlEval{info: x.info, fx: x}).eval(e, 0) }

// Origin says where a value a URL template does not read comes from:
// "parameter id", "field baseURL", "the result of f".
func (x *Index) Origin(e ast.Expr) string { return (&urlEval{info: x.info, fx: x}).from(e) }

// Tail returns the constant text after the template's last hole: the
// whole URL when it has none.
func (t URLTmpl) Tail() string {
	var tail string
	for _, p := range t {
		if p.Hole {
			tail = ""
			continue
		}
		tail += p.Lit
	}
	return tail
}

func urlLit(s string) URLTmpl { return URLTmpl{{Lit: s}} }

func urlHole(name, from string) URLTmpl { return URLTmpl{{Hole: true, Name: name, From: from}} }

// eval reads e as a URL template.
func (u *urlEval) eval(e ast.Expr, depth int) URLTmpl {
	e = ast.Unparen(e)
	if s, ok := u.fx.ConstString(e); ok {
		return urlLit(s)
	}
	if depth > MaxURLDepth {
		return urlHole(exprName(e), "a value computed further than the report follows")
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
			return urlHole(e.Sel.Name, "field "+e.Sel.Name)
		}
		return u.ident(e.Sel, depth)
	case *ast.CallExpr:
		return u.call(e, depth)
	}
	return urlHole(exprName(e), "an expression the report does not read")
}

// ident follows a local variable to its one value; a parameter, a
// package variable or a variable assigned more than once is a hole.
func (u *urlEval) ident(id *ast.Ident, depth int) URLTmpl {
	v, ok := u.info.ObjectOf(id).(*types.Var)
	switch {
	case !ok:
		return urlHole(id.Name, "an expression the report does not read")
	case v.Pkg() != nil && v.Parent() == v.Pkg().Scope():
		return urlHole(id.Name, "package variable "+id.Name)
	}
	if x := u.fx.Single(v); x != nil {
		return u.eval(x, depth+1)
	}
	if u.isParam(v) {
		return urlHole(id.Name, "parameter "+id.Name)
	}
	return urlHole(id.Name, "variable "+id.Name+", assigned more than once")
}

// isParam reports whether v, a local variable, is a function's
// parameter: the one kind of local nothing in the body assigns.
func (u *urlEval) isParam(v *types.Var) bool { return len(u.fx.Defs(v)) == 0 }

// call reads the calls that build URLs: fmt.Sprintf, url.JoinPath,
// path.Join, strings.TrimSuffix, a *url.URL's String, and the conversions
// of numbers to text (a hole named after the number).
func (u *urlEval) call(c *ast.CallExpr, depth int) URLTmpl {
	fn := analysisutil.Callee(u.info, c)
	arg := func(i int) URLTmpl { return u.eval(c.Args[i], depth+1) }
	switch {
	case fn == nil:
	case analysisutil.IsFunc(fn, "fmt", "", "Sprintf") && len(c.Args) > 0:
		if format, ok := u.fx.ConstString(c.Args[0]); ok {
			return u.sprintf(format, c.Args[1:], depth)
		}
	case analysisutil.IsFunc(fn, "net/url", "", "JoinPath") && len(c.Args) > 0 && !c.Ellipsis.IsValid():
		return joinPath(arg(0), u.evalAll(c.Args[1:], depth))
	case analysisutil.IsFunc(fn, "path", "", "Join") && len(c.Args) > 0 && !c.Ellipsis.IsValid():
		return joinPath(arg(0), u.evalAll(c.Args[1:], depth))
	case analysisutil.IsFunc(fn, "strings", "", "TrimSuffix") && len(c.Args) == 2,
		analysisutil.IsFunc(fn, "strings", "", "TrimRight") && len(c.Args) == 2:
		t := arg(0)
		if cut, ok := u.fx.ConstString(c.Args[1]); ok && len(t) > 0 && !t[len(t)-1].Hole {
			last := &t[len(t)-1]
			if strings.HasSuffix(last.Lit, cut) || cut == "/" {
				last.Lit = strings.TrimRight(last.Lit, "/")
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
			return urlHole(exprName(c.Args[0]), u.from(c.Args[0]))
		}
	}
	name := "?"
	if fn != nil {
		name = fn.Name()
	}
	return urlHole(name, "the result of "+name)
}

func (u *urlEval) evalAll(args []ast.Expr, depth int) []URLTmpl {
	var out []URLTmpl
	for _, a := range args {
		out = append(out, u.eval(a, depth+1))
	}
	return out
}

// urlValue reads a *url.URL or url.URL: a composite literal, url.Parse
// of a template, or JoinPath on one.
func (u *urlEval) urlValue(e ast.Expr, depth int) URLTmpl {
	e = ast.Unparen(e)
	if depth > MaxURLDepth {
		return urlHole(exprName(e), "a value computed further than the report follows")
	}
	if un, ok := e.(*ast.UnaryExpr); ok && un.Op == token.AND {
		e = ast.Unparen(un.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		if v, ok := u.info.ObjectOf(e).(*types.Var); ok && !u.isParam(v) {
			if x := u.fx.Single(v); x != nil {
				return u.urlValue(x, depth+1)
			}
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
		var t URLTmpl
		if s, ok := fields["Scheme"]; ok {
			t = append(append(t, u.eval(s, depth+1)...), URLPart{Lit: "://"})
		}
		if h, ok := fields["Host"]; ok {
			t = append(t, u.eval(h, depth+1)...)
		} else {
			t = append(t, urlHole("Host", "a URL with no Host")...)
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
	return urlHole(exprName(e), u.from(e))
}

// sprintf reads a constant format: each verb stands for its argument,
// read as a template when it is text, a hole named after it otherwise.
func (u *urlEval) sprintf(format string, args []ast.Expr, depth int) URLTmpl {
	var t URLTmpl
	next := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i == len(format)-1 {
			return append(t, URLPart{Lit: format})
		}
		t = append(t, URLPart{Lit: format[:i]})
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		if j == len(format) {
			return append(t, URLPart{Lit: format[i:]})
		}
		verb := format[j]
		format = format[j+1:]
		switch {
		case verb == '%':
			t = append(t, URLPart{Lit: "%"})
		case next >= len(args):
			return append(t, urlHole("", "a format with more verbs than arguments")...)
		case (verb == 's' || verb == 'v') && isString(u.info.TypeOf(args[next])):
			t = append(t, u.eval(args[next], depth+1)...)
			next++
		default:
			t = append(t, urlHole(exprName(args[next]), u.from(args[next]))...)
			next++
		}
	}
}

// joinPath is url.JoinPath and path.Join: the elements joined by one
// slash each.
func joinPath(base URLTmpl, elems []URLTmpl) URLTmpl {
	t := append(URLTmpl{}, base...)
	for _, el := range elems {
		t = append(t, URLPart{Lit: "/"})
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
			case u.isParam(v):
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
