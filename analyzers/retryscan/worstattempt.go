package retryscan

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// What bounds one attempt, read in the attempt body (a loop body, the
// operation's function literal, a named operation of this package):
//
//	actx, cancel := context.WithTimeout(ctx, 30*time.Second)  // TimeoutContext
//	defer cancel()
//	return call(actx)
//
//	client := &http.Client{Timeout: 10 * time.Second}        // TimeoutClient
//	resp, err := client.Do(req)                               // the one HTTP call of the attempt
//
// and, for retryablehttp, on the client's HTTPClient:
//
//	rc := retryablehttp.NewClient()
//	rc.HTTPClient.Timeout = 5 * time.Second                   // each attempt
//
// The recognizer follows the calls the attempt makes to functions of the
// package one level down, for a context.WithTimeout there
// (helperTimeouts); deeper, or in another package, a callee that sets
// its own timeout is not seen. An attempt whose only calls that can wait
// are DNS lookups is bounded by the resolver (TimeoutSelf,
// selfbounded.go).

// attemptTimeout fills what bounds one attempt.
func (s *scanner) attemptTimeout(site *Site, w *WorstCase) {
	if site.Kind == KindClient {
		if analysisutil.PkgPath(site.Callee) == "net/http" || (site.Entry != nil && site.Entry.Pkg == retryHTTPPkg) {
			// A retryablehttp client built here (retryablehttp.NewClient())
			// has an HTTPClient with no Timeout unless one is set in sight.
			built := s.builtHere(site.config, retryHTTPPkg)
			w.AttemptTimeout, w.Timeout, w.TimeoutAt = s.timeoutIn(site.config, true, built)
			return
		}
		w.Timeout = TimeoutUnknown
		if isGRPCCall(site.Callee) && !s.perRetryTimeout() {
			w.Timeout = TimeoutNone
		}
		return
	}
	body := site.BodyBlock()
	if body == nil && site.Op != nil {
		if fi := s.byObj[site.Op]; fi != nil {
			body = fi.decl.Body
		}
	}
	if body == nil {
		w.Timeout = TimeoutUnknown
		return
	}
	var ctxs []*ast.CallExpr
	var calls []*ast.CallExpr
	var helpers []*funcInfo
	(&callWalk{site: site, visit: func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if call := s.withTimeout(n); call != nil {
				ctxs = append(ctxs, call)
			}
		case *ast.CallExpr:
			if s.httpCall(n) {
				calls = append(calls, n)
			}
			if fi := s.ownFunc(analysisutil.Callee(s.info, n)); fi != nil && s.chains[fi.obj] == nil {
				helpers = append(helpers, fi)
			}
		}
		return true
	}}).walk(body)
	if len(ctxs) == 0 && len(calls) == 0 {
		ctxs = s.helperTimeouts(helpers)
	}
	switch {
	case len(ctxs) > 0:
		w.Timeout, w.TimeoutAt = TimeoutContext, ctxs[0]
		for _, c := range ctxs {
			d, ok := s.durationConst(c.Args[1])
			if !ok {
				w.AttemptTimeout = 0
				return
			}
			w.AttemptTimeout = max(w.AttemptTimeout, d)
		}
	case len(calls) == 1:
		recv := s.receiver(calls[0])
		if recv == nil { // http.Get: the DefaultClient, no timeout
			w.Timeout = TimeoutNone
			return
		}
		if obj := analysisutil.ObjectOf(s.info, recv); obj != nil && analysisutil.PkgPath(obj) == "net/http" && obj.Name() == "DefaultClient" {
			w.Timeout = TimeoutNone
			return
		}
		nodes := s.configNodes(site.Func, recv)
		w.AttemptTimeout, w.Timeout, w.TimeoutAt = s.timeoutIn(nodes, true, false)
	case len(calls) > 1:
		w.Timeout = TimeoutUnknown
	default:
		if c := s.selfBoundedAttempt(site, body); c != nil {
			w.Timeout, w.TimeoutAt = TimeoutSelf, c // a DNS lookup (selfbounded.go)
		}
	}
}

