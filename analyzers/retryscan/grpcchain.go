package retryscan

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A channel's unary interceptors run one inside the other, the first
// outermost (engine.GRPCChannel.Chains). Two retry interceptors on one
// chain multiply: each attempt of the outer one is a whole call of the
// inner one, so WithMax(5) twice makes up to 25 calls of each RPC
// (celestia-node#5164: the interceptor installed as the primary one and
// again in an auth chain):
//
//	r := retry.UnaryClientInterceptor(retry.WithMax(5))
//	conn, err := grpc.NewClient(addr,
//		grpc.WithUnaryInterceptor(r),
//		grpc.WithChainUnaryInterceptor(authInterceptor(token), r))
//
// The outer retry interceptor keeps the call's retry options to itself
// (catalog.GRPCRetryInterceptor), so a call's retry.Disable() leaves the
// inner one's 5; go-grpc-middleware v1's and v2's options are of two
// types, and each version's outermost interceptor reads its own. An interceptor written by hand that retries its invoker
// (grpcintercept.go) is a layer too. Each way through the dial's
// options is a chain of its own: a retry interceptor appended in one
// branch of an if and another in the else never meet. A second
// WithUnaryInterceptor replaces the first: one layer.

// retryLayer is an interceptor of a chain that retries what it
// intercepts: go-grpc-middleware's (backoff: its WithBackoff that
// applies, or nil) or one written by hand (fact; fn its syntax when it
// is of this package).
type retryLayer struct {
	ic       engine.GRPCInterceptor
	name     string
	pkg      string
	attempts int
	backoff  *ssa.Call
	fact     *WrapperFact
	fn       ast.Node
}

// chainLayers returns the interceptors of chain that retry a call made
// with options own on channel ch, outermost first; known is false when
// one retries a number of times the code does not show. A call site
// reads the package's handmade interceptors round by round (at); a dial
// reads them once all are found (at nil, own nil: the channel's
// defaults alone).
func (s *scanner) chainLayers(at ast.Node, ch engine.GRPCChannel, chain []engine.GRPCInterceptor, own []engine.Source) (layers []retryLayer, known bool) {
	// The call's options reach the outermost retry interceptor of each
	// package only: it takes its own out of them.
	var taken []string
	for _, ic := range chain {
		switch {
		case ic.Row != nil && ic.Row.Role == catalog.GRPCRetryInterceptor:
			opts, _ := s.eng.Elems(engine.Arg(ic.Made, ic.Row.Arg), ic.Value.In)
			if !slices.Contains(taken, ic.Row.Pkg) {
				opts = append(append(opts, ch.CallOptions...), own...)
				taken = append(taken, ic.Row.Pkg)
			}
			n, known, b := s.eng.GRPCRetry(ic.Row.Pkg, opts)
			if !known {
				return nil, false
			}
			if n > 1 {
				made := engine.Callee(ic.Made)
				layers = append(layers, retryLayer{ic: ic, name: analysisutil.FuncName(made, s.pass.Pkg), pkg: analysisutil.PkgPath(made), attempts: int(n), backoff: b})
			}
		case ic.Func != nil:
			fn := ic.Func
			w, node := s.interceptorWrapper(at, fn)
			if w == nil || w.Param >= fn.Signature.Params().Len() || !catalog.GRPCInvoker(fn.Signature.Params().At(w.Param).Type()) {
				continue // calls the method once, as far as the code shows
			}
			if w.Attempts <= 0 || w.CountParam > 0 {
				return nil, false
			}
			var pkg string
			if fn.Pkg != nil {
				pkg = fn.Pkg.Pkg.Path()
			}
			layers = append(layers, retryLayer{ic: ic, name: interceptorName(fn, s.pass.Pkg), pkg: pkg, attempts: int(w.Attempts), fact: w, fn: node})
		}
	}
	return layers, true
}

// layersProduct returns the attempts the layers make of one call.
func layersProduct(layers []retryLayer) int {
	n := 1
	for _, l := range layers {
		n *= l.attempts
	}
	return n
}

// InterceptorStack is a gRPC channel the package dials whose unary
// calls go through more than one retry interceptor.
type InterceptorStack struct {
	// Dial is the grpc.NewClient, Dial or DialContext call.
	Dial *ast.CallExpr
	// Layers are the retry interceptors, outermost first, of the chain
	// of the dial's options that retries the most.
	Layers []InterceptorLayer
}

