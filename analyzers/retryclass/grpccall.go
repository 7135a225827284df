package retryclass

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// The gRPC call of an attempt is often not written in the loop itself:
//
//	func (c *client) get(ctx context.Context, id string) error {
//		_, err := c.orders.Get(ctx, &pb.GetRequest{Id: id})
//		return err
//	}
//
//	for i := 0; i < 5; i++ {
//		if err := c.get(ctx, id); err == nil { // the gRPC call, one call down
//			return nil
//		}
//		time.Sleep(time.Second)
//	}
//
// A function of the package every error of which is a gRPC call's error
// (returned as it is, two calls deep) fails with the call's code, and is
// read as the call. So is a stream's Recv: a stream that failed returns
// the same error from every later Recv, so a loop that retries Recv on
// it retries a code that cannot change.

// isGRPC reports a gRPC call: ClientConn.Invoke, a method of a generated
// client stub, a stream's Recv, a helper of the package that returns
// one's error, or the call an interceptor makes of its grpc.UnaryInvoker
// (engine.GRPCInvokerCall), which has no callee to name:
//
//	for i := 0; i < 4; i++ {
//		if err = invoker(ctx, method, req, reply, cc, opts...); err == nil {
func isGRPC(call ssa.CallInstruction) bool {
	return grpcOf(call) != nil || engine.GRPCInvokerCall(call)
}

// grpcOf returns the gRPC method a call makes, itself or through a
// helper of its package, or nil.
func grpcOf(call ssa.CallInstruction) *types.Func {
	fn := engine.Callee(call)
	if retryscan.IsGRPCCall(fn) || streamRecv(fn) {
		return fn
	}
	return grpcThrough(call.Common().StaticCallee(), call.Parent().Pkg, 2)
}

// grpcThrough returns the gRPC method whose error every non-nil error
// return of fn (a function of pkg) is, or nil.
func grpcThrough(fn *ssa.Function, pkg *ssa.Package, depth int) *types.Func {
	if fn == nil || pkg == nil || fn.Pkg != pkg || depth == 0 || fn.Synthetic != "" || len(fn.Blocks) == 0 {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !analysisutil.IsErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	var found *types.Func
	seen := map[ssa.Value]bool{}
	var from func(v ssa.Value) bool
	from = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.MakeInterface:
			return from(x.X)
		case *ssa.ChangeInterface:
			return from(x.X)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !from(e) {
					return false
				}
			}
			return true
		case *ssa.Extract:
			return from(x.Tuple)
		case *ssa.Call:
			g := engine.Callee(x)
			if !retryscan.IsGRPCCall(g) && !streamRecv(g) {
				g = grpcThrough(x.Call.StaticCallee(), pkg, depth-1)
			}
			if g == nil {
				return false
			}
			found = g
			return true
		}
		return false
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			if !from(ret.Results[len(ret.Results)-1]) {
				return nil
			}
		}
	}
	return found
}

// streamRecv reports the Recv or RecvMsg method of a gRPC client stream:
// a type with the methods of grpc.ClientStream (generated streams embed
// it, grpc.ServerStreamingClient[T] too).
func streamRecv(fn *types.Func) bool {
	if fn == nil || (fn.Name() != "Recv" && fn.Name() != "RecvMsg") {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	for _, m := range []string{"CloseSend", "RecvMsg", "SendMsg", "Trailer"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), m); obj == nil {
			return false
		}
	}
	return true
}
