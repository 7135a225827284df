package retryscan

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A service keeps its SDK client behind an interface of its own, the
// seam its tests put a fake in, and calls the operation through it:
//
//	type sqsAPI interface {
//		SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
//	}
//	for i := 0; i < 3; i++ {
//		if _, err = p.client.SendMessage(ctx, in); err == nil { // *sqs.Client retries inside
//
// The operation is the SDK's: the package that declares the input type
// declares the client that serves it, and its client type is what the
// interface is made for. The call is the SDK operation's site, with a
// client built out of sight (its attempts unknown), when every type in
// sight that implements the interface is such a client: the SDK
// package's, and none of the calling package's own (a decorator or a
// fake there may be what the field holds). Implementations in packages
// the caller does not import are not seen.

// seamOperation returns the catalogued SDK operation an interface method
// stands for, or nil.
func (s *scanner) seamOperation(m *types.Func) *types.Func {
	sig := m.Signature()
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	sdk := inputPackage(sig)
	if sdk == nil || sdk == s.pass.Pkg || s.implementedIn(s.pass.Pkg, iface) != nil {
		return nil
	}
	impl := s.implementedIn(sdk, iface)
	if impl == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(impl, true, sdk, m.Name())
	op, ok := obj.(*types.Func)
	if !ok || catalog.LookupAWSOperation(op) == nil {
		return nil
	}
	return op
}

// inputPackage returns the package of the operation's input, the first
// parameter that points to a named struct of a package of the catalog's
// SDKs (*sqs.SendMessageInput), or nil.
func inputPackage(sig *types.Signature) *types.Package {
	for p := range sig.Params().Variables() {
		ptr, ok := types.Unalias(p.Type()).(*types.Pointer)
		if !ok {
			continue
		}
		n, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if ok && n.Obj().Pkg() != nil && catalog.IsAWSServicePackage(n.Obj().Pkg().Path()) {
			return n.Obj().Pkg()
		}
	}
	return nil
}

// implementedIn returns a pointer to the first concrete named type of
// pkg that implements iface, or nil.
func (s *scanner) implementedIn(pkg *types.Package, iface *types.Interface) types.Type {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue
		}
		if ptr := types.NewPointer(tn.Type()); types.Implements(ptr, iface) {
			return ptr
		}
	}
	return nil
}

// isSeam reports an interface with a method that takes an SDK's input:
// a value of it whose making is not seen holds a client whose
// configuration is not seen either (s3iface.S3API in an exported field).
func isSeam(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range iface.Methods() {
		if inputPackage(m.Signature()) != nil {
			return true
		}
	}
	return false
}
