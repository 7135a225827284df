package nonidempotent

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A client often sends through an interface of its own (oapi-codegen's
// HttpRequestDoer, a "Doer" seam for tests) kept in an unexported field
// that its constructor fills with a retrying decorator:
//
//	type HttpRequestDoer interface{ Do(*http.Request) (*http.Response, error) }
//	func New(url string) *Client { return &Client{doer: &retryingDoer{inner: &http.Client{...}}} }
//	func (c *Client) rawJSON(ctx context.Context, method, path string, v any) (*http.Response, error) {
//		req, _ := http.NewRequestWithContext(ctx, method, c.url+path, body)
//		return c.doer.Do(req) // (*retryingDoer).Do retries the request it is given
//	}
//
// The interface method call runs the methods of the dynamic types the
// package gives the field (engine.Methods, as the recognizer reads a
// decorator: every write in sight, none from a parameter or another
// package). When each of them is a sender of the same argument (sender.go)
// or a catalogued send, the call is a sender's call; it retries the
// request when each of them does; a method of another package is read
// through its SenderFact. The engine is asked only when the interface
// method takes an *http.Request in a package with a retry site, or a
// sender of the package has its name, so a package that retries nothing
// or only calls through other interfaces builds no SSA for it.

// callSender returns the SenderFact of the function a call runs, and that
// function: its callee's, or the one the methods of an interface method
// call share (dynamicSender); nil when it sends no request it is given.
func (c *checker) callSender(call *ast.CallExpr, callee *types.Func) (*SenderFact, *types.Func) {
	if s := c.sender(callee); s != nil {
		return s, callee
	}
	return c.dynamicSender(call, callee)
}

// dynamicSender returns what an interface method call m sends, read from
// the methods it runs, and the one that retries when a single method
// does; nil when some dynamic type is not in sight or does not send.
func (c *checker) dynamicSender(call *ast.CallExpr, m *types.Func) (*SenderFact, *types.Func) {
	if m == nil {
		return nil, nil
	}
	if recv := m.Signature().Recv(); recv == nil || !types.IsInterface(recv.Type()) {
		return nil, nil
	}
	named := takesRequest(m) && len(c.res.Sites()) > 0
	for fn := range c.senders {
		named = named || fn.Name() == m.Name()
	}
	if !named {
		return nil, nil // no request given, no sender of the package of its name: no SSA
	}
	if s, ok := c.dynamic[call]; ok {
		return s.fact, s.fn
	}
	fd := c.enclosingDecl(call)
	if fd == nil {
		return nil, nil
	}
	in := c.eng.Call(c.eng.Func(c.innermost(fd, call)), call)
	if in == nil {
		return nil, nil
	}
	fns, ok := c.eng.Methods(in)
	if !ok {
		return nil, nil
	}
	var out *SenderFact
	var who *types.Func
	retrying := 0
	for _, fn := range fns {
		s := c.sender(fn)
		if s == nil {
			row := catalog.LookupHTTP(fn)
			if row == nil || row.Role != catalog.HTTPSend {
				return nil, nil // a method that sends nothing it is given, or not known to
			}
			s = &SenderFact{Param: row.Req}
		}
		if out != nil && s.Param != out.Param {
			return nil, nil
		}
		if s.Retries {
			retrying++
			who = fn
		}
		out = &SenderFact{Param: s.Param}
	}
	if out == nil {
		return nil, nil
	}
	out.Retries = retrying == len(fns)
	if !out.Retries || len(fns) > 1 {
		who = m
	}
	// Only a complete answer is kept: the senders are found to a fixpoint,
	// and a method read before its own sends were known may send later.
	if out.Retries {
		c.dynamic[call] = dynamicCall{out, who}
	}
	return out, who
}

// takesRequest reports a function with an *http.Request parameter.
func takesRequest(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if p, ok := params.At(i).Type().(*types.Pointer); ok && analysisutil.Named(p.Elem(), "net/http", "Request") {
			return true
		}
	}
	return false
}

// dynamicCall is dynamicSender's answer for one call.
type dynamicCall struct {
	fact *SenderFact
	fn   *types.Func
}

// enclosingDecl returns the declaration of the package's function a call
// is in, or nil.
func (c *checker) enclosingDecl(call *ast.CallExpr) *ast.FuncDecl {
	for _, fi := range c.funcs {
		if fi.decl.Pos() <= call.Pos() && call.End() <= fi.decl.End() {
			return fi.decl
		}
	}
	return nil
}

// innermost returns the function literal of fd a call is in, the deepest
// one, or fd.
func (c *checker) innermost(fd *ast.FuncDecl, call *ast.CallExpr) ast.Node {
	var best ast.Node = fd
	ast.Inspect(fd, func(n ast.Node) bool {
		if n == nil || n.Pos() > call.Pos() || call.End() > n.End() {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			best = lit
		}
		return true
	})
	return best
}
