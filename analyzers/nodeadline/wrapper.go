package nodeadline

import (
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A service often keeps the client of another service in a field of a
// generated client interface, filled at start-up (dependency injection):
//
//	type partitionManager struct{ matchingClient matchingservice.MatchingServiceClient }
//	pm.matchingClient.ForceLoadTaskQueuePartition(context.Background(), req) // which implementation?
//
// and fills it with a wrapper of its own that bounds every call:
//
//	func (c *clientImpl) ForceLoadTaskQueuePartition(ctx context.Context, req *Req, opts ...grpc.CallOption) (*Resp, error) {
//		ctx, cancel := c.createContext(ctx) // context.WithTimeout(parent, c.timeout)
//		defer cancel()
//		return client.ForceLoadTaskQueuePartition(ctx, req, opts...)
//	}
//
// A type of the package that implements a generated client interface of
// another package (every method of the interface has the generated
// shape, as LookupOutbound reads it) bounds a unary method when the
// method's context parameter reaches no outbound call with no deadline
// added (it has no ReachFact) and every outbound call it makes, in its
// literals and in the package's functions it calls too, one at least,
// gets a context whose every way adds a deadline (kind bounded: the
// engine follows the package's helpers, such as createContext). The
// package exports the methods so bounded as a WrappedFact; a call of one
// of them through the interface is taken as bounded in every package
// that sees the fact, unless the receiver is visibly the generated stub
// (pb.NewMatchingServiceClient(conn) in sight).
//
// go/analysis hands a package only the package facts of its direct
// imports, so each package re-exports the union of its imports' facts
// with its own: a caller that imports the wrapper's package through
// others (service/worker/replicator imports client, which imports
// client/matching) sees it. Only a package that imports grpc and
// declares a type with a method of the client shape looks for wrappers.

// ifaceKey names the interface a method of an interface is declared in,
// or "" for a method of a concrete type.
func ifaceKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	n, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || !types.IsInterface(n) || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// wrapperBounds reports a call of a method of a generated client
// interface that a wrapper the package sees bounds, on a receiver that
// is not visibly the generated stub.
func (c *checker) wrapperBounds(s site, fn *types.Func) bool {
	key := ifaceKey(fn)
	if key == "" || !catalog.GRPCUnary(fn) || !c.wrapped.bounds(key, fn.Name()) {
		return false
	}
	in := c.instr(s)
	if in == nil || !in.Common().IsInvoke() {
		return false
	}
	for _, src := range c.p.SourcesIn(engine.Recv(in), nil) {
		if call, ok := src.Value.(*ssa.Call); ok && generatedStub(engine.Callee(call)) {
			return false // pb.NewHealthClient(conn): the stub itself, judged as such
		}
	}
	return true
}

// generatedStub reports the constructor of a generated stub: the
// constructor's shape, declared beside the interface it returns
// (grpc_health_v1.NewHealthClient), not a helper of the service that
// takes a channel and may return its wrapper (via.Health(conn)).
func generatedStub(fn *types.Func) bool {
	if !catalog.GRPCStubConstructor(fn) {
		return false
	}
	n, ok := types.Unalias(fn.Signature().Results().At(0).Type()).(*types.Named)
	return ok && n.Obj().Pkg() == fn.Pkg()
}

// outs is what a function of the package calls, for wrappers: whether
// each of its outbound calls is bounded (a deadline added on every way
// to it, or the catalog or the channel bounds it), and the functions of
// the package it calls, whose outbound calls are its own.
type outs struct {
	calls   map[token.Pos]bool
	helpers []*types.Func
}

func (c *checker) outsOf(fn *types.Func) *outs {
	if c.outs == nil {
		c.outs = map[*types.Func]*outs{}
	}
	if c.outs[fn] == nil {
		c.outs[fn] = &outs{calls: map[token.Pos]bool{}}
	}
	return c.outs[fn]
}

// note records an outbound call of fi, in a package that may declare
// a wrapper.
func (c *checker) note(fi *funcInfo, pos token.Pos, bounded bool) {
	if len(c.impls) > 0 {
		c.outsOf(fi.obj).calls[pos] = bounded
	}
}

// noteHelper records a call of fi of a function of the package, in a
// package that may declare a wrapper.
func (c *checker) noteHelper(fi *funcInfo, fn *types.Func) {
	if len(c.impls) == 0 {
		return
	}
	if o := c.outsOf(fi.obj); !slices.Contains(o.helpers, fn) {
		o.helpers = append(o.helpers, fn)
	}
}

// bounds reports a method of the package whose context reaches no
// outbound call with no deadline added, and every outbound call of
// which, one at least, is bounded: its own, and those of the functions
// of the package it calls (c.invoke(ctx, req) making the call).
func (c *checker) bounds(fn *types.Func) bool {
	made, ok := c.boundsSeen(fn, map[*types.Func]bool{})
	return made && ok
}

// boundsSeen reports whether fn, or a function it calls, makes an
// outbound call, and whether all such calls are bounded; a function
// already being read adds nothing.
func (c *checker) boundsSeen(fn *types.Func, seen map[*types.Func]bool) (made, ok bool) {
	if seen[fn] {
		return false, true
	}
	seen[fn] = true
	if c.sums[fn] != nil {
		return true, false
	}
	o := c.outs[fn]
	if o == nil {
		return false, true
	}
	for _, b := range o.calls {
		if !b {
			return true, false
		}
		made = true
	}
	for _, h := range o.helpers {
		m, ok := c.boundsSeen(h, seen)
		if !ok {
			return true, false
		}
		made = made || m
	}
	return made, true
}

// ownWrapped adds to w the methods of generated client interfaces of
// other packages that a type of this package implements and bounds.
func (c *checker) ownWrapped(w wrappedSet) {
	if len(c.impls) == 0 {
		return
	}
	for _, iface := range c.clientIfaces() {
		it := iface.Underlying().(*types.Interface)
		for _, n := range c.impls {
			var impl types.Type = n
			if !types.Implements(impl, it) {
				if impl = types.NewPointer(n); !types.Implements(impl, it) {
					continue
				}
			}
			// By the interface each method is declared in (an
			// embedded one's methods are its own), as callers name them.
			bounded, not := map[string][]string{}, map[string][]string{}
			for m := range it.Methods() {
				if !catalog.GRPCUnary(m) {
					continue // a stream lives as long as its owner: not bounded by a wrapper
				}
				obj, _, _ := types.LookupFieldOrMethod(impl, false, c.pass.Pkg, m.Name())
				// A method promoted from an embedded interface is the
				// interface's: no body of the package runs.
				if fn, ok := obj.(*types.Func); ok && fn.Pkg() == c.pass.Pkg && c.bounds(fn) {
					bounded[ifaceKey(m)] = append(bounded[ifaceKey(m)], m.Name())
				} else {
					not[ifaceKey(m)] = append(not[ifaceKey(m)], m.Name())
				}
			}
			for key, ms := range bounded {
				if len(not[key]) < len(ms) {
					w.merge(key, true, not[key]) // the shorter list
				} else {
					w.merge(key, false, ms)
				}
			}
		}
	}
}

// clientShapedTypes returns the named concrete types of the package
// with a method of the generated client shape, in scope order; none in
// a package that does not import grpc, whose CallOption the shape names.
func clientShapedTypes(pass *analysis.Pass) []*types.Named {
	if !analysisutil.Imports(pass.Pkg, catalog.GRPCPkg) {
		return nil
	}
	var out []*types.Named
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(n) || n.TypeParams().Len() > 0 {
			continue
		}
		for m := range n.Methods() {
			if catalog.GRPCClientShaped(m.Signature()) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// clientIfaces returns the generated client interfaces of other
// packages that the package names (a field's type, a constructor's
// result, var _ I = (*impl)(nil)), sorted by name: interfaces with a
// method, every one of which LookupOutbound reads as a gRPC stub.
func (c *checker) clientIfaces() []*types.Named {
	seen := map[string]*types.Named{}
	for _, obj := range c.pass.TypesInfo.Uses {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.Pkg() == nil || tn.Pkg() == c.pass.Pkg {
			continue
		}
		n, ok := types.Unalias(tn.Type()).(*types.Named)
		if !ok || !types.IsInterface(n) || seen[n.String()] != nil {
			continue
		}
		it := n.Underlying().(*types.Interface)
		generated := it.NumMethods() > 0
		for m := range it.Methods() {
			generated = generated && catalog.GRPCClientShaped(m.Signature()) && catalog.LookupOutbound(m) != nil
		}
		if generated {
			seen[n.String()] = n
		}
	}
	return slices.Collect(func(yield func(*types.Named) bool) {
		for _, k := range slices.Sorted(maps.Keys(seen)) {
			if !yield(seen[k]) {
				return
			}
		}
	})
}
