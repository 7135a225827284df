package inventory

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/topology"
)

// What an outbound call calls: the gRPC method of a generated stub or of
// ClientConn.Invoke, or the method, host and path of an HTTP request.
// Whatever the code does not show is left out and said why, never
// guessed.

// callTarget is the target of the outbound call c of fn, or nil when fn
// is no gRPC or HTTP call.
func (b *builder) callTarget(c *ast.CallExpr, fn *types.Func) *topology.Target {
	if fn == nil {
		return nil
	}
	if t := b.grpcTarget(c, fn); t != nil {
		return t
	}
	if f := b.importedFact(fn); f != nil && f.Target != nil {
		return f.Target // a client function of another package
	}
	if fi := b.byObj[fn.Origin()]; fi != nil && fi.target != nil {
		return fi.target
	}
	return b.httpCallTarget(c, fn)
}

// grpcTarget reads the full method name of ClientConn.Invoke and
// NewStream (and the grpc package's functions of the same name): the
// constant the generated stubs pass.
//
//	err := c.cc.Invoke(ctx, Ledger_Debit_FullMethodName, in, out, cOpts...)
func (b *builder) grpcTarget(c *ast.CallExpr, fn *types.Func) *topology.Target {
	arg := -1
	switch {
	case analysisutil.IsFunc(fn, grpcPkg, "ClientConn", "Invoke"), analysisutil.IsFunc(fn, grpcPkg, "ClientConnInterface", "Invoke"),
		analysisutil.IsFunc(fn, grpcPkg, "", "Invoke"):
		arg = 1
	case analysisutil.IsFunc(fn, grpcPkg, "ClientConn", "NewStream"), analysisutil.IsFunc(fn, grpcPkg, "ClientConnInterface", "NewStream"):
		arg = 2
	case analysisutil.IsFunc(fn, grpcPkg, "", "NewClientStream"):
		arg = 3
	default:
		return nil
	}
	if arg >= len(c.Args) {
		return nil
	}
	if m, ok := b.urls.constString(c.Args[arg]); ok {
		return &topology.Target{GRPC: m}
	}
	return &topology.Target{Unknown: "the method name comes from " + b.urls.from(c.Args[arg])}
}

const grpcPkg = "google.golang.org/grpc"

// httpCallTarget reads the request an HTTP call sends: the URL argument
// of http.Get, client.Post, resty's Post, or, for client.Do(req), the
// request req is built as.
func (b *builder) httpCallTarget(c *ast.CallExpr, fn *types.Func) *topology.Target {
	if catalog.HTTPShortcut(fn) && len(c.Args) > 0 {
		method := strings.ToUpper(fn.Name())
		if method == "POSTFORM" {
			method = "POST"
		}
		return b.urlTarget(method, "", c.Args[0])
	}
	h := catalog.LookupHTTP(fn)
	if h == nil {
		return nil
	}
	switch h.Role {
	case catalog.HTTPDirect:
		url := 0
		if h.Method >= 0 {
			url = h.Method + 1
		}
		if url >= len(c.Args) {
			return nil
		}
		method, why := h.Fixed, ""
		if h.Method >= 0 {
			method, why = b.method(c.Args[h.Method])
		}
		return b.urlTarget(method, why, c.Args[url])
	case catalog.HTTPSend:
		if h.Req < len(c.Args) {
			return b.requestTarget(c.Args[h.Req], 0)
		}
	}
	return nil
}

// requestTarget follows a request to the call that builds it:
//
//	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, body)
//	rreq, err := retryablehttp.FromRequest(req)
//	resp, err := client.Do(req.WithContext(ctx))
func (b *builder) requestTarget(e ast.Expr, depth int) *topology.Target {
	e = ast.Unparen(e)
	if depth > maxURLDepth {
		return &topology.Target{Unknown: "the request is built further than the report follows"}
	}
	if id, ok := e.(*ast.Ident); ok {
		if x := b.urls.assigned(id); x != nil {
			return b.requestTarget(x, depth+1)
		}
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return &topology.Target{Unknown: "the request comes from " + b.urls.from(e)}
	}
	fn := analysisutil.Callee(b.pass.TypesInfo, call)
	h := catalog.LookupHTTP(fn)
	switch {
	case h != nil && h.Role == catalog.HTTPNew && h.Method+1 < len(call.Args):
		method, why := b.method(call.Args[h.Method])
		return b.urlTarget(method, why, call.Args[h.Method+1])
	case h != nil && h.Role == catalog.HTTPWrap && h.Req < len(call.Args):
		return b.requestTarget(call.Args[h.Req], depth+1)
	case analysisutil.IsFunc(fn, "net/http", "Request", "WithContext"), analysisutil.IsFunc(fn, "net/http", "Request", "Clone"):
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			return b.requestTarget(sel.X, depth+1)
		}
	}
	return &topology.Target{Unknown: "the request comes from " + b.urls.from(e)}
}