// helperTimeouts returns the context.WithTimeout calls, passed on, in
// the bodies of the package's functions an attempt calls (one level
// down, none that retries itself): the attempt's own timeout, set in
// its helper.
//
//	func (s *Store) tryOnce(ctx context.Context, key string) error {
//		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
//		defer cancel()
//		return s.get(ctx, key)
//	}
//
// A helper that sets it on one way only still bounds no attempt by less.
func (s *scanner) helperTimeouts(helpers []*funcInfo) []*ast.CallExpr {
	var ctxs []*ast.CallExpr
	for _, fi := range helpers {
		ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if as, ok := n.(*ast.AssignStmt); ok {
				if call := s.withTimeout(as); call != nil {
					ctxs = append(ctxs, call)
				}
			}
			return true
		})
	}
	return ctxs
}

const (
	retryHTTPPkg        = "github.com/hashicorp/go-retryablehttp"
	grpcRetryMiddleware = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
)

// perRetryTimeout reports whether the package uses a per-attempt timeout
// of a gRPC retry interceptor (go-grpc-middleware's WithPerRetryTimeout),
// which may wrap a service config's retries: then what bounds one of
// their attempts is not known. Without it, nothing does: grpc-go's own
// retries run inside the call, on its one deadline.
func (s *scanner) perRetryTimeout() bool {
	if !analysisutil.Imports(s.pass.Pkg, grpcRetryMiddleware) {
		return false // the option is not named here
	}
	return slices.ContainsFunc(s.pass.Files, func(f *ast.File) bool {
		return anyNode(f, true, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			o := catalog.LookupGRPCOption(s.calleeOf(call))
			return o != nil && o.Role == catalog.GRPCPerRetryTimeout
		})
	})
}

// withTimeout returns the context.WithTimeout call of an assignment
// `ctx, cancel := context.WithTimeout(parent, d)` whose context is passed
// on, or nil.
func (s *scanner) withTimeout(as *ast.AssignStmt) *ast.CallExpr {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	fn := analysisutil.Callee(s.info, call)
	if catalog.ContextEffect(fn) != catalog.CtxDeadline || !strings.HasPrefix(fn.Name(), "WithTimeout") {
		return nil // WithDeadline takes a time, not a duration
	}
	c, ok := s.eng.Call(s.eng.Func(s.enclosingFunc(call)), call).(*ssa.Call)
	if !ok {
		return nil
	}
	if ctx := engine.Result(c, 0); ctx != nil && engine.Handed(ctx) {
		return call
	}
	return nil
}

// httpCall reports whether call sends a request with an *http.Client or
// a net/http package function.
func (s *scanner) httpCall(call *ast.CallExpr) bool {
	fn := analysisutil.Callee(s.info, call)
	if analysisutil.PkgPath(fn) != "net/http" {
		return false
	}
	switch fn.Name() {
	case "Do", "Get", "Head", "Post", "PostForm":
		r := analysisutil.RecvName(fn)
		return r == "Client" || r == ""
	}
	return false
}

// timeoutIn reads the Timeout of an *http.Client among configuration
// nodes: a literal's Timeout field or an assignment to it. With attempt
// set, any client in the nodes counts (the attempt's client, or
// retryablehttp's HTTPClient); without, only an assignment through a
// local variable (hc.Timeout = d on the client StandardClient returned).
// built says the client is known to start with no Timeout.
func (s *scanner) timeoutIn(nodes []ast.Node, attempt, built bool) (time.Duration, TimeoutKind, ast.Node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if !attempt || !isHTTPClient(s.info.TypeOf(n)) {
				continue
			}
			built = true
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Timeout" {
						d, _ := s.durationConst(kv.Value)
						return d, TimeoutClient, kv
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Timeout" || i >= len(n.Rhs) || !isHTTPClient(s.info.TypeOf(sel.X)) {
					continue
				}
				if _, local := ast.Unparen(sel.X).(*ast.Ident); !attempt && !local {
					continue
				}
				d, _ := s.durationConst(n.Rhs[i])
				return d, TimeoutClient, n
			}
		}
	}
	if built {
		return 0, TimeoutNone, nil
	}
	return 0, TimeoutUnknown, nil
}

func isHTTPClient(t types.Type) bool {
	n := namedOf(t)
	return n != nil && analysisutil.PkgPath(n.Obj()) == "net/http" && n.Obj().Name() == "Client"
}
