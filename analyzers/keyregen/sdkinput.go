package keyregen

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/catalog"
)

// sdkToken reports whether field f of the struct owner is the
// deduplication token of an SDK operation's input, for SDKs the catalog
// has no row for. The field's name is one SDKs give to the token
// (catalog.IsSDKTokenName: ClientToken, RequestId, ...RetryToken) and its
// type string or *string; the struct's name is an operation's input
// (...Request, ...Input); it is declared outside this module and the
// standard library; and its package has an exported function, method or
// interface method that takes it as a parameter, so that the struct is
// what a call of the SDK sends. A user's own CreateOrderRequest fails
// the third test, a response's RequestId the fourth:
//
//	_, err := svc.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{
//		RequestId: uuid.NewString(), // key
//	})
func (r *runner) sdkToken(f *types.Var, owner *types.TypeName) bool {
	if owner == nil || !catalog.IsSDKTokenName(f.Name()) || !isStringOrPtr(f.Type()) || !catalog.IsSDKRequestTypeName(owner.Name()) {
		return false
	}
	pkg := owner.Pkg()
	if pkg == nil || pkg == r.pass.Pkg || !strings.Contains(firstElem(pkg.Path()), ".") || r.inModule(pkg.Path()) {
		return false
	}
	return r.inputsOf(pkg)[owner]
}

// isStringOrPtr reports whether t is a string or a pointer to one
// (aws.String(id), tea.String(id)).
func isStringOrPtr(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func firstElem(path string) string {
	if i := strings.IndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return path
}

// inModule reports whether a package path is in the module being
// analyzed (the driver may not say which: then only the package itself
// is excluded).
func (r *runner) inModule(path string) bool {
	if r.pass.Module == nil || r.pass.Module.Path == "" {
		return false
	}
	m := r.pass.Module.Path
	return path == m || strings.HasPrefix(path, m+"/")
}

// inputsOf returns the request types of pkg that an exported function,
// method or interface method of pkg takes as a parameter, computed once
// per package per pass.
func (r *runner) inputsOf(pkg *types.Package) map[*types.TypeName]bool {
	if in, ok := r.inputs[pkg]; ok {
		return in
	}
	in := map[*types.TypeName]bool{}
	addSig := func(sig *types.Signature) {
		for p := range sig.Params().Variables() {
			if n := namedOf(p.Type()); n != nil && n.Pkg() == pkg && catalog.IsSDKRequestTypeName(n.Name()) {
				in[n] = true
			}
		}
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() {
				addSig(obj.Signature())
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok || !obj.Exported() {
				continue
			}
			for m := range named.Methods() {
				if m.Exported() {
					addSig(m.Signature())
				}
			}
			if iface, ok := named.Underlying().(*types.Interface); ok {
				for m := range iface.Methods() {
					if m.Exported() {
						addSig(m.Signature())
					}
				}
			}
		}
	}
	if r.inputs == nil {
		r.inputs = map[*types.Package]map[*types.TypeName]bool{}
	}
	r.inputs[pkg] = in
	return in
}
