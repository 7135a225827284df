package nodeadline

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A stream that lives as long as the program: in package main, a
// function that only main runs, directly or through other such
// functions, is part of the command the user started, like main itself.
// A stream it opens is meant to print updates until Ctrl-C:
//
//	func (c *client) clusters() cds.ClusterDiscoveryService_StreamClustersClient {
//		s, err := cds.NewClusterDiscoveryServiceClient(c.conn).StreamClusters(context.Background()) // not reported
//		...
//	}
//
//	func main() {
//		switch kingpin.MustParse(app.Parse(os.Args[1:])) {
//		case cliCDS.FullCommand():
//			watch(client.clusters())
//
// A function runs only for main when every reference to it is a call
// (not a go statement) made by main, by another such function, or by the
// body of a command-line subcommand: a function literal or a function
// given as a cobra.Command's Run/RunE (and their Pre and Post hooks) or
// to kingpin's Action. A function that a goroutine, a handler, a server
// callback or any other function value reaches, or that is called from a
// function of another kind, is not: its streams stay reported. Only
// streams are exempt this way; a call that can hang in a command's
// helper is still reported, since a command's main loop may run for days.

// mainOnly reports whether fi runs only for main (see above).
func (c *checker) mainOnly(fi *funcInfo) bool {
	if c.pass.Pkg.Name() != "main" {
		return false
	}
	if c.mainFuncs == nil {
		c.mainFuncs = c.computeMainOnly()
	}
	return c.mainFuncs[fi.obj]
}

// ref is a reference to a function of the package: where it is, and
// whether it runs the function as main's own.
type ref struct {
	from *types.Func // the declared function it is in; nil in a command's body
	ok   bool        // a plain call, or a value given as a command's body
}

// computeMainOnly is a greatest fixpoint: every function with
// references starts in, and leaves when one of its references is not
// main's own or is in a function that left.
func (c *checker) computeMainOnly() map[*types.Func]bool {
	refs := map[*types.Func][]ref{}
	for _, f := range c.pass.Files {
		if analysisutil.InTestFile(c.pass.Fset, f.Pos()) {
			continue // a test calling the helper is not the program running it
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				c.collectRefs(d, anyFunc, refs) // var handlers = map[string]func(){"x": f}
				continue
			}
			if fd.Body == nil {
				continue
			}
			from, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			c.collectRefs(fd.Body, from, refs)
		}
	}
	in := map[*types.Func]bool{}
	for fn := range refs {
		in[fn] = true
	}
	for changed := true; changed; {
		changed = false
		for fn, rs := range refs {
			if !in[fn] {
				continue
			}
			for _, r := range rs {
				if !r.ok || (r.from != nil && !in[r.from] && !isMain(r.from)) {
					delete(in, fn)
					changed = true
					break
				}
			}
		}
	}
	return in
}

// collectRefs records the references to the package's functions in the
// body of from; a function literal's body is its own context.
func (c *checker) collectRefs(body ast.Node, from *types.Func, refs map[*types.Func][]ref) {
	info := c.pass.TypesInfo
	ast.PreorderStack(body, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if c.commandBody(n, stack) {
				c.collectRefs(n.Body, nil, refs)
			} else {
				c.collectRefs(n.Body, anyFunc, refs)
			}
			return false
		case *ast.Ident:
			fn, ok := info.Uses[n].(*types.Func)
			if !ok || fn.Pkg() != c.pass.Pkg {
				return true
			}
			fn = fn.Origin()
			r := ref{from: from, ok: c.plainCall(n, stack)}
			if c.commandBody(n, stack) {
				r = ref{ok: true} // RunE: runServe, wherever the command is built
			}
			refs[fn] = append(refs[fn], r)
		}
		return true
	})
}

// anyFunc stands for a function literal that is not a command's body:
// a goroutine, a callback, a handler. Nothing it calls runs only for
// main.
var anyFunc = types.NewFunc(0, nil, "func literal", types.NewSignatureType(nil, nil, nil, nil, nil, false))

// isMain reports main and init, which the program runs itself.
func isMain(fn *types.Func) bool {
	return (fn.Name() == "main" || fn.Name() == "init") && fn.Type().(*types.Signature).Recv() == nil
}

// plainCall reports an identifier that is the function of a call (f()
// or x.f()) that is not a go statement's.
func (c *checker) plainCall(id *ast.Ident, stack []ast.Node) bool {
	i := len(stack) - 1
	var fun ast.Expr = id
	if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
		fun, i = sel, i-1
	}
	if i < 1 {
		return false
	}
	call, ok := stack[i].(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != fun {
		return false
	}
	_, isGo := stack[i-1].(*ast.GoStmt)
	return !isGo
}

// commandRun are the fields of cobra.Command whose function runs as the
// command (spf13/cobra v1.10.1 command.go).
var commandRun = map[string]bool{
	"Run": true, "RunE": true, "PreRun": true, "PreRunE": true, "PostRun": true, "PostRunE": true,
	"PersistentPreRun": true, "PersistentPreRunE": true, "PersistentPostRun": true, "PersistentPostRunE": true,
}

// commandBody reports a function literal or a function value given as
// the body of a command-line subcommand: a cobra.Command field of
// commandRun, in a literal or assigned, or the argument of kingpin's
// Action or PreAction.
func (c *checker) commandBody(n ast.Node, stack []ast.Node) bool {
	i := len(stack) - 1
	if i < 0 {
		return false
	}
	if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == n {
		n, i = sel, i-1 // a method value: RunE: o.run
	}
	if i < 0 {
		return false
	}
	info := c.pass.TypesInfo
	switch p := stack[i].(type) {
	case *ast.KeyValueExpr:
		key, ok := p.Key.(*ast.Ident)
		if !ok || p.Value != n || !commandRun[key.Name] || i == 0 {
			return false
		}
		lit, ok := stack[i-1].(*ast.CompositeLit)
		return ok && isCobraCommand(info.TypeOf(lit))
	case *ast.AssignStmt:
		for j, rhs := range p.Rhs {
			if rhs != n || j >= len(p.Lhs) {
				continue
			}
			sel, ok := p.Lhs[j].(*ast.SelectorExpr)
			return ok && commandRun[sel.Sel.Name] && isCobraCommand(info.TypeOf(sel.X))
		}
	case *ast.CallExpr:
		fn := analysisutil.Callee(info, p)
		if fn == nil || (fn.Name() != "Action" && fn.Name() != "PreAction") {
			return false
		}
		switch analysisutil.PkgPath(fn) {
		case "github.com/alecthomas/kingpin/v2", "gopkg.in/alecthomas/kingpin.v2":
			return true
		}
	}
	return false
}

func isCobraCommand(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Name() == "Command" && analysisutil.PkgPath(n.Obj()) == "github.com/spf13/cobra"
}
