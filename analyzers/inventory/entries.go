package inventory

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/topology"
)

// entries returns the package's entry points and why each is one: func
// main, HTTP handlers, gRPC service methods and exported functions.
func (b *builder) entries() map[*types.Func]string {
	grpc := b.grpcMethods()
	b.grpcServes = grpc
	out := map[*types.Func]string{}
	isMain := b.pass.Pkg.Name() == "main"
	for _, fi := range b.funcs {
		fn := fi.obj
		sig := fn.Type().(*types.Signature)
		switch {
		case isMain && sig.Recv() == nil && fn.Name() == "main":
			out[fn] = topology.EntryMain
		case analysisutil.IsHandler(sig):
			out[fn] = topology.EntryHTTP
		case grpc[fn] != nil:
			out[fn] = topology.EntryGRPC
		case !isMain && analysisutil.Exported(fn):
			out[fn] = topology.EntryExported
		}
	}
	return out
}

// grpcMethods returns the methods of the package that serve gRPC
// (analysisutil.EachGRPCMethod), each with the full method name it
// serves when the service's descriptor gives it (else "").
func (b *builder) grpcMethods() map[*types.Func]*string {
	out := map[*types.Func]*string{}
	analysisutil.EachGRPCMethod(b.pass.Pkg, b.pass.TypesInfo, b.pass.Files, func(fn, m *types.Func) {
		name := b.grpcName(m)
		if prev := out[fn]; prev == nil || *prev == "" {
			out[fn] = &name
		}
	})
	return out
}
