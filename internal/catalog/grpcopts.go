package catalog

import (
	"go/ast"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// gRPC options that bound a call whose context has no deadline: an
// interceptor installed on the channel, or retry options handed to the
// call or to the interceptor (grpc v1.85.0 dialoptions.go, clientconn.go;
// go-grpc-middleware v2.3.4 interceptors/retry and interceptors/timeout,
// and v1.4.0's retry, package grpc_retry).
//
//	conn, err := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
//		retry.UnaryClientInterceptor(retry.WithMax(3)),      // applies retry options
//		timeout.UnaryClientInterceptor(5*time.Second)))      // bounds every call
//	client := pb.NewOrdersClient(conn)
//	client.Get(context.Background(), req, retry.WithPerRetryTimeout(2*time.Second))
//
// The retry interceptor bounds each attempt with the per-retry timeout
// only when it retries at all: with the default WithMax(0) it calls the
// method once, without the timeout (retry.go: "if callOpts.max == 0").
// Retry options mean nothing without the interceptor: they are
// grpc.EmptyCallOption values the channel ignores.

// GRPCRole is what a catalogued gRPC option or constructor does.
type GRPCRole uint8

const (
	GRPCRoleNone GRPCRole = iota
	// GRPCDialer makes a channel from the DialOptions from argument Arg
	// on: grpc.NewClient, Dial, DialContext.
	GRPCDialer
	// GRPCInterceptors appends the unary interceptors from argument Arg
	// on (variadic: WithChainUnaryInterceptor) to the channel's chain,
	// the first one outermost.
	GRPCInterceptors
	// GRPCDefaultCallOptions gives every call of the channel the call
	// options from argument Arg on, before the call's own.
	GRPCDefaultCallOptions
	// GRPCRetryInterceptor applies retry options, the ones from argument
	// Arg on as defaults that the call's own override. It reads only
	// the options of its own package and hands the interceptor inside
	// it the call's options without them (retry.go: filterCallOptions
	// keeps the values of its own CallOption type), so a second retry
	// interceptor of the same package inside it sees none of the
	// call's: only the outermost one is told retry.Disable() or WithMax
	// by a call. The options of go-grpc-middleware v1 and v2 are two
	// types: each interceptor reads its own version's.
	GRPCRetryInterceptor
	// GRPCTimeoutInterceptor derives every call's context with
	// context.WithTimeout(ctx, argument Arg).
	GRPCTimeoutInterceptor
	// GRPCPerRetryTimeout bounds each attempt by argument Arg.
	GRPCPerRetryTimeout
	// GRPCRetryMax sets the retries to argument Arg; 0 disables them.
	GRPCRetryMax
	// GRPCRetryDisable sets the retries to 0.
	GRPCRetryDisable
	// GRPCRetryBackoff replaces the retry interceptor's wait between
	// attempts with the function of argument Arg (WithBackoff; v1's
	// WithBackoffContext).
	GRPCRetryBackoff
	// GRPCServiceRetryOff turns off the retries of the channel's service
	// config (grpc.WithDisableRetry; see ServiceConfigsOff).
	GRPCServiceRetryOff
	// GRPCServiceConfig gives the channel the service config of argument
	// Arg (grpc.WithDefaultServiceConfig), whose retryPolicy retries calls.
	GRPCServiceConfig
	// GRPCMaxCallAttempts caps the attempts of a service config's
	// retryPolicy at argument Arg (grpc.WithMaxCallAttempts; default 5).
	GRPCMaxCallAttempts
	// GRPCInterceptor installs the unary interceptor of argument Arg
	// (WithUnaryInterceptor) outside the chained ones, in place of one
	// an earlier WithUnaryInterceptor installed (grpc v1.85.0
	// dialoptions.go: `o.unaryInt = f`; clientconn.go,
	// chainUnaryClientInterceptors: "Prepend dopts.unaryInt to the
	// chaining interceptors").
	GRPCInterceptor
	// GRPCChainInterceptor makes one unary interceptor of the ones from
	// argument Arg on (variadic), the first outermost: go-grpc-middleware
	// v1.4.0's ChainUnaryClient (chain.go: "ChainUnaryClient(one, two,
	// three) will execute one before two before three"), installed with
	// grpc.WithUnaryInterceptor, the way services chained interceptors
	// before grpc had WithChainUnaryInterceptor.
	GRPCChainInterceptor
	// GRPCBlock makes grpc.Dial and DialContext wait until the channel
	// is ready (grpc.WithBlock; WithReturnConnectionError, which "Implies
	// WithBlock()": dialoptions.go sets o.block in both). See
	// GRPCBlockingDial.
	GRPCBlock
	// GRPCDialTimeout bounds that wait by argument Arg (grpc.WithTimeout:
	// DialContext derives its context with context.WithTimeout when the
	// timeout is above 0).
	GRPCDialTimeout
)

// GRPCOption is a catalogued gRPC option or constructor.
type GRPCOption struct {
	Symbol
	Role GRPCRole
	Arg  int
}

const (
	grpcMiddlewareTimeout = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/timeout"
)

// GRPCRetryDefaultWait is the retry interceptor's wait between attempts
// with no WithBackoff: BackoffLinearWithJitter(50ms, 0.10) (v2.3.4,
// interceptors/retry/options.go defaultOptions; v1.4.0 retry/options.go
// defaultOptions, the same function wrapped in a BackoffFuncContext).
const GRPCRetryDefaultWait = 50 * time.Millisecond

var grpcOptions = append([]GRPCOption{
	{Symbol{grpcPkg, "", "NewClient"}, GRPCDialer, 1},
	{Symbol{grpcPkg, "", "Dial"}, GRPCDialer, 1},
	{Symbol{grpcPkg, "", "DialContext"}, GRPCDialer, 2},
	{Symbol{grpcPkg, "", "WithUnaryInterceptor"}, GRPCInterceptor, 0},
	{Symbol{grpcPkg, "", "WithChainUnaryInterceptor"}, GRPCInterceptors, 0},
	{Symbol{grpcPkg, "", "WithDefaultCallOptions"}, GRPCDefaultCallOptions, 0},
	{Symbol{grpcMiddlewareRetry, "", "UnaryClientInterceptor"}, GRPCRetryInterceptor, 0},
	{Symbol{grpcMiddlewareTimeout, "", "UnaryClientInterceptor"}, GRPCTimeoutInterceptor, 0},
	{Symbol{grpcMiddlewareRetry, "", "WithPerRetryTimeout"}, GRPCPerRetryTimeout, 0},
	{Symbol{grpcMiddlewareRetry, "", "WithMax"}, GRPCRetryMax, 0},
	{Symbol{grpcMiddlewareRetry, "", "Disable"}, GRPCRetryDisable, -1},
	{Symbol{grpcMiddlewareRetry, "", "WithBackoff"}, GRPCRetryBackoff, 0},
	{Symbol{grpcPkg, "", "WithDisableRetry"}, GRPCServiceRetryOff, -1},
	{Symbol{grpcPkg, "", "WithDefaultServiceConfig"}, GRPCServiceConfig, 0},
	{Symbol{grpcPkg, "", "WithMaxCallAttempts"}, GRPCMaxCallAttempts, 0},
	{Symbol{grpcPkg, "", "WithBlock"}, GRPCBlock, -1},
	{Symbol{grpcPkg, "", "WithReturnConnectionError"}, GRPCBlock, -1},
	{Symbol{grpcPkg, "", "WithTimeout"}, GRPCDialTimeout, 0},
}, grpcRetryV1...)

// A blocking dial (grpc v1.85.0 clientconn.go, DialContext; the same in
// v1.83.1): with WithBlock among its options, DialContext loops
// "until the clientConn is ready", returning only when the channel is
// READY or its context is done, while grpc reconnects with its own
// backoff underneath. grpc.Dial is DialContext(context.Background(), ...),
// so only WithTimeout ends its wait:
//
//	conn, err := grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(creds)) // waits forever while addr is down
//
// grpc.NewClient never waits: "The DialOptions returned by WithBlock,
// WithTimeout, WithReturnConnectionError, and FailOnNonTempDialError are
// ignored by this function". FailOnNonTempDialError(true) ends the wait
// only on a dial error that is not temporary (isTemporary in
// internal/transport/http2_client.go): a refused connection
// (ECONNREFUSED: net.OpError.Temporary is false) or a name the dialer
// finds does not exist (Dial's default passthrough target). A server
// that accepts and never answers, a host that drops the packets (a
// connect timeout is temporary) and a name grpc's DNS resolver cannot
// resolve ("dns:///...", no dial at all) still hold the dial forever
// (tried on v1.83.1: a hung server and a dns:/// name waited until the
// experiment's 50 s and 8 s deadlines), so it bounds nothing. It has no
// row.
var grpcBlockingDials = map[Symbol]int{
	{grpcPkg, "", "Dial"}:        -1,
	{grpcPkg, "", "DialContext"}: 0,
}

// GRPCBlockingDial reports a dial that waits for the channel when its
// options say so (GRPCBlock), with the index of the context that bounds
// the wait, -1 for grpc.Dial's context.Background().
func GRPCBlockingDial(fn *types.Func) (ctx int, ok bool) {
	if fn == nil {
		return 0, false
	}
	ctx, ok = grpcBlockingDials[SymbolOf(fn)]
	return ctx, ok
}

// grpcRetryV1 are the rows of go-grpc-middleware v1.4.0's retry
// interceptor (package grpc_retry), read from its source: the loop and
// the options are v2's, so the rows are v2's roles.
//
//   - UnaryClientInterceptor(optFuncs ...CallOption) applies its options
//     over defaultOptions (retry.go:29-30); per call it splits the call's
//     options with filterCallOptions, its own CallOption values apart
//     (`opt.(CallOption)`, options.go:133-142), applies them over its
//     own, and calls the invoker with the rest only (retry.go:32-36, 44).
//   - WithMax(n) is attempts, not retries, whatever its comment says:
//     `for attempt := uint(0); attempt < callOpts.max; attempt++`
//     (retry.go:39); the default max is 0, "disabled" (options.go:22),
//     and max 0 calls the invoker once (retry.go:35-37).
//   - Disable() is WithMax(0) (options.go:51-53).
//   - WithPerRetryTimeout(d) gives each attempt
//     context.WithTimeout(parent, d) (perCallContext, retry.go:290-294),
//     in the loop only, so not with max 0; 0 turns it off (the default,
//     options.go:23).
//   - WithBackoff takes a BackoffFunc of the attempt alone
//     (`func(attempt uint) time.Duration`, v2's takes the context too);
//     WithBackoffContext takes that form (options.go:62-76). The
//     default wait and the codes are v2's (GRPCRetryDefaultWait,
//     class.go).
//
// What v2 has and v1 has not: a timeout interceptor, WithRetriable,
// WithOnRetryCallback, BackoffExponentialWithJitterBounded.
var grpcRetryV1 = []GRPCOption{
	{Symbol{grpcMiddlewareRetryV1, "", "UnaryClientInterceptor"}, GRPCRetryInterceptor, 0},
	{Symbol{grpcMiddlewareRetryV1, "", "WithPerRetryTimeout"}, GRPCPerRetryTimeout, 0},
	{Symbol{grpcMiddlewareRetryV1, "", "WithMax"}, GRPCRetryMax, 0},
	{Symbol{grpcMiddlewareRetryV1, "", "Disable"}, GRPCRetryDisable, -1},
	{Symbol{grpcMiddlewareRetryV1, "", "WithBackoff"}, GRPCRetryBackoff, 0},
	{Symbol{grpcMiddlewareRetryV1, "", "WithBackoffContext"}, GRPCRetryBackoff, 0},
	{Symbol{grpcMiddlewareV1, "", "ChainUnaryClient"}, GRPCChainInterceptor, 0},
}

var grpcOptionIndex = index(grpcOptions, func(o *GRPCOption) Symbol { return o.Symbol })

// GRPCOptions returns every row (for tests).
func GRPCOptions() []GRPCOption { return grpcOptions }

// grpcRetryPkgs are the packages of the retry interceptor rows.
var grpcRetryPkgs = func() map[string]bool {
	m := map[string]bool{}
	for _, o := range grpcOptions {
		if o.Role == GRPCRetryInterceptor {
			m[o.Pkg] = true
		}
	}
	return m
}()

// GRPCRetryPackage reports the package of a catalogued gRPC retry
// interceptor (go-grpc-middleware v2's interceptors/retry, v1's retry):
// a package that imports none names none of its options.
func GRPCRetryPackage(path string) bool { return grpcRetryPkgs[path] }

// LookupGRPCOption returns the row of fn, or nil.
func LookupGRPCOption(fn *types.Func) *GRPCOption {
	if fn == nil {
		return nil
	}
	return grpcOptionIndex[SymbolOf(fn)]
}

// grpcInvokers are the function types of grpc whose value a unary
// interceptor is handed to make the call it intercepts (grpc v1.85.0
// interceptor.go): calling one is ClientConn.Invoke in all but name.
//
//	func retryUnavailable(ctx context.Context, method string, req, reply any,
//		cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
//		err := invoker(ctx, method, req, reply, cc, opts...) // the gRPC call
var grpcInvokers = []Symbol{{grpcPkg, "", "UnaryInvoker"}}

// GRPCInvoker reports a type of grpc.UnaryInvoker: a call of a value of
// it is a unary gRPC call, failing with the method's status code.
func GRPCInvoker(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, s := range grpcInvokers {
		if s.Pkg == n.Obj().Pkg().Path() && s.Name == n.Obj().Name() {
			return true
		}
	}
	return false
}

// GRPCPackage reports a function of the grpc package itself, whose
// dial options other than the catalogued ones install no interceptor.
func GRPCPackage(fn *types.Func) bool { return SymbolOf(fn).Pkg == grpcPkg }

// GRPCUnary reports a unary gRPC call whose options the channel's
// interceptors see: a generated stub method that is not a stream, or
// ClientConn.Invoke.
func GRPCUnary(fn *types.Func) bool {
	o := LookupOutbound(fn)
	if o == nil || o.Stream {
		return false
	}
	s := SymbolOf(fn)
	if s.Pkg == grpcPkg {
		return s.Recv == "ClientConn" && s.Name == "Invoke"
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() > 0 && isGRPCStub(sig)
}

// GRPCClientShaped reports a signature of the generated client shape, a
// context first and ...grpc.CallOption last, whatever the receiver:
//
//	func (c *clientImpl) Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error)
func GRPCClientShaped(sig *types.Signature) bool {
	return sig.Params().Len() > 0 && isContext(sig.Params().At(0).Type()) && isGRPCStub(sig)
}

// GRPCStubConstructor reports a generated client constructor, which
// keeps the channel it is given:
//
//	func NewHealthClient(cc grpc.ClientConnInterface) HealthClient
func GRPCStubConstructor(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	n, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == grpcPkg && n.Obj().Name() == "ClientConnInterface"
}

// ServiceConfigsOff returns the calls of grpc.WithDefaultServiceConfig
// in files that share an option list with grpc.WithDisableRetry(): the
// arguments of one call (the dial, an append) or the elements of one
// composite literal. The channel dialed with them makes no service-config
// retries (grpc v1.85.0 clientconn.go: disableRetry skips the
// retryPolicy), so the config's retryPolicy retries nothing:
//
//	grpc.NewClient(target,
//		grpc.WithDefaultServiceConfig(`{... "retryPolicy": {"maxAttempts": 4, ...}}`),
//		grpc.WithDisableRetry())
//
// A WithDisableRetry in another list (appended later, from a helper) is
// not matched to the config: the two may be different channels.
func ServiceConfigsOff(info *types.Info, files []*ast.File) map[*ast.CallExpr]bool {
	off := map[*ast.CallExpr]bool{}
	list := func(elems []ast.Expr) {
		var configs []*ast.CallExpr
		disabled := false
		for _, e := range elems {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				continue
			}
			fn := analysisutil.Callee(info, call)
			if o := LookupGRPCOption(fn); o != nil && o.Role == GRPCServiceRetryOff {
				disabled = true
			}
			if IsGRPCServiceConfig(fn) {
				configs = append(configs, call)
			}
		}
		for _, c := range configs {
			if disabled {
				off[c] = true
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				list(n.Args)
			case *ast.CompositeLit:
				list(n.Elts)
			}
			return true
		})
	}
	return off
}
