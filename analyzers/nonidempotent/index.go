package nonidempotent

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Under go vet the analyzer runs on every dependency, the standard
// library included, for its facts; most packages send no request, run no
// statement, deliver no message and retry nothing. One walk of the
// package's syntax (collect) notes, for each function, what its calls
// can be (callKind) and which of the package's functions it calls, and the
// walks that follow read only the functions whose calls can matter to
// them:
//
//   - findSenders: a function that calls a catalogued send, a sender of
//     another package or an interface method dynamicSender may ask about
//     (one that takes a request, in a package with a retry site, or is
//     named like a function of the package that may send), or calls a
//     function of the package that does, in turn (maySend, mayReach);
//   - summarize: a function marked //retrylint:nonidempotent, a sender,
//     one that calls a catalogued operation, a function of another
//     package with a Fact or a SenderFact or an interface method
//     dynamicSender asks about, or a function of the package that is one
//     of these, in turn (mayAffect);
//   - findHanded: a function that calls a catalogued send, in a package
//     with a retry site;
//   - check: a function that holds a retry site or a part of an attempt
//     body, or calls a function that retries a request it is given or
//     whose method its caller names (mayReport).
//
// Every other function's walk would find nothing: the facts and the
// findings are those of walking every function every time.

// reads counts the bodies each walk after the index reads: none in a
// package that sends, runs, delivers and retries nothing
// (TestIndexReads).
type reads struct{ handed, senders, summaries, checks int }

// callKind says what a function's calls can be; a set of the flags below.
type callKind uint8

const (
	// callsHTTPSend: a catalogued send (http.Client.Do, a RoundTrip).
	callsHTTPSend callKind = 1 << iota
	// callsSender: a catalogued send or a function of another package
	// with a SenderFact (sender.go).
	callsSender
	// callsOp: a catalogued HTTP call, SQL statement or delivery, or a
	// function of another package with a SenderFact or a Fact that is
	// not Safe: what opEffect can find an effect in.
	callsOp
	// callsRetried: a function of another package whose SenderFact
	// retries the request it is given, or whose Fact is retried with the
	// method its caller names: check reports its calls outside any retry
	// of the package (methodparam.go).
	callsRetried
	// callsRequestIface: an interface method with an *http.Request
	// parameter (dynamic.go).
	callsRequestIface
)

// collect indexes the package's function declarations, the function
// literals that run where they stand (func() { ... }(), go/defer too),
// and what each function calls. The index is a superset of what the
// walks of walkCalls meet: every call in the body, the operands of a go
// statement and the bodies of its function literals included.
func (c *checker) collect() {
	names := map[string]bool{}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, ok := c.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			fi := &funcInfo{decl: fd, obj: obj, mark: readMark(fd)}
			c.funcs = append(c.funcs, fi)
			c.byObj[obj] = fi
			names[obj.Name()] = true
		}
	}
	kinds := map[*types.Func]callKind{}
	last := map[any]*funcInfo{} // the function that last noted a callee or a name
	for _, fi := range c.funcs {
		ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
				c.invoked[lit] = true
			}
			fn := analysisutil.AnyCallee(c.info, call)
			if fn == nil {
				return true
			}
			k, ok := kinds[fn]
			if !ok {
				k = c.kindOf(fn)
				kinds[fn] = k
			}
			fi.callsWhat |= k
			if g := c.byObj[fn]; g != nil && last[g] != fi {
				last[g] = fi
				fi.locals = append(fi.locals, g)
			}
			if isIfaceMethod(fn) && names[fn.Name()] && last[fn.Name()] != fi {
				last[fn.Name()] = fi
				fi.ifaces = append(fi.ifaces, fn.Name())
			}
			return true
		})
	}
}

// kindOf returns what a call of fn can be.
func (c *checker) kindOf(fn *types.Func) callKind {
	var k callKind
	if row := catalog.LookupHTTP(fn); row != nil {
		k |= callsOp
		if row.Role == catalog.HTTPSend {
			k |= callsHTTPSend | callsSender
		}
	}
	if catalog.LookupSQLExec(fn) != nil || catalog.LookupDelivery(fn) != nil {
		k |= callsOp
	}
	if isIfaceMethod(fn) && takesRequest(fn) {
		k |= callsRequestIface
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return k
	}
	if s := new(SenderFact); c.pass.ImportObjectFact(fn, s) {
		k |= callsSender | callsOp
		if s.Retries {
			k |= callsRetried
		}
	}
	if f := new(Fact); c.pass.ImportObjectFact(fn, f) && !f.Safe {
		k |= callsOp
		if f.MethodParam > 0 && f.Retries != "" {
			k |= callsRetried
		}
	}
	return k
}

