package retryscan

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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

// grpcSite returns a client site for a gRPC call in a package whose
// channels retry, or nil.
func (s *scanner) grpcSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if !isGRPCCall(callee) {
		return nil
	}
	n, ok := s.grpcRetryAttempts()
	if !ok {
		return nil
	}
	name := analysisutil.FuncName(callee, s.pass.Pkg)
	row := &catalog.Retry{Symbol: catalog.SymbolOf(callee), Role: catalog.RoleClient, Op: -1, Attempts: n, Ctx: 0,
		Display: name, Delay: catalog.DelayExponential, Capped: catalog.TriYes, Jittered: catalog.TriYes}
	return &Site{Kind: KindClient, Node: call, Name: name, Entry: row, Callee: callee, Func: fn,
		Bound: Bound{Attempts: n, Ctx: true},
		delay: known(Delay{Kind: row.Delay, Capped: row.Capped, Jittered: row.Jittered})}
}

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

func importsPkg(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

// IsGRPCCall reports whether fn is a gRPC call: ClientConn.Invoke or a
// method of a generated client stub (the recognizer's own test, which it
// uses for gRPC client sites).
func IsGRPCCall(fn *types.Func) bool { return fn != nil && isGRPCCall(fn) }
