package inventory

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// GRPCMethodFact is exported on a method of a generated gRPC service
// interface (LedgerServer.Debit) with the full method name its service
// descriptor gives it, so that the package that implements the service
// knows what each of its methods serves.
type GRPCMethodFact struct {
	// Name is the full method name: "/ledger.v1.Ledger/Debit".
	Name string
}

func (*GRPCMethodFact) AFact() {}

func (f *GRPCMethodFact) String() string { return "grpc(" + f.Name + ")" }

// serviceMethods reads the package's gRPC service descriptors, as
// protoc-gen-go-grpc writes them:
//
//	var Ledger_ServiceDesc = grpc.ServiceDesc{
//		ServiceName: "ledger.v1.Ledger",
//		HandlerType: (*LedgerServer)(nil),
//		Methods: []grpc.MethodDesc{{MethodName: "Debit", Handler: _Ledger_Debit_Handler}},
//		Streams: []grpc.StreamDesc{{StreamName: "Watch", Handler: _Ledger_Watch_Handler, ServerStreams: true}},
//	}
//
// and returns the methods of the service interface with their full
// names, "/ledger.v1.Ledger/Debit". The interface method a descriptor
// entry stands for is the one its handler calls
// (srv.(LedgerServer).Debit(ctx, in)); the proto name may differ from
// the Go name (debit_account, DebitAccount).
func (b *builder) serviceMethods() map[*types.Func]string {
	out := map[*types.Func]string{}
	info := b.pass.TypesInfo
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := ast.Unparen(v).(*ast.CompositeLit)
					if ok && analysisutil.Named(info.TypeOf(lit), grpcPkg, "ServiceDesc") {
						b.readServiceDesc(lit, decls, out)
					}
				}
			}
		}
	}
	return out
}

func (b *builder) readServiceDesc(desc *ast.CompositeLit, decls map[*types.Func]*ast.FuncDecl, out map[*types.Func]string) {
	info := b.pass.TypesInfo
	fields := keyed(desc)
	service, ok := b.urls.constString(fields["ServiceName"])
	if !ok || fields["HandlerType"] == nil {
		return
	}
	// (*LedgerServer)(nil): a conversion to a pointer to the interface.
	var iface *types.Interface
	if t := info.TypeOf(fields["HandlerType"]); t != nil {
		if p, ok := t.(*types.Pointer); ok {
			iface, _ = p.Elem().Underlying().(*types.Interface)
		}
	}
	if iface == nil {
		return
	}
	for key, nameField := range map[string]string{"Methods": "MethodName", "Streams": "StreamName"} {
		list, ok := fields[key].(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, el := range list.Elts {
			entry, ok := el.(*ast.CompositeLit)
			if !ok {
				continue
			}
			ef := keyed(entry)
			name, ok := b.urls.constString(ef[nameField])
			if !ok {
				continue
			}
			if m := b.handlerMethod(ef["Handler"], iface, name, decls); m != nil {
				out[m] = "/" + service + "/" + name
			}
		}
	}
}

// handlerMethod is the interface method a descriptor's handler calls, or
// the one named like the entry when the handler cannot be read.
func (b *builder) handlerMethod(handler ast.Expr, iface *types.Interface, name string, decls map[*types.Func]*ast.FuncDecl) *types.Func {
	isMethod := func(fn *types.Func) bool {
		for i := range iface.NumMethods() {
			if iface.Method(i) == fn {
				return true
			}
		}
		return false
	}
	if fn, ok := analysisutil.ObjectOf(b.pass.TypesInfo, handler).(*types.Func); ok && decls[fn] != nil && decls[fn].Body != nil {
		var found *types.Func
		ast.Inspect(decls[fn].Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && found == nil {
				if m := analysisutil.AnyCallee(b.pass.TypesInfo, call); m != nil && isMethod(m) {
					found = m
				}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	for i := range iface.NumMethods() {
		if iface.Method(i).Name() == name {
			return iface.Method(i)
		}
	}
	return nil
}

// keyed returns the keyed elements of a composite literal by field name.
func keyed(lit *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				out[k.Name] = kv.Value
			}
		}
	}
	return out
}

// grpcName is the full method name an interface method of a gRPC
// service serves: from this package's descriptors, else from the fact
// of the package that declares the interface.
func (b *builder) grpcName(m *types.Func) string {
	if name, ok := b.grpcNames[m]; ok {
		return name
	}
	if m.Pkg() != nil && m.Pkg() != b.pass.Pkg {
		if f := new(GRPCMethodFact); b.pass.ImportObjectFact(m, f) {
			return f.Name
		}
	}
	return ""
}
