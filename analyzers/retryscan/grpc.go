package retryscan

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// gRPC retries a call only when the channel's service config has a
// retryPolicy (grpc v1.85.0, service_config.go); transparent retries of
// requests that never left the client are safe and not counted. The
// config is usually a constant handed to the dial:
//
//	conn, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(`{
//		"methodConfig": [{"name": [{"service": "orders.Orders"}],
//		  "retryPolicy": {"maxAttempts": 4, ...}}]}`))
//
// The recognizer reads such constants in the package and, when one has a
// retry policy, counts the package's gRPC calls (generated client stubs
// and ClientConn.Invoke) as clients that retry inside, with the largest
// maxAttempts found, at most 5 (the channel default cap). A config in
// the same option list as grpc.WithDisableRetry() retries nothing and is
// not counted (catalog.ServiceConfigsOff). Which channel a
// stub was built on is not tracked; service configs in _test.go files are
// not read, since tests set up many channels for different cases.
//
// The retry interceptor of go-grpc-middleware (v2 interceptors/retry) is
// the other way a channel retries. With WithMax(n), n > 0, among the
// interceptor's own options, every unary call on the channel makes up to
// n attempts (retry.go: `for attempt := uint(0); attempt < callOpts.max;
// attempt++`; the default max, 0, calls once):
//
//	conn, err := grpc.NewClient(target, grpc.WithUnaryInterceptor(
//		retry.UnaryClientInterceptor(retry.WithMax(5))))
//
// Unlike a service config, it is read for each call, from the channel
// the call is made on (engine.GRPCChannels: the stub's NewXClient(conn)
// and conn's dial options, through the package's variables and
// helpers): a call whose channel is out of sight (a client from a
// parameter) is not counted. The options apply in order, the
// interceptor's own, the channel's default call options, then the
// call's (retry.Disable() or WithMax(0) on the call makes one attempt);
// a count that is not a constant stays unknown and uncounted. The
// interceptor waits 50 ms with 10% jitter by default
// (BackoffLinearWithJitter); a WithBackoff leaves the delay unknown.

const grpcPkg = "google.golang.org/grpc"

// grpcRetryAttempts returns the attempts of the package's gRPC retry
// policy, and false when the package sets none.
func (s *scanner) grpcRetryAttempts() (int, bool) {
	n := s.grpcAttempts.get()
	return n, n != 0
}

// grpcMaxAttempts works out grpcRetryAttempts once.
func (s *scanner) grpcMaxAttempts() int {
	n := 0
	for _, c := range s.serviceConfigs() {
		if !c.Test { // tests set up many channels, each for its own case
			n = max(n, c.Config.MaxAttempts())
		}
	}
	return n
}

// interceptorAttempts returns the attempts the retry interceptors of the
// channels a call may be made on make of it, when every channel is in
// sight and every count known; backoff: one is given a WithBackoff.
func (s *scanner) interceptorAttempts(fn ast.Node, call *ast.CallExpr) (n int, backoff, ok bool) {
	if !analysisutil.Imports(s.pass.Pkg, grpcRetryMiddleware) {
		return 0, false, false // nothing here can install one
	}
	in := s.eng.Call(s.eng.Func(fn), call)
	if in == nil {
		return 0, false, false
	}
	channels, known := s.eng.GRPCChannels(in)
	if !known {
		return 0, false, false
	}
	cc := in.Common()
	own, _ := s.eng.Elems(cc.Args[len(cc.Args)-1], nil)
	n = 1
	for _, ch := range channels {
		if !ch.Retry {
			continue
		}
		k, known, b := s.eng.GRPCRetry(append(append([]engine.Source(nil), ch.Defaults...), own...))
		if !known {
			return 0, false, false
		}
		n, backoff = max(n, int(k)), backoff || b
	}
	return n, backoff, n > 1
}

// grpcSite returns a client site for a gRPC call in a package whose
// channels retry, or nil.
func (s *scanner) grpcSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if !isGRPCCall(callee) {
		return nil
	}
	n, policy := s.grpcRetryAttempts()
	if !policy {
		var backoff, ok bool
		if n, backoff, ok = s.interceptorAttempts(fn, call); !ok {
			return nil
		}
		return s.grpcClientSite(fn, call, callee, n, false, backoff)
	}
	return s.grpcClientSite(fn, call, callee, n, true, false)
}

// grpcClientSite is the client site of a gRPC call that makes n
// attempts: grpc-go's own (policy), or a retry interceptor's, whose
// delay a WithBackoff (backoff) leaves unknown.
func (s *scanner) grpcClientSite(fn ast.Node, call *ast.CallExpr, callee *types.Func, n int, policy, backoff bool) *Site {
	name := analysisutil.FuncName(callee, s.pass.Pkg)
	row := &catalog.Retry{Symbol: catalog.SymbolOf(callee), Role: catalog.RoleClient, Op: -1, Attempts: n, Ctx: 0,
		Display: name, Delay: catalog.DelayExponential, Capped: catalog.TriYes, Jittered: catalog.TriYes}
	switch {
	case !policy && backoff:
		row.Delay, row.Capped, row.Jittered = catalog.DelayUnknown, catalog.TriUnknown, catalog.TriUnknown
	case !policy:
		row.Delay = catalog.DelayConstant // 50 ms, with jitter
	}
	return &Site{Kind: KindClient, Node: call, Name: name, Entry: row, Callee: callee, Func: fn,
		Bound: Bound{Attempts: n, Ctx: true}, grpcPolicy: policy,
		delay: known(Delay{Kind: row.Delay, Capped: row.Capped, Jittered: row.Jittered})}
}

// GRPCPolicy reports a client site whose retries are grpc-go's own (a
// service config's retryPolicy), which run on the call's one deadline
// and cannot be given a timeout per attempt; a retry interceptor's can
// (retry.WithPerRetryTimeout).
func (s *Site) GRPCPolicy() bool { return s.grpcPolicy }

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
	if !ok || !isNamed(last.Elem(), grpcPkg, "CallOption") || !isNamed(p.At(0).Type(), "context", "Context") {
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
