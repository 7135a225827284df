package retryscan

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// gRPC retries a call only when the channel's service config has a
// retryPolicy for the call's method (grpc v1.85.0, service_config.go);
// transparent retries of requests that never left the client are safe
// and not counted. The config is usually a constant handed to the dial:
//
//	conn, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(`{
//		"methodConfig": [{"name": [{"service": "orders.Orders"}],
//		  "retryPolicy": {"maxAttempts": 4, ...}}]}`))
//	client := orderspb.NewOrdersClient(conn)
//	client.Place(ctx, req) // up to 4 attempts
//
// The retry interceptor of go-grpc-middleware (v2 interceptors/retry, v1
// retry: the same loop and options, catalog.GRPCOption's rows) is the
// other way a channel retries. With WithMax(n), n > 0, among the
// interceptor's own options, every unary call on the channel makes up to
// n attempts (retry.go: `for attempt := uint(0); attempt < callOpts.max;
// attempt++`; the default max, 0, calls once):
//
//	conn, err := grpc.NewClient(target, grpc.WithUnaryInterceptor(
//		retry.UnaryClientInterceptor(retry.WithMax(5))))
//
// Both are read for each call, from the channel the call is made on
// (engine.GRPCChannels: the stub's NewXClient(conn) and conn's dial
// options, through the package's variables, unexported fields and
// helpers). A call whose channel is out of sight (a client from a
// parameter, an exported field, a channel dialed in another package) is
// not counted, whatever the package's other channels do.
//
// The service config: the method config that names the call's method
// (its full name, read from the generated stub's
// X_Method_FullMethodName constant or ClientConn.Invoke's constant
// argument), else its service's, else the default one (name [{}]);
// maxAttempts is capped at 5 or at grpc.WithMaxCallAttempts' constant. A
// config that is not one constant, a method name that cannot be read
// against a config whose method configs disagree, and a channel with
// several configs that disagree add no attempts; a channel dialed with
// grpc.WithDisableRetry() makes none. Options out of sight (a
// DialOption from a caller or another package) are not assumed to turn
// retries off.
//
// The interceptor: its options apply in order, the interceptor's own,
// the channel's default call options, then the call's (retry.Disable()
// or WithMax(0) on the call makes one attempt); a count that is not a
// constant leaves the call uncounted. A channel may chain several retry
// interceptors: their counts multiply, and only the outermost sees the
// channel's and the call's options (grpcchain.go). Each way through the
// dial's options is a chain of its own, and the call counts the one that
// retries it most. The interceptor waits 50 ms with
// 10% jitter by default (BackoffLinearWithJitter); a WithBackoff of one
// of the library's BackoffFuncs written in the package is read from the
// catalog (BackoffExponential(100ms): 100ms, 200ms, ...), any other
// leaves the delay unknown. On a channel with both, each of the interceptor's
// attempts is a call the service config retries: the counts multiply.

const grpcPkg = "google.golang.org/grpc"

// grpcMayRetry reports whether a channel of the package may retry a
// call: the package imports the retry interceptor or hands a service
// config with a retryPolicy to grpc. Elsewhere no SSA is built for gRPC
// calls.
func (s *scanner) grpcMayRetry() bool { return s.grpcRetrying.get() }

// readGRPCRetries works out grpcMayRetry once.
func (s *scanner) readGRPCRetries() bool {
	if s.importsGRPCRetry() || s.mayIntercept() {
		return true
	}
	for _, c := range s.serviceConfigs() {
		if c.Config.MaxAttempts() > 1 {
			return true
		}
	}
	return false
}

// grpcRetry is what the channels of one call do with it.
type grpcRetry struct {
	attempts int
	// policy: a service config's retryPolicy retries it, with configs;
	// interceptor: a retry interceptor does: middleware go-grpc-middleware's
	// (backoffs: the WithBackoff calls that apply, one per retry
	// interceptor that has one; defaultWait: one has none), handmade.names
	// one written by hand (grpcintercept.go); stacked: a channel chains
	// more than one retry interceptor (grpcchain.go).
	policy, interceptor, middleware, defaultWait, stacked bool
	backoffs                                              []*ssa.Call
	configs                                               []catalog.ServiceConfig
	handmade                                              handmade
}

