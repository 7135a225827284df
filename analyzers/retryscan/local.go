package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry of an operation on this machine has no herd of clients to
// spread out: unboundedbackoff does not ask it for jitter. The attempt
// is local when its attempt call or operation is a catalogued local
// operation (catalog.IsLocalOperation: os, io/fs, net.Listen, flock), or
// when every call it makes is local: a catalogued local operation, or a
// function of a package that reaches no peer by its imports, directly or
// transitively (catalog.IsPeerPackage: net, database/sql, os/exec; the
// package's PeerFact, peerfact.go, since go vet's export data does not
// list every import), and is no raw socket call. fsnotify, bbolt's file
// and an embedded store qualify with no row of their own; a client
// library, or the package's own code when it imports net, does not:
//
//	for {
//		if _, err := os.Stat(name); err == nil {
//			if err := w.Add(name); err == nil { // fsnotify: imports no net
//				return
//			}
//		}
//		time.Sleep(50 * time.Millisecond)   // local: not asked for jitter
//	}
//
// A call through an interface or a function value may reach anything,
// and keeps the attempt remote (but an error's Error, a context's Done
// or Err and a metric's update, which do no I/O: catalog.IsQuietMethod). So does a call handed one: an argument
// or receiver that holds, in its fields or elements, a function or an
// interface other than error, context.Context or an unexported interface
// of the callee's own package (json.NewEncoder(conn).Encode(v) and
// bufio's Flush write to whatever the caller gave them, a net.Conn as
// well as a file). A range over a function value calls it: remote,
// unless the function is the result of a call seen here (maps.Keys(m)).
//
// A function or method of the package itself is local when its body,
// and the bodies of the package's functions it calls in turn, make only
// local calls: a check of a map under a mutex, a counter, a parse
// (callWalk reads them in place of the call). Its arguments are not
// asked what they carry: its body is read, and a call there through a
// function value or an interface keeps it remote. A function of the
// package with no body here (assembly), or one that calls itself back,
// is remote:
//
//	for {
//		s.mu.Lock()
//		if s.unsynced.delete(w) { // a map delete: waits for another goroutine
//			break
//		}
//		s.mu.Unlock()
//		time.Sleep(time.Millisecond) // local: not asked for jitter
//	}

// Local reports whether the site's attempt stays on this machine, worked
// out on the first call: a retry of it has no herd of clients to spread
// out.
func (s *Site) Local() bool { return s.local != nil && s.local.get() }

// staysLocal reports whether a site's attempt is local: its attempt call
// or operation is a local operation, or every call of the loop (its
// condition and body, without the blocks that leave it), the operation
// literal or the named operation is.
func (s *scanner) staysLocal(site *Site) bool {
	if site.kind == KindLoop && site.attemptCall != nil && catalog.IsLocalOperation(analysisutil.Callee(s.info, site.attemptCall)) ||
		site.op != nil && catalog.IsLocalOperation(site.op) {
		return true
	}
	w := s.localWalk(site)
	switch {
	case site.kind == KindLoop:
		return w.walk(site.node) && w.calls > 0
	case site.body != nil:
		return w.walk(site.body) && w.calls > 0
	case site.op != nil:
		if fi := s.ownFunc(site.op.Origin()); fi != nil {
			return w.body(fi)
		}
		return s.localFunc(site.op)
	}
	return false
}

// localWalk reads the calls of a site's attempt, the package's
// functions all the way down, for whether they stay on this machine.
func (s *scanner) localWalk(site *Site) *callWalk {
	return &callWalk{site: site, lits: true, deep: true, visit: s.localNode, enter: func(call *ast.CallExpr) *funcInfo {
		if fn := analysisutil.Callee(s.info, call); !catalog.IsLocalOperation(fn) {
			return s.ownFunc(fn)
		}
		return nil
	}}
}

// callStaysLocal reports whether a call, read down through the
// package's functions it runs, stays on this machine.
func (s *scanner) callStaysLocal(call *ast.CallExpr) bool {
	return s.localWalk(&Site{}).walk(call)
}

// localNode reports whether a node of the attempt stays on this machine.
func (s *scanner) localNode(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		return s.localCall(n)
	case *ast.RangeStmt:
		if _, fn := s.info.TypeOf(n.X).Underlying().(*types.Signature); fn {
			_, call := ast.Unparen(n.X).(*ast.CallExpr)
			return call
		}
	}
	return true
}

// localCall reports a call, other than of one of the package's functions
// with a body, that stays on this machine.
func (s *scanner) localCall(call *ast.CallExpr) bool {
	if tv, ok := s.info.Types[call.Fun]; ok && tv.IsType() {
		return true // a conversion
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return true // called in place: its calls are read with the attempt's
	}
	switch obj := typeutil.Callee(s.info, call).(type) {
	case *types.Builtin:
		return true
	case *types.Func:
		if !s.localFunc(obj) {
			return false
		}
		if catalog.IsQuietMethod(obj) {
			return true // no I/O whatever it is handed: q.m.retries.Inc()
		}
		operands := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && s.info.Selections[sel] != nil {
			operands = append([]ast.Expr{sel.X}, operands...)
		}
		for _, e := range operands {
			if _, lit := ast.Unparen(e).(*ast.FuncLit); !lit && catalog.CarriesPeer(s.info.TypeOf(e), obj.Pkg()) {
				return false
			}
		}
		return true
	}
	return false // a function value
}

// localFunc reports a function or method whose body is not read here
// that stays on this machine: none of the package's own.
func (s *scanner) localFunc(fn *types.Func) bool {
	fn = fn.Origin()
	if catalog.IsLocalOperation(fn) || catalog.IsQuietMethod(fn) {
		return true
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return false
	}
	return fn.Pkg() != s.pass.Pkg && s.noPeer(fn)
}

// noPeer reports a function of another package that reaches no peer
// and is no raw socket call.
func (s *scanner) noPeer(fn *types.Func) bool {
	return fn.Pkg() != nil && !catalog.IsSocketCall(fn) && !s.reachesPeer(fn.Pkg())
}
