package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// httpEffect returns the effect of a call that sends an HTTP request
// whose method is not idempotent (POST, PATCH, a custom method) and that
// carries no idempotency key made before the attempt:
//
//	http.Post(url, "application/json", body)
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
//	client.Do(req)
//	client.R().SetBody(order).Post(url)         // resty
//
// A request whose method cannot be read (a parameter, a variable assigned
// twice) is not reported.
func (c *checker) httpEffect(call *ast.CallExpr, callee *types.Func, where place) *effect {
	row := catalog.LookupHTTP(callee)
	if s, _ := c.callSender(call, callee); row == nil && s != nil {
		row = &catalog.HTTPCall{Role: catalog.HTTPSend, Req: s.Param, Method: -1, URL: -1} // c.send(req) (sender.go)
	}
	if row == nil {
		return nil
	}
	var method string
	param := 0                    // 1 + the index of fd's parameter the method is (methodparam.go)
	var guard *engine.MethodGuard // what the branches to the call let that parameter be (methodpath.go)
	var req func() ssa.Value      // what headers are set on, asked for when the method is not idempotent
	var url func() ssa.Value      // the URL, asked for when the method is not idempotent
	var body func() ssa.Value
	switch row.Role {
	case catalog.HTTPDirect:
		method = row.Fixed
		if row.Method >= 0 {
			m, ok := analysisutil.ConstString(c.info, call.Args[row.Method])
			if !ok {
				return nil
			}
			method = m
		}
		req = func() ssa.Value { // resty: the request chain
			if receiver(c.info, call) == nil {
				return nil
			}
			if in := c.call(where, call); in != nil {
				recv, _ := operands(in)
				return recv
			}
			return nil
		}
		url = func() ssa.Value {
			if in := c.call(where, call); in != nil {
				return urlArg(in, row)
			}
			return nil
		}
		body = func() ssa.Value {
			if in := c.call(where, call); in != nil {
				return bodyArg(in, row)
			}
			return nil
		}
	case catalog.HTTPSend:
		if row.Req >= len(call.Args) || !c.named().method {
			return nil
		}
		v := c.value(where, call.Args[row.Req])
		if v == nil {
			return nil
		}
		m, built, handed, ok := c.requestMethod(v, where.fd)
		if !ok || handed != nil {
			return nil // whatever method the caller's request has: handed.go's
		}
		if m == "" {
			param = c.methodOperand(built, where.fd)
			if param > 0 && where.syntax() == ast.Node(where.fd) {
				guard = c.paramGuard(where.fd, call, param-1)
			}
		}
		method = m
		req = func() ssa.Value { return v }
		url = func() ssa.Value {
			if len(built) == 1 {
				return urlArg(built[0], catalog.LookupHTTP(engine.Callee(built[0])))
			}
			return nil
		}
		body = func() ssa.Value {
			if len(built) == 1 {
				return bodyArg(built[0], catalog.LookupHTTP(engine.Callee(built[0])))
			}
			return nil
		}
	default:
		return nil // building a request sends nothing
	}
	if param == 0 && catalog.IdempotentMethod(method) || !openGuard(guard) || c.idempotentProtocol(url(), receiver(c.info, call), where) {
		return nil
	}
	safe, open := c.bodySafe(body())
	if c.hasKey(req(), where.fd) || safe {
		// A key made anew on every attempt protects nothing either, but
		// that defect is keyregen's to report, at the key.
		return nil
	}
	e := &effect{kind: kindHTTP, what: "an HTTP " + strings.ToUpper(method), pos: call.Pos(), methodParam: param, guard: guard}
	if param > 0 {
		e.what = "an HTTP request" // the method is named at the caller's call (methodAt)
	}
	if open != nil && open.Parent() == c.eng.Func(where.fd) {
		e.bodyParam = engine.ParamIndex(open) + 1 // the caller's value may carry a key
	}
	return e
}

