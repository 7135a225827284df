package inventory

import (
	"cmp"
	"go/ast"
	"go/types"
	"regexp"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

var (
	braceRegexp = regexp.MustCompile(`\{([^{}:]+):[^/]*\}`)
	colonParam  = regexp.MustCompile(`^:([A-Za-z0-9_]+)$`)
)

// handlerOf is the function that serves a handler argument: a function
// or method value, a function literal, the argument of
// http.HandlerFunc(f), the one handler passed to a middleware
// (auth(http.HandlerFunc(s.get))), or the ServeHTTP method of a value's
// type.
func (b *builder) handlerOf(e ast.Expr, depth int) (*types.Func, *ast.FuncLit) {
	e = ast.Unparen(e)
	if depth > maxURLDepth {
		return nil, nil
	}
	info := b.pass.TypesInfo
	switch x := e.(type) {
	case *ast.FuncLit:
		return nil, x
	case *ast.Ident, *ast.SelectorExpr:
		switch obj := analysisutil.ObjectOf(info, x).(type) {
		case *types.Func:
			return obj, nil
		case *types.Var:
			if val := b.urls.assigned(x); val != nil {
				return b.handlerOf(val, depth+1)
			}
		}
	case *ast.CallExpr:
		if arg, ok := analysisutil.Converted(info, x); ok {
			return b.handlerOf(arg, depth+1) // http.HandlerFunc(f)
		}
		var fn *types.Func
		var lit *ast.FuncLit
		n := 0
		for _, a := range x.Args {
			if f, l := b.handlerOf(a, depth+1); f != nil || l != nil {
				fn, lit, n = f, l, n+1
			}
		}
		if n == 1 {
			return fn, lit
		}
		return nil, nil
	}
	if t := info.TypeOf(e); t != nil {
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			if m, _, _ := types.LookupFieldOrMethod(t, true, b.pass.Pkg, "ServeHTTP"); m != nil {
				if fn, ok := m.(*types.Func); ok {
					return fn, nil
				}
			}
		}
	}
	return nil, nil
}

// splitPattern splits a ServeMux pattern "[METHOD ][HOST]/path" (and
// chi's "METHOD /path").
func splitPattern(p string) (method, host, path string) {
	if i := strings.IndexByte(p, ' '); i > 0 && strings.ToUpper(p[:i]) == p[:i] {
		method, p = p[:i], strings.TrimLeft(p[i:], " \t")
	}
	if i := strings.IndexByte(p, '/'); i > 0 {
		host, p = p[:i], p[i:]
	}
	return method, host, p
}

// joinRoute joins a group's prefix and a route's pattern.
func joinRoute(prefix, pattern string) string {
	if prefix == "" {
		return pattern
	}
	return strings.TrimSuffix(prefix, "/") + "/" + strings.TrimPrefix(pattern, "/")
}

// normalize writes a router's pattern in ServeMux syntax: "{id:[0-9]+}"
// and ":id" are "{id}", chi's "*" and echo's and gin's "*name" the rest
// "{name...}"; as those routers match a trailing slash as written,
// "/x/" is "/x/{$}".
func normalize(p string, syntax catalog.RouteSyntax) string {
	if !strings.HasPrefix(p, "/") {
		return ""
	}
	if syntax == catalog.SyntaxServeMux {
		return p
	}
	segs := strings.Split(p[1:], "/")
	for i, s := range segs {
		last := i == len(segs)-1
		switch {
		case syntax == catalog.SyntaxBraces:
			segs[i] = braceRegexp.ReplaceAllString(s, "{$1}")
			if last && s == "*" {
				segs[i] = "{rest...}"
			}
		case colonParam.MatchString(s):
			segs[i] = "{" + s[1:] + "}"
		case last && strings.HasPrefix(s, "*"):
			segs[i] = "{" + cmp.Or(s[1:], "rest") + "...}"
		}
		if last && s == "" {
			segs[i] = "{$}"
		}
	}
	return "/" + strings.Join(segs, "/")
}