// method reads a method argument: "POST", or "" and why not.
func (b *builder) method(e ast.Expr) (string, string) {
	if m, ok := b.urls.constString(e); ok {
		return strings.ToUpper(m), ""
	}
	return "", "the method comes from " + b.urls.from(e)
}

// urlTarget reads a URL argument into a target.
func (b *builder) urlTarget(method, why string, url ast.Expr) *topology.Target {
	t := httpTarget(b.urls.eval(url, 0), method)
	if why != "" {
		t.Unknown = joinWhy(why, t.Unknown)
	}
	return t
}

// httpTarget turns a URL template into a target: the host when the URL
// starts with a scheme and a constant host; the path after it, or after
// a leading hole followed by a slash (the hole is then taken to be the
// origin, "http://host:port", from configuration), with "{name}" for
// each segment that holds a hole; no query, no fragment.
func httpTarget(t urlTmpl, method string) *topology.Target {
	t = merged(t)
	out := &topology.Target{Method: method}
	if len(t) == 0 {
		out.Unknown = "the URL is empty"
		return out
	}
	var rest urlTmpl
	first := t[0]
	switch {
	case !first.hole && (hasPrefixFold(first.lit, "http://") || hasPrefixFold(first.lit, "https://")):
		t[0].lit = first.lit[strings.Index(first.lit, "://")+3:]
		var host urlTmpl
		host, rest = splitAuthority(t)
		if h := holeOf(host); h != nil {
			out.Unknown = "the host comes from " + h.from
		} else if len(host) > 0 {
			out.Host = host[0].lit
		}
	case first.hole && len(t) > 1 && strings.HasPrefix(t[1].lit, "/"):
		out.Unknown = "the host comes from " + first.from
		rest = t[1:]
	case first.hole:
		out.Unknown = "the URL comes from " + first.from
		return out
	case strings.HasPrefix(first.lit, "/"):
		out.Unknown = "the URL has no host (the client's base URL adds it)"
		rest = t
	default:
		out.Unknown = "the URL " + first.lit + "... has no scheme"
		return out
	}
	out.Path = pathOf(rest)
	return out
}

// merged joins adjacent constant parts.
func merged(t urlTmpl) urlTmpl {
	var out urlTmpl
	for _, p := range t {
		if !p.hole && p.lit == "" {
			continue
		}
		if n := len(out); n > 0 && !p.hole && !out[n-1].hole {
			out[n-1].lit += p.lit
			continue
		}
		out = append(out, p)
	}
	return out
}

// splitAuthority splits what follows a scheme at the first slash,
// question mark or hash of a constant part: the host, then the rest.
func splitAuthority(t urlTmpl) (host, rest urlTmpl) {
	for i, p := range t {
		if p.hole {
			continue
		}
		if j := strings.IndexAny(p.lit, "/?#"); j >= 0 {
			host = append(append(host, t[:i]...), urlPart{lit: p.lit[:j]})
			rest = append(urlTmpl{{lit: p.lit[j:]}}, t[i+1:]...)
			return merged(host), rest
		}
	}
	return t, nil
}

func holeOf(t urlTmpl) *urlPart {
	for i := range t {
		if t[i].hole {
			return &t[i]
		}
	}
	return nil
}

// pathOf renders the path of rest: up to a query or a fragment, segments
// with a hole as "{name}", repeated slashes as one.
func pathOf(rest urlTmpl) string {
	var segs []string
	cur, curHole, done := "", "", false
	flush := func() {
		if curHole != "" {
			cur = "{" + strings.TrimPrefix(curHole, "\x00") + "}"
		}
		segs = append(segs, cur)
		cur, curHole = "", ""
	}
	for _, p := range rest {
		if done {
			break
		}
		if p.hole {
			if curHole == "" {
				curHole = "\x00" + p.name
			}
			continue
		}
		s := p.lit
		if i := strings.IndexAny(s, "?#"); i >= 0 {
			s, done = s[:i], true
		}
		for {
			i := strings.IndexByte(s, '/')
			if i < 0 {
				cur += s
				break
			}
			cur += s[:i]
			flush()
			s = s[i+1:]
		}
	}
	flush()
	// segs[0] is what stood before the first slash: nothing.
	var out []string
	for i, s := range segs[1:] {
		if s == "" && i < len(segs)-2 {
			continue // "//": url.JoinPath and servers read one slash
		}
		out = append(out, s)
	}
	return "/" + strings.Join(out, "/")
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func joinWhy(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
