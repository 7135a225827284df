package catalog

import (
	"go/types"
	"strings"
)

// HTTP routers: the calls that register a handler for a route, read by
// the inventory analyzer so that `retrylint report` knows which route an
// entry point serves. Versions checked: go1.26.8 net/http, chi v5.5.0,
// gorilla/mux v1.8.1, echo v4.16.5, gin v1.12.0 (the inventory's
// testdata/routes module).

// RouteSyntax is how a router writes the wildcards of its patterns.
type RouteSyntax uint8

const (
	// SyntaxServeMux is Go 1.22's ServeMux: "[METHOD ][HOST]/path/{id}/{rest...}",
	// a trailing slash for a subtree, {$} for its root alone.
	SyntaxServeMux RouteSyntax = iota + 1
	// SyntaxBraces is chi's and gorilla/mux's: "/path/{id}",
	// "/path/{id:[0-9]+}", chi's "/*" for the rest; a trailing slash is
	// matched as written. chi's Handle also takes "METHOD /path".
	SyntaxBraces
	// SyntaxColon is echo's and gin's: "/path/:id", "/path/*rest".
	SyntaxColon
)

// Route is a call that registers a handler for a route.
type Route struct {
	Symbol
	// Pattern is the index of the pattern argument.
	Pattern int
	// Handler is the index of the handler argument; -1 is the last one
	// (gin's handlers ...HandlerFunc, the last of which serves).
	Handler int
	// Method is the route's method when the call fixes it (chi's Get,
	// echo's POST); MethodArg the index of a method argument, else -1.
	// Neither: any method, or the pattern's own (ServeMux).
	Method    string
	MethodArg int
	Syntax    RouteSyntax
	// Chained says the route's method and host are set by calls chained
	// on the call's result (gorilla/mux's .Methods("GET")).
	Chained bool
}

// RouteGroup is a call that returns a router whose routes all start with
// a prefix: chi's Route(prefix, fn) (fn's argument is that router),
// echo's and gin's Group(prefix), gorilla's PathPrefix(prefix) followed
// by Subrouter. Prefix is the index of the prefix argument, -1 for a
// call that keeps its receiver's prefix (chi's With and Group, gorilla's
// Subrouter); FuncArg is the index of the function argument that receives
// the router (chi), else -1.
type RouteGroup struct {
	Symbol
	Prefix  int
	FuncArg int
}

const (
	chiV5   = "github.com/go-chi/chi/v5"
	gorilla = "github.com/gorilla/mux"
	echoV4  = "github.com/labstack/echo/v4"
	ginPkg  = "github.com/gin-gonic/gin"
)

var httpMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE"}

var routes = func() []Route {
	var rows []Route
	add := func(pkg, recv, name string, pattern, handler int, method string, methodArg int, syntax RouteSyntax) {
		rows = append(rows, Route{Symbol: Symbol{pkg, recv, name}, Pattern: pattern, Handler: handler, Method: method, MethodArg: methodArg, Syntax: syntax})
	}
	// net/http: mux.HandleFunc("GET /orders/{id}", h), http.Handle(p, h).
	for _, recv := range []string{"ServeMux", ""} {
		add(netHTTP, recv, "Handle", 0, 1, "", -1, SyntaxServeMux)
		add(netHTTP, recv, "HandleFunc", 0, 1, "", -1, SyntaxServeMux)
	}
	// chi: the Router interface and *Mux.
	for _, recv := range []string{"Router", "Mux"} {
		add(chiV5, recv, "Handle", 0, 1, "", -1, SyntaxBraces)
		add(chiV5, recv, "HandleFunc", 0, 1, "", -1, SyntaxBraces)
		add(chiV5, recv, "Method", 1, 2, "", 0, SyntaxBraces)
		add(chiV5, recv, "MethodFunc", 1, 2, "", 0, SyntaxBraces)
		for _, m := range httpMethods {
			add(chiV5, recv, m[:1]+strings.ToLower(m[1:]), 0, 1, m, -1, SyntaxBraces)
		}
	}
	// gorilla/mux: r.HandleFunc(p, h).Methods("GET"); the route's methods
	// and host are read from the calls chained on the result.
	add(gorilla, "Router", "Handle", 0, 1, "", -1, SyntaxBraces)
	add(gorilla, "Router", "HandleFunc", 0, 1, "", -1, SyntaxBraces)
	rows[len(rows)-1].Chained, rows[len(rows)-2].Chained = true, true
	// echo: e.GET(p, h, mw...), e.Add(method, p, h); the same on *Group.
	for _, recv := range []string{"Echo", "Group"} {
		for _, m := range httpMethods {
			add(echoV4, recv, m, 0, 1, m, -1, SyntaxColon)
		}
		add(echoV4, recv, "Any", 0, 1, "", -1, SyntaxColon)
		add(echoV4, recv, "Add", 1, 2, "", 0, SyntaxColon)
	}
	// gin: r.GET(p, mw..., h) on *RouterGroup (which *Engine embeds) and
	// the IRoutes and IRouter interfaces.
	for _, recv := range []string{"RouterGroup", "IRoutes", "IRouter"} {
		for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
			add(ginPkg, recv, m, 0, -1, m, -1, SyntaxColon)
		}
		add(ginPkg, recv, "Any", 0, -1, "", -1, SyntaxColon)
		add(ginPkg, recv, "Handle", 1, -1, "", 0, SyntaxColon)
	}
	return rows
}()