// isIfaceMethod reports a method of an interface.
func isIfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// mayReach returns the functions that can reach what direct says a
// function does itself: those it holds, and the functions that call one
// of them in turn, or, when byName is set, an interface method named
// like one (dynamicSender asks about an interface method call only when
// a sender of the package has its name); nil when direct holds for none.
func (c *checker) mayReach(byName bool, direct func(fi *funcInfo) bool) map[*funcInfo]bool {
	var in map[*funcInfo]bool
	var work []*funcInfo
	for _, fi := range c.funcs {
		if direct(fi) {
			if in == nil {
				in = map[*funcInfo]bool{}
			}
			in[fi] = true
			work = append(work, fi)
		}
	}
	if in == nil {
		return nil // most dependencies: no edges built
	}
	callers := map[*funcInfo][]*funcInfo{}
	ifaceCallers := map[string][]*funcInfo{}
	for _, fi := range c.funcs {
		for _, g := range fi.locals {
			callers[g] = append(callers[g], fi)
		}
		for _, name := range fi.ifaces {
			ifaceCallers[name] = append(ifaceCallers[name], fi)
		}
	}
	named := map[string]bool{}
	for len(work) > 0 {
		g := work[len(work)-1]
		work = work[:len(work)-1]
		next := callers[g]
		if name := g.obj.Name(); byName && !named[name] {
			named[name] = true
			next = append(next[:len(next):len(next)], ifaceCallers[name]...)
		}
		for _, fi := range next {
			if !in[fi] {
				in[fi] = true
				work = append(work, fi)
			}
		}
	}
	return in
}

// maySend returns the functions findSenders must read: a function's
// sendsParam finds a send only at a call sendArg takes, which is a
// catalogued send, a sender of another package, one of the package's
// senders (a function of this set) or an interface method dynamicSender
// asks about.
func (c *checker) maySend() map[*funcInfo]bool {
	sites := len(c.res.Sites()) > 0
	return c.mayReach(true, func(fi *funcInfo) bool {
		return fi.callsWhat&callsSender != 0 || sites && fi.callsWhat&callsRequestIface != 0
	})
}

// mayAffect returns the functions summarize must read: a function's
// walk finds an effect only at a call opEffect finds one in (a
// catalogued operation, a function of another package with a fact, a
// sender, an interface method dynamicSender asks about) or of a function
// of the package that has one.
func (c *checker) mayAffect() map[*funcInfo]bool {
	sites := len(c.res.Sites()) > 0
	return c.mayReach(false, func(fi *funcInfo) bool {
		return fi.mark == markNonIdempotent || c.senders[fi.obj] != nil ||
			fi.callsWhat&callsOp != 0 || sites && fi.callsWhat&callsRequestIface != 0 ||
			c.callsSenderName(fi)
	})
}

// callsSenderName reports a function that calls an interface method
// named like one of the package's senders (dynamicSender).
func (c *checker) callsSenderName(fi *funcInfo) bool {
	for _, name := range fi.ifaces {
		for fn := range c.senders {
			if fn.Name() == name {
				return true
			}
		}
	}
	return false
}

// mayReport returns the functions check must read, nil when none: one
// that holds a retry site or a part of an attempt body (the handed
// sends are in one too), or that calls, where no retry of the package
// is, a sender that retries the request it is given or a function whose
// caller names the method of a request that is retried
// (retryingSender, namedRetried). A call in any other function is in no
// attempt and no client site, and is reported through neither.
func (c *checker) mayReport() map[*funcInfo]bool {
	var out map[*funcInfo]bool
	add := func(fi *funcInfo) {
		if out == nil {
			out = map[*funcInfo]bool{}
		}
		out[fi] = true
	}
	sites := c.res.Sites()
	for _, fi := range c.funcs {
		if c.retriedCalls(fi) || slices.ContainsFunc(sites, func(s *retryscan.Site) bool { return overlaps(s.Node(), fi.decl) || overlaps(s.Body(), fi.decl) }) {
			add(fi)
		}
	}
	return out
}

// retriedCalls reports a function that calls a sender that retries the
// request it is given or a function whose retried request's method its
// caller names, of this package or another, or an interface method
// dynamicSender asks about.
func (c *checker) retriedCalls(fi *funcInfo) bool {
	if fi.callsWhat&(callsRetried|callsRequestIface) != 0 || c.callsSenderName(fi) {
		return true
	}
	return slices.ContainsFunc(fi.locals, func(g *funcInfo) bool {
		s := c.senders[g.obj]
		return s != nil && s.Retries || g.eff != nil && g.eff.methodParam != 0 && g.eff.retries != ""
	})
}

// overlaps reports whether a node (nil for none) and a function
// declaration share a position.
func overlaps(n ast.Node, fd *ast.FuncDecl) bool {
	return n != nil && n.Pos() < fd.End() && fd.Pos() < n.End()
}