// requestMethod returns the method of the request v, from the call that
// built it (returned too), through the calls that pass it on
// (engine.Lineage):
//
//	req, err := http.NewRequest("POST", url, body)
//	req = req.WithContext(ctx)                 // same request
//	rreq, err := retryablehttp.FromRequest(req) // same method
//	req.Method = http.MethodPatch               // overrides
//
// Every request the value can be must be built with one known method;
// a nil request (var req *http.Request before it is built) is sent
// nowhere. A request parameter, or a request built or set with the
// Method of one (http.NewRequest(r.Method, ...), out.Method = r.Method),
// has the method of the request the function is handed: handed is that
// parameter, and the method "" (handed.go). A request from a field or a
// call the catalog does not know is not read.
func (c *checker) requestMethod(v ssa.Value, fd *ast.FuncDecl) (method string, built []*ssa.Call, handed *ssa.Parameter, ok bool) {
	lineage := c.eng.Lineage(v, c.sameRequest)
	found := false
	take := func(m string, h *ssa.Parameter) bool {
		if found && (m != method || h != handed) {
			return false
		}
		method, handed, found = m, h, true
		return true
	}
	for _, s := range lineage {
		in := callOf(s)
		switch {
		case isNil(s):
		case in != nil && c.sameRequest(in) != nil:
		case in != nil && c.isBuild(in):
			m, ok := c.builtMethod(in)
			var h *ssa.Parameter
			switch {
			case ok:
			case c.methodOperand([]*ssa.Call{in}, fd) > 0:
				m, ok = "", true // the caller's method (methodparam.go)
			default:
				if h = c.handedBy(in); h != nil {
					ok = true
				} else {
					m, ok = c.builderMethod(v, in) // newRequest(ctx, http.MethodPost, url)
				}
			}
			if !ok || !take(m, h) {
				return "", nil, nil, false
			}
			built = append(built, in)
		default:
			p, _ := s.(*ssa.Parameter)
			if p == nil || !analysisutil.Named(p.Type(), "net/http", "Request") || !take("", p) {
				return "", nil, nil, false
			}
		}
	}
	if !found {
		return "", nil, nil, false
	}
	last, inHelper, known := c.methodStore(lineage, fd)
	if !known {
		return "", nil, nil, false
	}
	if last != nil {
		if k, isConst := last.Val.(*ssa.Const); isConst && k.Value != nil && k.Value.Kind() == constant.String {
			return constant.StringVal(k.Value), built, nil, true
		}
		if h := engine.MethodOfRequest(last.Val); h != nil && !inHelper {
			return "", built, h, true
		}
		return "", nil, nil, false
	}
	return method, built, handed, true
}

// handedBy returns the request parameter whose Method a request builder
// is given, or nil.
func (c *checker) handedBy(in *ssa.Call) *ssa.Parameter {
	i := c.methodIndex(engine.Callee(in))
	if _, args := operands(in); i >= 0 && i < len(args) {
		return engine.MethodOfRequest(args[i])
	}
	return nil
}

// builderMethod returns the method a request built by a helper of the
// package is given, where the helper takes it from its caller:
//
//	func newRequest(ctx context.Context, method, url string) (*http.Request, error) {
//		return http.NewRequestWithContext(ctx, method, url, nil)
//	}
//	req, err := newRequest(ctx, http.MethodPost, url) // POST
//	resp, err := hc.Do(req)
//
// The request must come from calls of that helper alone, each naming
// the same constant method; one helper deep.
func (c *checker) builderMethod(v ssa.Value, built *ssa.Call) (string, bool) {
	p := c.methodParam(built)
	if p == nil {
		return "", false
	}
	helper, i := p.Parent(), engine.ParamIndex(p)
	method, found := "", false
	for _, x := range engine.Copies(v) {
		in := callOf(x)
		if in == nil || in.Call.StaticCallee() != helper {
			return "", false
		}
		call := c.eng.CallExpr(in)
		if call == nil || i < 0 || i >= len(call.Args) {
			return "", false
		}
		m, ok := analysisutil.ConstString(c.info, call.Args[i])
		if !ok || found && m != method {
			return "", false
		}
		method, found = m, true
	}
	return method, found
}

// callOf returns the call a value is the result of, or nil.
func callOf(v ssa.Value) *ssa.Call {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	in, _ := v.(*ssa.Call)
	return in
}

// sameRequest returns the request a call passes on: the argument of
// retryablehttp.FromRequest, the receiver of req.WithContext and
// req.Clone, the argument a copier of another package copies
// (RequestFact, reqhelpers.go); nil for other calls. A copier of the
// package is read in the frame of its call (engine.Lineage).
func (c *checker) sameRequest(in *ssa.Call) []ssa.Value {
	fn := engine.Callee(in)
	recv, args := operands(in)
	if row := catalog.LookupHTTP(fn); row != nil && row.Role == catalog.HTTPWrap && row.Req < len(args) {
		return args[row.Req : row.Req+1]
	}
	if catalog.RequestCopy(fn) && recv != nil {
		return []ssa.Value{recv}
	}
	return c.copied(in)
}

// isBuild reports a call that builds a request with a method argument:
// a catalogued builder, or one of another package (RequestFact).
func (c *checker) isBuild(in *ssa.Call) bool {
	return c.methodIndex(engine.Callee(in)) >= 0
}

// builtMethod returns the method a request builder is given, when it is
// a constant expression.
func (c *checker) builtMethod(in *ssa.Call) (string, bool) {
	i := c.methodIndex(engine.Callee(in))
	call := c.eng.CallExpr(in)
	if i < 0 || call == nil || i >= len(call.Args) {
		return "", false
	}
	return analysisutil.ConstString(c.info, call.Args[i])
}