var routeGroups = []RouteGroup{
	{Symbol: Symbol{chiV5, "Router", "Route"}, Prefix: 0, FuncArg: 1},
	{Symbol: Symbol{chiV5, "Mux", "Route"}, Prefix: 0, FuncArg: 1},
	{Symbol: Symbol{chiV5, "Router", "Group"}, Prefix: -1, FuncArg: 0},
	{Symbol: Symbol{chiV5, "Mux", "Group"}, Prefix: -1, FuncArg: 0},
	{Symbol: Symbol{chiV5, "Router", "With"}, Prefix: -1, FuncArg: -1},
	{Symbol: Symbol{chiV5, "Mux", "With"}, Prefix: -1, FuncArg: -1},
	{Symbol: Symbol{gorilla, "Router", "PathPrefix"}, Prefix: 0, FuncArg: -1},
	{Symbol: Symbol{gorilla, "Route", "PathPrefix"}, Prefix: 0, FuncArg: -1},
	{Symbol: Symbol{gorilla, "Route", "Subrouter"}, Prefix: -1, FuncArg: -1},
	{Symbol: Symbol{echoV4, "Echo", "Group"}, Prefix: 0, FuncArg: -1},
	{Symbol: Symbol{echoV4, "Group", "Group"}, Prefix: 0, FuncArg: -1},
	{Symbol: Symbol{ginPkg, "RouterGroup", "Group"}, Prefix: 0, FuncArg: -1},
	{Symbol: Symbol{ginPkg, "IRouter", "Group"}, Prefix: 0, FuncArg: -1},
}

// routeMounts are calls that serve a router under a prefix: chi's
// Mount(prefix, handler); Prefix and Handler are the arguments' indexes.
var routeMounts = map[Symbol][2]int{
	{chiV5, "Router", "Mount"}: {0, 1},
	{chiV5, "Mux", "Mount"}:    {0, 1},
}

// RouteMount returns the indexes of the prefix and handler arguments of
// a call that mounts a router under a prefix.
func RouteMount(fn *types.Func) (prefix, handler int, ok bool) {
	if fn == nil {
		return 0, 0, false
	}
	m, ok := routeMounts[SymbolOf(fn)]
	return m[0], m[1], ok
}

// routerRoots make a router with no prefix.
var routerRoots = map[Symbol]bool{
	{netHTTP, "", "NewServeMux"}: true,
	{chiV5, "", "NewRouter"}:     true,
	{chiV5, "", "NewMux"}:        true,
	{gorilla, "", "NewRouter"}:   true,
	{echoV4, "", "New"}:          true,
	{ginPkg, "", "New"}:          true,
	{ginPkg, "", "Default"}:      true,
}

var (
	routeIndex      = index(routes, func(r *Route) Symbol { return r.Symbol })
	routeGroupIndex = index(routeGroups, func(g *RouteGroup) Symbol { return g.Symbol })
)

// LookupRoute returns the route registration fn is, or nil.
func LookupRoute(fn *types.Func) *Route {
	if fn == nil {
		return nil
	}
	return routeIndex[SymbolOf(fn)]
}

// LookupRouteGroup returns the prefixed router fn makes, or nil.
func LookupRouteGroup(fn *types.Func) *RouteGroup {
	if fn == nil {
		return nil
	}
	return routeGroupIndex[SymbolOf(fn)]
}

// RouterRoot reports whether fn makes a router with no prefix.
func RouterRoot(fn *types.Func) bool { return fn != nil && routerRoots[SymbolOf(fn)] }

// GorillaChain reports whether fn is a method of gorilla/mux's *Route
// or *Router: a link of a chain that builds a route.
func GorillaChain(fn *types.Func) bool {
	s := SymbolOf(fn)
	return s.Pkg == gorilla && (s.Recv == "Route" || s.Recv == "Router")
}

// GorillaRoute reports whether fn is a method of gorilla/mux's *Route
// named name (Methods, Host, Path, PathPrefix, Handler, HandlerFunc), or
// of *Router for those that start a route (Methods, Host, Path,
// PathPrefix): the calls chained on a registration.
func GorillaRoute(fn *types.Func, name string) bool {
	s := SymbolOf(fn)
	return s.Pkg == gorilla && s.Name == name && (s.Recv == "Route" || s.Recv == "Router" && name != "Handler" && name != "HandlerFunc")
}
