package inventory

import (
	"go/ast"
	"go/types"
	"regexp"
	"strings"

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
		case isHandler(sig):
			out[fn] = topology.EntryHTTP
		case grpc[fn] != nil:
			out[fn] = topology.EntryGRPC
		case !isMain && exported(fn, sig):
			out[fn] = topology.EntryExported
		}
	}
	return out
}

// exported reports whether another package can call fn: an exported
// function, or an exported method of an exported type.
func exported(fn *types.Func, sig *types.Signature) bool {
	if !fn.Exported() {
		return false
	}
	if sig.Recv() == nil {
		return true
	}
	recv := analysisutil.RecvName(fn)
	return recv != "" && ast.IsExported(recv)
}

// isHandler reports whether sig is an HTTP handler's:
//
//	func(w http.ResponseWriter, r *http.Request)
func isHandler(sig *types.Signature) bool {
	p := sig.Params()
	if p.Len() != 2 || sig.Results().Len() != 0 {
		return false
	}
	return named(p.At(0).Type(), "net/http", "ResponseWriter") && named(p.At(1).Type(), "net/http", "Request")
}

func named(t types.Type, pkg, name string) bool {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

var registerServer = regexp.MustCompile(`^Register\w*Server$`)

// grpcMethods returns the methods of the package that serve gRPC: those
// of a value passed to a RegisterXServer function, and those of a type
// that implements a protoc-gen-go-grpc XServer interface (one with a
// mustEmbedUnimplementedXServer method), of this package or an import,
// each with the full method name it serves when the service's descriptor
// gives it (else ""):
//
//	pb.RegisterGreeterServer(s, &server{})
func (b *builder) grpcMethods() map[*types.Func]*string {
	out := map[*types.Func]*string{}
	mark := func(t types.Type, iface *types.Interface) {
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			if !m.Exported() {
				continue
			}
			if obj, _, _ := types.LookupFieldOrMethod(t, true, b.pass.Pkg, m.Name()); obj != nil {
				if fn, ok := obj.(*types.Func); ok && fn.Pkg() == b.pass.Pkg {
					name := b.grpcName(m)
					if prev := out[fn.Origin()]; prev == nil || *prev == "" {
						out[fn.Origin()] = &name
					}
				}
			}
		}
	}
	// Registrations.
	for _, f := range b.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			fn := analysisutil.Callee(b.pass.TypesInfo, call)
			if fn == nil || !registerServer.MatchString(fn.Name()) {
				return true
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() != 2 {
				return true
			}
			if iface, ok := sig.Params().At(1).Type().Underlying().(*types.Interface); ok {
				if t := b.pass.TypesInfo.TypeOf(call.Args[1]); t != nil {
					mark(t, iface)
				}
			}
			return true
		})
	}
	// Generated service interfaces.
	var ifaces []*types.Interface
	for _, pkg := range append([]*types.Package{b.pass.Pkg}, b.pass.Pkg.Imports()...) {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			if !strings.HasSuffix(name, "Server") {
				continue
			}
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			iface, ok := tn.Type().Underlying().(*types.Interface)
			if !ok {
				continue
			}
			for i := range iface.NumMethods() {
				if iface.Method(i).Name() == "mustEmbedUnimplemented"+name {
					ifaces = append(ifaces, iface)
					break
				}
			}
		}
	}
	if len(ifaces) == 0 {
		return out
	}
	scope := b.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
			continue
		}
		if n, ok := tn.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		for _, iface := range ifaces {
			if types.Implements(ptr, iface) {
				mark(ptr, iface)
			}
		}
	}
	return out
}