// grpcRetriesOf works out the attempts the channels a call may be made
// on make of it (the most any of them makes), ok false when a channel is
// out of sight or an interceptor's count unknown.
func (s *scanner) grpcRetriesOf(fn ast.Node, call *ast.CallExpr, callee *types.Func) (r grpcRetry, ok bool) {
	in := s.eng.Call(s.eng.Func(fn), call)
	if in == nil {
		return r, false
	}
	channels, known := s.eng.GRPCChannels(in)
	if !known {
		return r, false
	}
	method := s.grpcMethod(call, callee)
	cc := in.Common()
	own, _ := s.eng.Elems(cc.Args[len(cc.Args)-1], nil)
	r.attempts = 1
	r.handmade.attempts = 1
	for _, ch := range channels {
		if ch.ChainsUnknown {
			return r, false
		}
		// The chain that retries the call most, on this channel.
		var layers []retryLayer
		k := 1
		for _, chain := range ch.Chains {
			l, known := s.chainLayers(call, ch, chain, own)
			if !known {
				return r, false
			}
			if n := layersProduct(l); n > k {
				layers, k = l, n
			}
		}
		m, sc := policyAttempts(ch, method)
		if m > 1 {
			r.policy, r.configs = true, append(r.configs, sc)
		}
		h := handmade{attempts: 1}
		for _, l := range layers {
			switch {
			case l.fact != nil:
				h.attempts *= l.attempts
				h.names = append(h.names, l.name)
				h.facts = append(h.facts, l.fact)
				if l.fn != nil {
					h.funcs = append(h.funcs, l.fn)
				}
			case l.backoff != nil:
				r.middleware, r.backoffs = true, append(r.backoffs, l.backoff)
			default:
				r.middleware, r.defaultWait = true, true
			}
		}
		r.stacked = r.stacked || len(layers) > 1
		r.interceptor = r.interceptor || k > 1
		if h.attempts > 1 {
			r.handmade.names = append(r.handmade.names, h.names...)
			r.handmade.facts = append(r.handmade.facts, h.facts...)
			r.handmade.funcs = append(r.handmade.funcs, h.funcs...)
			r.handmade.attempts = max(r.handmade.attempts, h.attempts)
		}
		r.attempts = max(r.attempts, m*k)
	}
	return r, r.attempts > 1
}

// policyAttempts returns the attempts a channel's service config makes
// of a call of method ("" unknown), and the config; 1 when it has none,
// retries are off, or the config or its answer is not known.
func policyAttempts(ch engine.GRPCChannel, method string) (int, catalog.ServiceConfig) {
	if ch.RetryOff || ch.ConfigUnknown || ch.MaxCallUnknown {
		return 1, catalog.ServiceConfig{}
	}
	n := 0
	var got catalog.ServiceConfig
	for _, text := range ch.ServiceConfigs {
		sc, ok := catalog.ParseServiceConfig(text)
		k, known := 1, ok
		if ok {
			k, known = sc.Attempts(method, ch.MaxCallAttempts)
		}
		if !known || n != 0 && k != n {
			return 1, catalog.ServiceConfig{} // a config grpc rejects fails the dial; configs that disagree
		}
		n, got = k, sc
	}
	return max(n, 1), got
}

// grpcMethod returns the full name of the method a gRPC call calls
// ("/orders.Orders/Place"), or "".
func (s *scanner) grpcMethod(call *ast.CallExpr, callee *types.Func) string {
	if !analysisutil.IsFunc(callee, grpcPkg, "ClientConn", "Invoke") {
		return catalog.GRPCFullMethod(callee)
	}
	if len(call.Args) < 2 {
		return ""
	}
	if tv := s.info.Types[call.Args[1]]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// grpcSite returns a client site for a gRPC call made on a channel that
// retries it, or nil.
func (s *scanner) grpcSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if !isGRPCCall(callee) || !s.grpcMayRetry() {
		return nil
	}
	r, ok := s.grpcRetriesOf(fn, call, callee)
	if !ok {
		return nil
	}
	name := analysisutil.FuncName(callee, s.pass.Pkg)
	row := &catalog.Retry{Symbol: catalog.SymbolOf(callee), Role: catalog.RoleClient, Op: -1, Attempts: r.attempts, Ctx: 0,
		Display: name, Delay: catalog.DelayExponential, Capped: catalog.TriYes, Jittered: catalog.TriYes}
	delay := Delay{}
	h := r.handmade.facts
	switch {
	case r.stacked || len(r.backoffs) > 0 || len(h) > 0 && (r.policy || r.middleware || len(h) > 1):
		row.Delay, row.Capped, row.Jittered = catalog.DelayUnknown, catalog.TriUnknown, catalog.TriUnknown
	case len(h) == 1:
		// The interceptor's own loop, as its wrapper fact says.
		row.Delay, row.Capped, row.Jittered = catalog.DelayKind(h[0].DelayKind), catalog.Tri(h[0].Capped), catalog.Tri(h[0].Jittered)
		delay.Initial, delay.Factor = time.Duration(h[0].Initial), h[0].Factor
	case !r.policy:
		row.Delay = catalog.DelayConstant // 50 ms, with jitter
		delay.Initial = catalog.GRPCRetryDefaultWait
	}
	delay.Kind, delay.Capped, delay.Jittered = row.Delay, row.Capped, row.Jittered
	site := &Site{kind: KindClient, node: call, name: name, entry: row, callee: callee, fn: fn,
		bound: Bound{Attempts: r.attempts, Ctx: true}, grpc: &r, delay: known(delay)}
	if len(r.backoffs) > 0 && !r.defaultWait && len(h) == 0 && !r.policy && !r.stacked {
		if d, ok := s.interceptorBackoff(site, r.backoffs); ok {
			row.Delay, row.Capped, row.Jittered = d.Kind, d.Capped, d.Jittered
			site.delay = known(d)
		}
	}
	return site
}