// InterceptorLayer is one retry interceptor of a stack.
type InterceptorLayer struct {
	// Name is the interceptor's constructor (retry.UnaryClientInterceptor)
	// or function, and Pkg the import path of its package.
	Name, Pkg string
	// Attempts it makes of each call it intercepts, with its own options
	// and the channel's default call options (a call's own reach only
	// the outermost go-grpc-middleware one).
	Attempts int
	// Pos is where it is installed: its argument of
	// grpc.WithUnaryInterceptor or WithChainUnaryInterceptor.
	Pos token.Pos
}

// Attempts returns the attempts the stack makes of one call: the
// product of its layers'.
func (st InterceptorStack) Attempts() int {
	n := 1
	for _, l := range st.Layers {
		n *= l.Attempts
	}
	return n
}

// InterceptorStacks returns the package's channels that chain more than
// one retry interceptor, in source order of their dials. A dial whose
// options come from a parameter or another package, and a layer whose
// count is not a constant, are not read: such a channel is not listed.
func (r *Result) InterceptorStacks() []InterceptorStack {
	if r.stacks == nil {
		return nil
	}
	return r.stacks.get()
}

// interceptorStacks works out InterceptorStacks; it builds SSA only in a
// package whose channels may retry (grpcMayRetry) and that installs two
// interceptors or more.
func (s *scanner) interceptorStacks() []InterceptorStack {
	dials := s.stackCandidates()
	var out []InterceptorStack
	for _, call := range dials {
		fn := s.enclosingFunc(call)
		if fn == nil {
			continue
		}
		in, ok := s.eng.Call(s.eng.Func(fn), call).(*ssa.Call)
		if !ok {
			continue
		}
		ch, ok := s.eng.GRPCDial(in)
		if !ok || ch.ChainsUnknown {
			continue
		}
		var best []retryLayer
		for _, chain := range ch.Chains {
			layers, known := s.chainLayers(nil, ch, chain, nil)
			if known && len(layers) > 1 && layersProduct(layers) > layersProduct(best) {
				best = layers
			}
		}
		if best == nil {
			continue
		}
		st := InterceptorStack{Dial: call}
		for _, l := range best {
			st.Layers = append(st.Layers, InterceptorLayer{Name: l.name, Pkg: l.pkg, Attempts: l.attempts, Pos: s.installPos(l.ic, call)})
		}
		out = append(out, st)
	}
	return out
}

// stackCandidates returns the package's dials when its channels may
// retry and its files install two unary interceptors or more (a list
// spread with ... counts as two), by syntax alone. A dial outside a
// function (a package variable's initializer) is not read.
func (s *scanner) stackCandidates() []*ast.CallExpr {
	if !analysisutil.Imports(s.pass.Pkg, grpcPkg) || !s.grpcMayRetry() {
		return nil
	}
	var dials []*ast.CallExpr
	installed := 0
	for _, f := range s.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch o := catalog.LookupGRPCOption(s.calleeOf(call)); {
			case o == nil:
			case o.Role == catalog.GRPCDialer:
				dials = append(dials, call)
			case o.Role == catalog.GRPCInterceptor || o.Role == catalog.GRPCInterceptors || o.Role == catalog.GRPCChainInterceptor:
				// A chain of go-grpc-middleware v1 counts again where it is
				// installed: more candidates, never fewer.
				installed += len(call.Args) - o.Arg
				if call.Ellipsis.IsValid() {
					installed++
				}
			}
			return true
		})
	}
	if installed < 2 {
		return nil
	}
	return dials
}

// installPos returns where an interceptor is installed: its argument of
// the option call, or the option call (an element of a list spread with
// ...), or the dial when the option has no syntax.
func (s *scanner) installPos(ic engine.GRPCInterceptor, dial *ast.CallExpr) token.Pos {
	call, ok := s.eng.SyntaxOf(ic.Install).(*ast.CallExpr)
	switch {
	case !ok:
		return dial.Pos()
	case !call.Ellipsis.IsValid() && ic.Arg < len(call.Args):
		return call.Args[ic.Arg].Pos()
	}
	return call.Pos()
}
