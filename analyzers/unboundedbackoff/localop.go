package unboundedbackoff

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry of an operation on this machine has no herd of clients to
// spread out, so it is not asked for jitter. The operation is local when
// every call its attempt makes is: a catalogued local operation
// (catalog.IsLocalOperation: os, io/fs, net.Listen, flock), or a function
// of a package that reaches no peer by its imports, directly or
// transitively (catalog.IsPeerPackage: net, database/sql, os/exec; the
// recognizer's ReachesPeer, from a package fact, since go vet's export
// data does not list every import), and is no raw socket call. fsnotify, bbolt's file and an embedded store
// qualify with no row of their own; a client library, or the package's
// own code when it imports net, does not:
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
// and keeps the attempt remote (but an error's Error and a context's
// Done or Err, which do no I/O). So does a call handed one: an argument
// or receiver that holds, in its fields or elements, a function or an
// interface other than error, context.Context or an unexported interface
// of the callee's own package (json.NewEncoder(conn).Encode(v) and
// bufio's Flush write to whatever the caller gave them, a net.Conn as
// well as a file).
//
// A function or method of the package itself is local when its body,
// and the bodies of the package's functions it calls in turn, make only
// local calls: a check of a map under a mutex, a counter, a parse. Its
// arguments are not asked what they carry: its body is read, and a call
// there through a function value or an interface keeps it remote. A
// function of the package with no body here (assembly), or one that
// calls itself back, is remote:
//
//	for {
//		s.mu.Lock()
//		if s.unsynced.delete(w) { // a map delete: waits for another goroutine
//			break
//		}
//		s.mu.Unlock()
//		time.Sleep(time.Millisecond) // local: not asked for jitter
//	}

// localAttempt reports whether every call of the site's attempt is local:
// the loop (its condition and body, without the blocks that leave it),
// the operation literal, or the named operation.
func (c *checker) localAttempt(site *retryscan.Site) bool {
	var root ast.Node
	switch {
	case site.Kind == retryscan.KindLoop:
		root = site.Node
	case site.Body != nil:
		root = site.Body
	case site.Op != nil:
		return c.localFunc(site.Op)
	default:
		return false
	}
	local, calls := c.localCalls(root, func(n ast.Node) bool {
		return site.Kind == retryscan.KindLoop && site.Body != nil &&
			site.Body.Pos() <= n.Pos() && n.End() <= site.Body.End() && n != site.Body && !site.Contains(n.Pos()) // a block that leaves the loop runs once
	})
	return local && calls > 0
}

// localCalls reports whether every call under root, but under the nodes
// skip leaves out, is local, and how many calls it saw. A range over a
// function value calls it: remote, unless the function is the result of
// a call seen here (maps.Keys(m)).
func (c *checker) localCalls(root ast.Node, skip func(ast.Node) bool) (local bool, calls int) {
	local = true
	ast.Inspect(root, func(n ast.Node) bool {
		if !local || n == nil {
			return false
		}
		if skip != nil && skip(n) {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			calls++
			local = c.localCall(n)
		case *ast.RangeStmt:
			if _, fn := c.pass.TypesInfo.TypeOf(n.X).Underlying().(*types.Signature); fn {
				_, call := ast.Unparen(n.X).(*ast.CallExpr)
				local = call
			}
		}
		return true
	})
	return local, calls
}

// localCall reports a call that stays on this machine.
func (c *checker) localCall(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return true // a conversion
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return true // called in place: its calls are inspected with the attempt's
	}
	switch obj := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return true
	case *types.Func:
		if !c.localFunc(obj) {
			return false
		}
		if obj.Pkg() == c.pass.Pkg {
			return true // its body was read: what its arguments carry is called there or not at all
		}
		operands := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
			operands = append([]ast.Expr{sel.X}, operands...)
		}
		for _, e := range operands {
			if _, lit := ast.Unparen(e).(*ast.FuncLit); !lit && catalog.CarriesPeer(info.TypeOf(e), obj.Pkg()) {
				return false
			}
		}
		return true
	}
	return false // a function value
}

// localFunc reports a function or method that stays on this machine.
func (c *checker) localFunc(fn *types.Func) bool {
	fn = fn.Origin()
	if catalog.IsLocalOperation(fn) {
		return true
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return catalog.IsQuietMethod(fn)
	}
	if fn.Pkg() == c.pass.Pkg {
		return c.localOwn(fn)
	}
	if fn.Pkg() == nil || catalog.IsSocketCall(fn) {
		return false
	}
	return !c.r.ReachesPeer(fn.Pkg())
}

// localOwn reports a function of the package whose body makes only local
// calls, its own functions' bodies read in turn. A function being read
// counts as remote while it is: a recursion is not followed.
func (c *checker) localOwn(fn *types.Func) bool {
	if v, ok := c.own[fn]; ok {
		return v
	}
	c.own[fn] = false
	decl := c.decls()[fn]
	v := false
	if decl != nil && decl.Body != nil {
		v, _ = c.localCalls(decl.Body, nil)
	}
	c.own[fn] = v
	return v
}

// decls maps the package's functions and methods to their declarations,
// built on first use.
func (c *checker) decls() map[*types.Func]*ast.FuncDecl {
	if c.declOf == nil {
		c.declOf = map[*types.Func]*ast.FuncDecl{}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.declOf[fn] = fd
					}
				}
			}
		}
	}
	return c.declOf
}
