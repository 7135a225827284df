package nodeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A context-free outbound call made by a helper of a retry attempt:
//
//	func openAndTest(c driver.Connector) (*sql.DB, error) {
//		db := sql.OpenDB(c)
//		return db, db.Ping() // PingContext(context.Background())
//	}
//
//	for range 300 {
//		db, err := openAndTest(c) // reported: openAndTest -> DB.Ping
//		...
//	}
//
// Inside the attempt, db.Ping() itself is reported (sql-noctx); one call
// down it is the same hang, and the attempt's ctx cannot stop it. The
// calls that count are the ones nodeadline reports only inside an
// attempt: database/sql calls without a context on a handle that may be
// remote (sqldriver.go). (http.Get is reported wherever it is, in the
// helper too; a dial with no timeout in a helper is not followed.) A
// helper that makes one outside a retry
// site of its own, not in a function literal or a goroutine, gets a
// FreeFact; so does a helper calling such a helper, up to maxFreeVia
// calls down. The finding is at the attempt's call of the helper only:
// outside retry sites a context-free helper is the author's choice.

// maxFreeVia bounds the calls from a helper down to the context-free
// call: attempt -> h2 -> h1 -> DB.Ping is followed, a third helper is
// not (the deeper the call, the likelier a path that skips it).
const maxFreeVia = 2

// FreeFact is exported for a function that makes a context-free
// outbound call (on some path: a branch taken is enough to hang the
// attempt), up to maxFreeVia calls down:
//
//	func openAndTest(c driver.Connector) (*sql.DB, error) // free(via DB.Ping)
type FreeFact struct {
	// Via names the calls from the function down to the context-free
	// call, that call last: ["openAndTest", "DB.Ping"] for a caller of a
	// helper calling openAndTest.
	Via []string
	// Twin is the database/sql method taking a context ("PingContext").
	Twin string
	// Handle is 1 + the index of the parameter the call's *sql.DB (or
	// Tx, Conn, Stmt) comes from, 0 when the function makes it: a caller
	// that passes a handle of an embedded driver (SQLite) is quiet.
	Handle int
}

func (*FreeFact) AFact() {}

func (f *FreeFact) String() string { return "free(via " + strings.Join(f.Via, " -> ") + ")" }

// freeSum is a FreeFact of a function of this package, with the call
// inside it that continues the chain, for Related entries.
type freeSum struct {
	fact *FreeFact
	pos  token.Pos
	next *types.Func
}

// summarizeFree computes the FreeFacts of the package's functions:
// one round per hop of the cap.
func (c *checker) summarizeFree() {
	for range maxFreeVia {
		before := len(c.frees)
		for _, fi := range c.funcs {
			if c.frees[fi.obj] == nil {
				c.freeIn(fi)
			}
		}
		if len(c.frees) == before {
			return
		}
	}
}

// freeIn finds the first context-free call in the function's own body:
// not in a function literal or a go statement (neither runs on the
// caller's path), nor in a retry site of the function (reported there).
func (c *checker) freeIn(fi *funcInfo) {
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		if c.frees[fi.obj] != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			if len(c.res.Enclosing(n.Pos())) > 0 {
				return true
			}
			if f, next := c.freeCallee(fi, n); f != nil {
				c.frees[fi.obj] = &freeSum{fact: f, pos: n.Pos(), next: next}
			}
		}
		return true
	})
}

// freeCallee returns the FreeFact a call gives its caller, and the
// function of this package it continues through.
func (c *checker) freeCallee(fi *funcInfo, call *ast.CallExpr) (*FreeFact, *types.Func) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil || analysisutil.IsMethodExpr(c.pass.TypesInfo, call) {
		return nil, nil
	}
	name := analysisutil.FuncName(fn, c.pass.Pkg)
	s := site{fi: fi, fn: fi.decl, call: call}
	if fn.Pkg() != c.pass.Pkg {
		if twin := catalog.SQLWithoutContext(fn); twin != "" {
			if c.embeddedSQL(s, fn) {
				return nil, nil // a file on this machine (sqldriver.go)
			}
			return &FreeFact{Via: []string{name}, Twin: twin, Handle: c.handleParam(s, -1)}, nil
		}
	}
	f := c.freeOf(fn)
	if f == nil || len(f.Via) >= maxFreeVia || c.localArg(s, f) {
		return nil, nil
	}
	next := fn
	if fn.Pkg() != c.pass.Pkg {
		next = nil
	}
	handle := 0
	if f.Handle > 0 {
		handle = c.handleParam(s, f.Handle-1)
	}
	return &FreeFact{Via: append([]string{name}, f.Via...), Twin: f.Twin, Handle: handle}, next
}

// handleParam returns 1 + the index of the parameter of the calling
// function that the call's handle comes from (the receiver when arg < 0,
// else that argument), 0 when it comes from anything else:
//
//	func setup(db *sql.DB) error { _, err := db.Exec(stmt); return err } // Handle 1
func (c *checker) handleParam(s site, arg int) int {
	in := c.instr(s)
	if in == nil {
		return 0
	}
	v := engine.Recv(in)
	if arg >= 0 {
		v = engine.Arg(in, arg)
	}
	srcs := c.p.SourcesIn(v, nil)
	if len(srcs) != 1 {
		return 0
	}
	if p, ok := srcs[0].Value.(*ssa.Parameter); ok {
		return engine.ParamIndex(p) + 1
	}
	return 0
}

// localArg reports a call of a helper whose fact names a handle
// parameter, given a handle of an embedded driver (kine's SQLite backend
// calling its setup(db)).
func (c *checker) localArg(s site, f *FreeFact) bool {
	if f.Handle == 0 {
		return false
	}
	in := c.instr(s)
	return in != nil && c.localHandle(engine.Arg(in, f.Handle-1), nil, map[ssa.Value]bool{})
}

func (c *checker) freeOf(fn *types.Func) *FreeFact {
	if s := c.frees[fn]; s != nil {
		return s.fact
	}
	if f := new(FreeFact); c.imported(fn, f) {
		return f
	}
	return nil
}

// freeCall reports a retry attempt's call of a helper that makes a
// context-free outbound call.
func (c *checker) freeCall(s site, fn *types.Func) {
	f := c.freeOf(fn)
	if f == nil || analysisutil.IsMethodExpr(c.pass.TypesInfo, s.call) || c.localArg(s, f) {
		return
	}
	where, ok := c.where(s.fi, s.call)
	if !ok || where.site == "" || len(c.res.Enclosing(s.call.Pos())) == 0 {
		// Not inside an attempt: a call of a function that retries
		// inside (kine's sqlite.NewVariant, around generic.OpenDB) does
		// not retry the rest of that function's work.
		return
	}
	if _, ok := c.instr(s).(*ssa.Go); ok {
		return // the attempt does not wait for it
	}
	text := callText(s.call, fn, c.pass.Pkg)
	chain := strings.Join(append([]string{text}, f.Via...), " -> ")
	d := analysis.Diagnostic{
		Pos: s.call.Pos(), End: s.call.End(), Category: "noctx-chain",
		Message: fmt.Sprintf("%s makes an SQL call without a context via %s: %s and nothing can cancel it; pass the attempt's context down and use %s with a deadline",
			text, chain, where.wait("", "can wait as long as the database does"), f.Twin),
	}
	for g, i := fn, 0; g != nil && i < maxFreeVia; i++ {
		sum := c.frees[g]
		if sum == nil {
			break
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: sum.pos, Message: g.Name() + " makes the call with no context here"})
		g = sum.next
	}
	c.report(s.fi, d)
}
