package retryscan

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A probe is a function of the package that only reads or updates this
// process's memory: it returns no error, and it calls nothing that may
// reach a peer. A loop whose only test is a probe waits for a state that
// another goroutine sets, with no dependency to retry and no herd of
// clients to spread out, and a probe beside an attempt is the loop's stop
// signal (if p.closed() { return }):
//
//	func (w *worker) shutDown() bool {
//		w.mu.Lock()                  // sync: reaches no peer
//		defer w.mu.Unlock()
//		return len(w.ranges) == 0 && w.listed >= w.batch
//	}
//	for !w.shutDown() { ... time.After(idle) ... } // waits for the other workers
//
// A probe calls builtins, other probes of the package (depth levels
// down), and functions of packages that reach no peer
// (peerfact.go: sync, sync/atomic, strings, a data-structure
// package) handed nothing that does. It may call an interface method on
// a value made only by such packages: an unexported field whose every
// write is visible and holds a tree from a no-peer package's constructor
// keeps etcd's watcher groups in memory:
//
//	type watcherGroup struct{ ranges adt.IntervalTree } // adt imports no net
//	func newWatcherGroup() watcherGroup { return watcherGroup{ranges: adt.NewIntervalTree()} }
//	func (wg *watcherGroup) delete(wa *watcher) bool {
//		... iv := wg.ranges.Find(adt.NewStringAffineInterval(k, end)) ...
//	}
//	for { s.mu.Lock(); if s.unsynced.delete(wa) { break }; s.mu.Unlock(); time.Sleep(time.Millisecond) }
//
// An interface method on a value from anywhere else (a parameter, an
// exported field, a package variable, a function value) may be a client,
// and so may a function value or a package that reaches a peer: none of
// them is a probe, and a loop that tests them is a retry.

// probe reports whether fn is a probe, its package's functions read
// depth levels down.
func (s *scanner) probe(fn *ssa.Function, depth int) bool {
	if fn == nil || len(fn.Blocks) == 0 || depth == 0 || fn.Synthetic != "" || returnsError(fn.Signature) {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Go, *ssa.Send, *ssa.Select:
				return false
			case ssa.CallInstruction: // a call, a deferred call (defer mu.Unlock())
				if !s.probeCall(fn, in.Common(), depth) {
					return false
				}
			case *ssa.UnOp:
				if in.Op == token.ARROW {
					return false
				}
			}
		}
	}
	return true
}

// probeCall reports whether a call of a probe's body stays in this
// process.
func (s *scanner) probeCall(fn *ssa.Function, c *ssa.CallCommon, depth int) bool {
	if c.IsInvoke() {
		if catalog.IsQuietMethod(c.Method) {
			return true // err.Error(), ctx.Err()
		}
		return s.inProcess(c.Value, nil, probeSources) && s.argsInProcess(c.Args, c.Method.Pkg())
	}
	callee := c.StaticCallee()
	switch {
	case callee != nil && quietFunc(callee):
		return true // vec.WithLabelValues("shard")
	case callee == nil:
		_, builtin := c.Value.(*ssa.Builtin)
		return builtin
	case callee.Pkg == fn.Pkg:
		return s.probe(callee, depth-1)
	}
	return s.noPeerFunc(callee) && s.argsInProcess(c.Args, callee.Object().Pkg())
}

// noPeerFunc reports a function of another package that reaches no peer
// (local.go).
func (s *scanner) noPeerFunc(callee *ssa.Function) bool {
	obj, ok := callee.Object().(*types.Func)
	return ok && s.noPeer(obj)
}

// probeSources is how many calls deep inProcess reads where a value
// comes from.
const probeSources = 2

// argsInProcess reports whether every argument handed to a function of
// package home stays in this process.
func (s *scanner) argsInProcess(args []ssa.Value, home *types.Package) bool {
	for _, a := range args {
		if !s.inProcess(a, home, probeSources) {
			return false
		}
	}
	return true
}

// inProcess reports whether a value handed to a function of package home
// (nil: the receiver of an interface method) cannot reach a peer: its
// type holds no function and no interface that may (catalog.CarriesPeer),
// or everything it is made of (engine Sources, through the fields whose
// every write is visible) is a constant or the result of a function of a
// package that reaches no peer, handed values that cannot either.
func (s *scanner) inProcess(v ssa.Value, home *types.Package, depth int) bool {
	if home != nil && !catalog.CarriesPeer(v.Type(), home) {
		return true
	}
	if depth == 0 {
		return false
	}
	srcs := s.eng.Sources(v)
	for _, src := range srcs {
		switch src := src.(type) {
		case *ssa.Const:
		case *ssa.Call:
			callee := src.Call.StaticCallee()
			if callee == nil || !s.noPeerFunc(callee) {
				return false
			}
			for _, a := range src.Call.Args {
				if !s.inProcess(a, callee.Object().Pkg(), depth-1) {
					return false
				}
			}
		default:
			return false
		}
	}
	return len(srcs) > 0
}

// quietFunc reports a function that does no I/O whatever it is handed
// (catalog.IsQuietMethod): a metric vector's WithLabelValues.
func quietFunc(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && catalog.IsQuietMethod(obj)
}
