package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A unary interceptor written by hand retries every call of its channel
// when a retry site of its body runs the invoker it is handed:
//
//	func retryUnavailable(ctx context.Context, method string, req, reply any,
//		cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
//		var err error
//		for i := 0; i < 4; i++ {
//			if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
//				return err
//			}
//			time.Sleep(100 * time.Millisecond)
//		}
//		return err
//	}
//
//	conn, err := grpc.NewClient(target, grpc.WithUnaryInterceptor(retryUnavailable))
//
// That is the interceptor being a retry wrapper of its invoker parameter
// (findWrappers: a declared function, or a literal a helper returns), or,
// for a function of another package, its WrapperFact. Its count is the
// wrapper's: a count the code does not show (a literal's free variable,
// an option of the caller) leaves the call uncounted, as a retry
// interceptor's WithMax that is not a constant does. An interceptor that
// calls the invoker once (logs, adds metadata, retries fetching a token
// before the call) adds no attempts; neither does one out of sight (a
// method value, a constructor of another package, whose closure carries
// no fact).

// handmade is what the interceptors of one channel that are functions
// do with a call.
type handmade struct {
	attempts int
	// names of the interceptors that retry, for messages; facts their
	// wrapper facts; funcs the ones of this package (a *ast.FuncDecl or
	// *ast.FuncLit), whose retry site is read for the attempt's timeout.
	names []string
	facts []*WrapperFact
	funcs []ast.Node
}

// interceptorWrapper returns the wrapper fact of an interceptor, with
// its syntax when it is of this package. Reading one of this package
// for a call site makes call unsettled: its wrappers are found round by
// round. call is nil once they are all found (a dial's chain, read
// after the scan).
func (s *scanner) interceptorWrapper(call ast.Node, fn *ssa.Function) (*WrapperFact, ast.Node) {
	if fn.Pkg != nil && fn.Pkg.Pkg == s.pass.Pkg {
		if call != nil {
			s.unsettled[call] = true
		}
		switch syn := fn.Syntax().(type) {
		case *ast.FuncLit:
			return s.litWrappers[syn], syn
		case *ast.FuncDecl:
			if obj, ok := fn.Object().(*types.Func); ok {
				return s.wrappers[obj], syn
			}
		}
		return nil, nil
	}
	if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
		return s.wrapperOf(obj), nil
	}
	return nil, nil
}

// interceptorName names an interceptor for messages: its function's
// name, or the function whose literal it is.
func interceptorName(fn *ssa.Function, pkg *types.Package) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return analysisutil.FuncName(obj, pkg)
	}
	return fn.Name()
}

// mayIntercept reports whether the package may install an interceptor
// that retries: it declares a function with a grpc.UnaryInvoker
// parameter, or names a function of another package that runs its
// invoker in a retry (a WrapperFact).
func (s *scanner) mayIntercept() bool {
	for _, f := range s.pass.Files {
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil {
				for _, p := range ft.Params.List {
					found = found || catalog.GRPCInvoker(s.info.TypeOf(p.Type))
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	for _, obj := range s.info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == s.pass.Pkg {
			continue
		}
		if sig := fn.Type().(*types.Signature); sig.Params().Len() > 5 && catalog.GRPCInvoker(sig.Params().At(5).Type()) && s.wrapperOf(fn) != nil {
			return true
		}
	}
	return false
}

// interceptorTimeout fills what bounds one attempt of a call that the
// interceptors of this package h retry: what bounds their sites'
// attempts, when there is one such interceptor and no other retry;
// unknown otherwise.
func (s *scanner) interceptorTimeout(h *handmade, w *WorstCase) {
	w.Timeout = TimeoutUnknown
	if len(h.funcs) != 1 || len(h.names) != 1 {
		return
	}
	for _, site := range s.sites {
		if site.fn != h.funcs[0] {
			continue
		}
		if sig := s.sigOf(site.fn); sig != nil {
			if p := s.runsParam(site, sig); p >= 0 && catalog.GRPCInvoker(sig.Params().At(p).Type()) {
				w.Timeout = TimeoutNone // as for the site itself
				s.attemptTimeout(site, w)
				return
			}
		}
	}
}

// sigOf returns the signature of a function declaration or literal.
func (s *scanner) sigOf(fn ast.Node) *types.Signature {
	var t types.Type
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj := s.info.Defs[fn.Name]; obj != nil {
			t = obj.Type()
		}
	case *ast.FuncLit:
		t = s.info.TypeOf(fn)
	}
	sig, _ := t.(*types.Signature)
	return sig
}