// methodStore returns the last req.Method = m in fd on one of the
// requests of lineage, or nil. When fd sets none, the one a helper of the
// package that makes one of them sets (a copy that changes the method),
// with inHelper:
//
//	func asHead(req *http.Request) *http.Request {
//		r := req.Clone(req.Context())
//		r.Method = http.MethodHead // the request sent is a HEAD
//
// Stores in two helpers leave the method unknown (not known).
func (c *checker) methodStore(lineage []ssa.Value, fd *ast.FuncDecl) (last *ssa.Store, inHelper, known bool) {
	own := c.ssaFuncs(fd)
	if last = c.lastMethodStore(own, lineage); last != nil {
		return last, false, true
	}
	var helpers []*ssa.Function
	for _, v := range lineage {
		if in, ok := v.(ssa.Instruction); ok && !slices.Contains(own, in.Parent()) && !slices.Contains(helpers, in.Parent()) {
			helpers = append(helpers, in.Parent())
		}
	}
	for _, fn := range helpers {
		if st := c.lastMethodStore([]*ssa.Function{fn}, lineage); st != nil {
			if last != nil {
				return nil, true, false
			}
			last = st
		}
	}
	return last, true, true
}

// lastMethodStore returns the last req.Method = m in fns on one of the
// requests of lineage, or nil.
func (c *checker) lastMethodStore(fns []*ssa.Function, lineage []ssa.Value) *ssa.Store {
	var last *ssa.Store
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, isStore := in.(*ssa.Store)
				if !isStore {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok || !isField(fa, "Method") {
					continue
				}
				if c.madeFrom(fa.X, lineage) && (last == nil || st.Pos() > last.Pos()) {
					last = st
				}
			}
		}
	}
	return last
}

// madeFrom reports whether v is one of the values of lineage, as
// Sources gives it.
func (c *checker) madeFrom(v ssa.Value, lineage []ssa.Value) bool {
	for _, s := range c.eng.Sources(v) {
		if slices.Contains(lineage, s) {
			return true
		}
	}
	return false
}

// urlArg returns the URL argument of a catalogued call, or nil.
func urlArg(in *ssa.Call, row *catalog.HTTPCall) ssa.Value {
	if row == nil || row.URL < 0 {
		return nil
	}
	if _, args := operands(in); row.URL < len(args) {
		return args[row.URL]
	}
	return nil
}

// idempotentProtocol reports a request of a protocol that is idempotent
// by contract (catalog.Protocol): one the package speaks as a whole (an
// OTLP exporter), or one whose URL ends in the protocol's path, on a
// local address for a local admin API (local.go); client is what sends
// the request:
//
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, endpoint+"/v1/traces", body)
func (c *checker) idempotentProtocol(url ssa.Value, client ast.Expr, where place) bool {
	if catalog.ProtocolOfPkg(c.pass.Pkg.Path()) != nil {
		return true
	}
	tail, _ := c.constTail(url, 0)
	if tail == "" {
		return false
	}
	p := catalog.ProtocolOfURL(tail)
	return p != nil && (!p.Local || c.localTarget(url, client, where))
}

// constTail returns the constant text that ends a string value, and
// whether that is the whole value (constParts).
func (c *checker) constTail(v ssa.Value, depth int) (string, bool) {
	_, tail, whole := c.constParts(v, depth)
	return tail, whole
}

// constParts returns the constant texts that start and end a string
// value, and whether the value is that constant: a constant, the first
// and last operands of a concatenation ("http://127.0.0.1:" + port +
// "/v1/traces"), the text before the first and after the last verb of
// fmt.Sprintf with a constant format ("%s/v1/metrics"), through a
// variable's cell or a closure's capture.
func (c *checker) constParts(v ssa.Value, depth int) (head, tail string, whole bool) {
	if v == nil || depth > 8 {
		return "", "", false
	}
	switch x := v.(type) {
	case *ssa.UnOp, *ssa.FreeVar, *ssa.Phi:
		// A variable kept in a cell, captured by a closure: what was
		// stored there (engine.Sources), when that is one value.
		if srcs := c.eng.Sources(v); len(srcs) == 1 && srcs[0] != v {
			return c.constParts(srcs[0], depth+1)
		}
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			s := constant.StringVal(x.Value)
			return s, s, true
		}
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", "", false
		}
		hx, tx, wx := c.constParts(x.X, depth+1)
		hy, ty, wy := c.constParts(x.Y, depth+1)
		head, tail = hx, ty
		if wx {
			head = hx + hy
		}
		if wy {
			tail = tx + ty
		}
		return head, tail, wx && wy
	case *ssa.Call:
		if fn := engine.Callee(x); analysisutil.IsFunc(fn, "fmt", "", "Sprintf") && len(x.Call.Args) > 0 {
			if _, format, whole := c.constParts(x.Call.Args[0], depth+1); whole {
				i, j := strings.IndexByte(format, '%'), strings.LastIndexByte(format, '%')
				if i < 0 {
					return format, format, true
				}
				if j+2 <= len(format) {
					tail = format[j+2:]
				}
				return format[:i], tail, false
			}
		}
	}
	return "", "", false
}
