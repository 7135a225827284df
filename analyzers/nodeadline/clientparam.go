package nodeadline

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// An *http.Client parameter is the clients the function's callers pass,
// when every caller is in sight (mailpit's healthcheck):
//
//	func NewClient() *http.Client {
//		return &http.Client{Transport: &http.Transport{}} // no Timeout
//	}
//	func check(c *http.Client, url string) error {
//		resp, err := c.Get(url) // reported: every caller passes NewClient()'s client
//		...
//	}
//	func wait(c *http.Client, url string) error { for check(c, url) != nil { ... } }
//	wait(NewClient(), url)
//
// The callers are in sight when the function is unexported (a method's
// name too, and no interface of the package has a method of that name),
// not generic, and named only as the callee of calls: a function value
// taken (f := check, go.Register(check)) may be called from anywhere. An
// exported function may be called by importers, whose clients are not
// seen: its parameter stays unknown. The join is over every call: one
// caller passing a client with Timeout, or one the analyzer cannot judge,
// makes the parameter unknown.

// passedAt is a call of a function of the package that passes it the
// client: a hop of the chain back to where the client is made.
type passedAt struct {
	*ast.CallExpr
	callee string
	depth  int // 1 for the function whose request is reported, 2 for its caller...
}

// callers returns the calls of a function of the package, with the
// syntax of the functions that make them; ok is false when some caller
// cannot be seen.
func (c *checker) callers(fn *types.Func) ([]site, bool) {
	if c.calls == nil {
		c.indexCalls()
	}
	if c.escapes[fn] || fn.Exported() || fn.Pkg() != c.pass.Pkg {
		return nil, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams() != nil || sig.RecvTypeParams() != nil {
		return nil, false
	}
	if sig.Recv() != nil && c.ifaceNames[fn.Name()] {
		return nil, false // it may be called through the interface
	}
	return c.calls[fn], len(c.calls[fn]) > 0
}

// indexCalls finds, on syntax, the calls of each function of the
// package, the functions named otherwise (escapes), and the method
// names of the package's interfaces (analysisutil.EachLocalCall).
func (c *checker) indexCalls() {
	c.calls = map[*types.Func][]site{}
	byDecl := map[*ast.FuncDecl]*funcInfo{}
	for _, fi := range c.funcs {
		byDecl[fi.decl] = fi
	}
	c.escapes, c.ifaceNames = analysisutil.EachLocalCall(c.pass.Pkg, c.pass.TypesInfo, c.pass.Files, func(fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
		if fi := byDecl[stack[0].(*ast.FuncDecl)]; fi != nil {
			c.calls[fn] = append(c.calls[fn], site{fi: fi, fn: c.enclosing(stack), call: call})
		}
	})
}

// clientParam judges an *http.Client parameter of the function being
// read by the clients its callers pass: the nodes are where those are
// made and the calls that pass them.
func (c *checker) clientParam(prm *ssa.Parameter, fields []string) ([]ast.Node, bool) {
	fn, _ := prm.Parent().Object().(*types.Func)
	if fn == nil || prm.Parent().Parent() != nil || !isClient(prm.Type()) || !slices.Contains(fields, "Timeout") {
		return nil, false
	}
	if c.inParam[fn] || len(c.inParam) >= analysisutil.MaxHops {
		return nil, false // a recursion, or a chain too long to show
	}
	sites, ok := c.callers(fn)
	if !ok {
		return nil, false
	}
	c.inParam[fn] = true
	defer delete(c.inParam, fn)
	i := slices.Index(prm.Parent().Params, prm)
	var made []ast.Node
	for _, s := range sites {
		in := c.p.Call(c.p.Func(s.fn), s.call)
		if in == nil || i >= len(in.Common().Args) || in.Common().StaticCallee() != prm.Parent() {
			return nil, false
		}
		nodes, ok := c.siteTracer(s).noTimeout(in.Common().Args[i], fields...)
		if !ok {
			return nil, false
		}
		made = append(made, passedAt{CallExpr: s.call, callee: fn.Name(), depth: len(c.inParam)})
		made = append(made, nodes...)
	}
	return made, true
}

// siteTracer returns a tracer of the function syntax a site is in.
func (c *checker) siteTracer(s site) *tracer {
	if s.fn == ast.Node(s.fi.decl) {
		return c.tracer(s.fi)
	}
	fn := c.p.Func(s.fn)
	if c.litTracers[fn] == nil {
		c.litTracers[fn] = c.newTracer(fn)
	}
	return c.litTracers[fn]
}

// handedToLocal reports whether a client is handed, as an argument, to
// a function of the package with a body, and whether that function (or
// those it hands it to) may set one of the fields. A function of another
// package may set them: found is false.
//
//	wait(c, url) // wait passes c to check, which calls c.Get: not set
func (t *tracer) handedToLocal(in ssa.CallInstruction, v ssa.Value, fields []string, seen map[ssa.Value]bool) (found, configured bool) {
	callee := in.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != t.p.Pkg() || len(callee.Blocks) == 0 || callee.Parent() != nil {
		return false, false
	}
	if _, ok := in.(*ssa.Call); !ok {
		return false, false // go and defer: the call's effects are not ordered with the request
	}
	for i, a := range in.Common().Args {
		if a == v && i < len(callee.Params) && t.configuredSeen(engine.Source{Value: callee.Params[i]}, fields, seen) {
			return true, true
		}
	}
	return true, false
}

// passedVia names the functions a client is passed into, outermost
// first: "wait -> check".
func passedVia(nodes []ast.Node) []string {
	var hops []passedAt
	for _, n := range nodes {
		if p, ok := n.(passedAt); ok {
			hops = append(hops, p)
		}
	}
	slices.SortStableFunc(hops, func(a, b passedAt) int { return b.depth - a.depth })
	var via []string
	for _, p := range hops {
		if !slices.Contains(via, p.callee) {
			via = append(via, p.callee)
		}
	}
	return via
}

func isPassed(n ast.Node) bool {
	_, ok := n.(passedAt)
	return ok
}