// interceptorBackoff reads the wait the retry interceptor's WithBackoff
// gives it, when every channel's is one call written in the package
// with a catalogued BackoffFunc:
//
//	retry.UnaryClientInterceptor(retry.WithMax(4),
//		retry.WithBackoff(retry.BackoffExponential(100*time.Millisecond))) // 100ms, 200ms, 400ms
func (s *scanner) interceptorBackoff(site *Site, calls []*ssa.Call) (Delay, bool) {
	var d Delay
	for i, c := range calls {
		n, ok := s.eng.SyntaxOf(c).(*ast.CallExpr)
		if !ok {
			return Delay{}, false
		}
		di := s.refineDelay(site, Delay{Kind: catalog.DelayUnknown}, s.configNodes(s.enclosingFunc(n), n))
		if di.Kind == catalog.DelayUnknown || i > 0 && (di.Kind != d.Kind || di.Initial != d.Initial || di.Factor != d.Factor) {
			return Delay{}, false // channels that wait differently
		}
		d = di
	}
	return d, true
}

// GRPCInterceptors names the interceptors written by hand that retry a
// gRPC client site's call (grpcintercept.go), nil when none does: their
// attempts get a timeout of their own in their body, not from
// go-grpc-middleware's retry.WithPerRetryTimeout.
func (s *Site) GRPCInterceptors() []string {
	if s.grpc == nil || s.grpc.middleware {
		return nil
	}
	return s.grpc.handmade.names
}

// GRPCPolicy reports a client site whose retries are grpc-go's own (a
// service config's retryPolicy), which run on the call's one deadline
// and cannot be given a timeout per attempt; a retry interceptor's can
// (retry.WithPerRetryTimeout).
func (s *Site) GRPCPolicy() bool { return s.grpc != nil && s.grpc.policy }

// isGRPCCall recognizes ClientConn.Invoke and generated client stubs:
//
//	func (c *ordersClient) Place(ctx context.Context, in *PlaceRequest, opts ...grpc.CallOption) (*PlaceReply, error)
func isGRPCCall(fn *types.Func) bool {
	if analysisutil.IsFunc(fn, grpcPkg, "ClientConn", "Invoke") {
		return true
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !sig.Variadic() || sig.Params().Len() < 2 {
		return false
	}
	p := sig.Params()
	last, ok := p.At(p.Len() - 1).Type().(*types.Slice)
	if !ok || !analysisutil.Named(last.Elem(), grpcPkg, "CallOption") || !analysisutil.Named(p.At(0).Type(), "context", "Context") {
		return false
	}
	// grpc's own packages hold helpers, not RPCs, except for the
	// generated stubs of its services (health, reflection, ...).
	pkg := analysisutil.PkgPath(fn)
	return pkg != grpcPkg && !strings.HasPrefix(pkg, grpcPkg+"/internal")
}

// IsGRPCCall reports whether fn is a gRPC call: ClientConn.Invoke or a
// method of a generated client stub (the recognizer's own test, which it
// uses for gRPC client sites).
func IsGRPCCall(fn *types.Func) bool { return fn != nil && isGRPCCall(fn) }
