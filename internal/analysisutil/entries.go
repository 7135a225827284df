package analysisutil

import (
	"go/ast"
	"go/types"
	"regexp"
	"strings"
)

// Where a request comes into a package: the shapes both the inventory's
// entry points and the recognizer's "per request or per run" read.

// Exported reports whether another package can call fn: an exported
// function, or an exported method of an exported type.
func Exported(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	if fn.Type().(*types.Signature).Recv() == nil {
		return true
	}
	recv := RecvName(fn)
	return recv != "" && ast.IsExported(recv)
}

// IsHandler reports whether sig is an HTTP handler's:
//
//	func(w http.ResponseWriter, r *http.Request)
func IsHandler(sig *types.Signature) bool {
	p := sig.Params()
	if p.Len() != 2 || sig.Results().Len() != 0 {
		return false
	}
	return Named(p.At(0).Type(), "net/http", "ResponseWriter") && Named(p.At(1).Type(), "net/http", "Request")
}

// Named reports whether t, or what it points to, is the named type
// pkg.name (time.Time, *http.Response).
func Named(t types.Type, pkg, name string) bool {
	n := NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// NamedOf returns the named type t is, or points to, or nil.
func NamedOf(t types.Type) *types.Named {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

var registerServer = regexp.MustCompile(`^Register\w*Server$`)

// EachGRPCMethod calls visit for every method of pkg that serves gRPC,
// with the service interface's method it implements: the methods of a
// value passed to a RegisterXServer function, and those of a type that
// implements a protoc-gen-go-grpc XServer interface (one with a
// mustEmbedUnimplementedXServer method) of pkg or an import:
//
//	pb.RegisterGreeterServer(s, &server{})
func EachGRPCMethod(pkg *types.Package, info *types.Info, files []*ast.File, visit func(method, served *types.Func)) {
	mark := func(t types.Type, iface *types.Interface) {
		for i := range iface.NumMethods() {
			m := iface.Method(i)
			if !m.Exported() {
				continue
			}
			if obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, m.Name()); obj != nil {
				if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pkg {
					visit(fn.Origin(), m)
				}
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			fn := Callee(info, call)
			if fn == nil || !registerServer.MatchString(fn.Name()) {
				return true
			}
			sig := fn.Type().(*types.Signature)
			if sig.Params().Len() != 2 {
				return true
			}
			if iface, ok := sig.Params().At(1).Type().Underlying().(*types.Interface); ok {
				if t := info.TypeOf(call.Args[1]); t != nil {
					mark(t, iface)
				}
			}
			return true
		})
	}
	ifaces := serverInterfaces(append([]*types.Package{pkg}, pkg.Imports()...))
	if len(ifaces) == 0 {
		return
	}
	scope := pkg.Scope()
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
}

// serverInterfaces returns the protoc-gen-go-grpc service interfaces
// (XServer with a mustEmbedUnimplementedXServer method) of pkgs.
func serverInterfaces(pkgs []*types.Package) []*types.Interface {
	var out []*types.Interface
	for _, pkg := range pkgs {
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
					out = append(out, iface)
					break
				}
			}
		}
	}
	return out
}
