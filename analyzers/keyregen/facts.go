package keyregen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Fact is exported for a function whose every call makes a fresh ID, and
// for one that sends what it is given as an ID:
//
//	func newChargeRequest(amount int64) *http.Request {
//		req, _ := http.NewRequest("POST", chargeURL, body(amount))
//		req.Header.Set("Idempotency-Key", uuid.NewString()) // Sink
//		return req
//	}
//
//	func newKey() string { return "order-" + uuid.NewString() } // Returns
//
//	func setKey(req *http.Request, key string) { // Params: arg 1
//		req.Header.Set("Idempotency-Key", key)
//	}
//
// Calling the first inside a retry is reported at the call; the result of
// the second is a generated value like uuid.NewString's own; a fresh
// value passed to the third is followed to its header.
type Fact struct {
	// Gen names the generator at the bottom: "uuid.NewString".
	Gen string
	// Sink describes where the function puts the ID ("the
	// Idempotency-Key header"), or is empty when it only returns it.
	Sink  string
	Class catalog.SinkClass
	// Returns says the function's first result is the fresh ID (or
	// derived from it) on every return.
	Returns bool
	// Params lists, by position, the parameters whose value the function
	// sends as an ID (puts in a key header, field or request, or passes
	// to a function that does).
	Params []ParamSink
}

// ParamSink says where a function sends one of its parameters:
//
//	func setKey(req *http.Request, k string)                  // {Index: 1, Sink: "the Idempotency-Key header"}
//	func setHeader(req *http.Request, name, value string)     // {Index: 2, NameArg: 2, Sink: "header"}
//
// With NameArg, the parameter at NameArg-1 names the header, and the
// call decides: setHeader(req, "Idempotency-Key", k) sends a key.
type ParamSink struct {
	Index   int // position among the parameters, receiver excluded
	NameArg int
	Sink    string // the sink, or with NameArg "header" or "metadata"
	Class   catalog.SinkClass
}

func (*Fact) AFact() {}

// generates says the function makes a fresh ID itself.
func (f *Fact) generates() bool { return f.Sink != "" || f.Returns }

// String renders the fact for tests: generatesKey(uuid.NewString ->
// the Idempotency-Key header), freshID(uuid.NewString),
// sendsKey(arg 1 -> the Idempotency-Key header).
func (f *Fact) String() string {
	var parts []string
	if f.Sink != "" {
		kind := "generatesKey"
		if f.Class == catalog.SinkRequestID {
			kind = "generatesRequestID"
		}
		parts = append(parts, fmt.Sprintf("%s(%s -> %s)", kind, f.Gen, f.Sink))
	}
	if f.Returns {
		parts = append(parts, fmt.Sprintf("freshID(%s)", f.Gen))
	}
	for _, p := range f.Params {
		kind := "sendsKey"
		switch {
		case p.NameArg > 0:
			parts = append(parts, fmt.Sprintf("sendsHeader(arg %d -> %s named by arg %d)", p.Index, p.Sink, p.NameArg-1))
			continue
		case p.Class == catalog.SinkRequestID:
			kind = "sendsRequestID"
		}
		parts = append(parts, fmt.Sprintf("%s(arg %d -> %s)", kind, p.Index, p.Sink))
	}
	return strings.Join(parts, " ")
}

// maxRounds bounds the fixpoint over the package's functions; a chain of
// helpers deeper than this is not followed.
const maxRounds = 6

// summarize computes the facts of the package's functions: those that put
// a fresh ID in a sink outside any retry of their own (a retry inside is
// reported there), those that return one, and those that send a
// parameter as an ID. One walk over each function finds what it does on
// its own and which functions of the package it calls; then a function
// is summarized when it has something of its own or calls a function
// with a fact, and summarized again only when such a fact changes, until
// nothing changes.
func (r *runner) summarize() {
	var decls []*declInfo
	for _, f := range r.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func); fn != nil {
					decls = append(decls, r.declInfo(fn, fd))
				}
			}
		}
	}
	var changed map[*types.Func]bool // facts changed in the previous round
	for round := range maxRounds {
		next := map[*types.Func]bool{}
		for _, d := range decls {
			if round == 0 && !d.own && !slices.ContainsFunc(d.callees, func(c *types.Func) bool { return r.local[c] != nil }) {
				continue
			}
			if round > 0 && !slices.ContainsFunc(d.callees, func(c *types.Func) bool { return changed[c] }) {
				continue
			}
			r.at.Func(d.fd)
			f, pos := r.summary(d.fn, d.fd, d.seeds)
			if old := r.local[d.fn]; (old == nil) != (f == nil) || (f != nil && old.String() != f.String()) {
				r.local[d.fn], r.sinkPos[d.fn] = f, pos
				next[d.fn] = true
			}
		}
		if len(next) == 0 {
			break
		}
		changed = next
	}
	for _, d := range decls {
		if f := r.local[d.fn]; f != nil {
			r.pass.ExportObjectFact(d.fn, f)
		}
	}
}

// declInfo is what one function does whatever the facts of the package's
// other functions say.
type declInfo struct {
	fn    *types.Func
	fd    *ast.FuncDecl
	seeds []seed
	// own: it calls a generator or an imported function that makes a
	// fresh ID, or it has a parameter to follow and a sink.
	own bool
	// callees are the functions of this package it calls.
	callees []*types.Func
}

func (r *runner) declInfo(fn *types.Func, fd *ast.FuncDecl) *declInfo {
	d := &declInfo{fn: fn, fd: fd, seeds: r.paramSeeds(fd)}
	reg := &region{r: r, root: fd.Body, seeds: d.seeds} // for sinksAt: no dataflow
	hasSink := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		var callee *types.Func
		if call, ok := n.(*ast.CallExpr); ok {
			callee = r.calleeOf(call)
			switch {
			case callee == nil && r.valueCall(call):
				// A call through a function value may run any function
				// of the package used as a value: their facts are
				// summarized in the rounds, like a static callee's.
				d.own = d.own || r.throughValue(call)
				for _, fn := range r.mayRun(call) {
					if fn.Pkg() == r.pass.Pkg && !slices.Contains(d.callees, fn) {
						d.callees = append(d.callees, fn)
					}
				}
			case callee == nil:
			case callee.Pkg() == r.pass.Pkg:
				if !slices.Contains(d.callees, callee) {
					d.callees = append(d.callees, callee)
				}
			case catalog.LookupGenerator(callee) != nil:
				d.own = true
			default:
				if f, _ := r.factOf(callee); f != nil && f.generates() {
					d.own = true
				}
			}
			if !d.own && r.isRandReaderFill(call) != nil {
				d.own = true
			}
		}
		// r.local is empty during this walk, so the sinks found here are
		// the function's own, not those of the package's helpers.
		if len(d.seeds) > 0 && !hasSink && len(reg.sinksAt(n, callee)) > 0 {
			hasSink = true
		}
		return true
	})
	d.own = d.own || hasSink
	return d
}

// summary returns fd's fact, or nil, and the position of its sink.
func (r *runner) summary(fn *types.Func, fd *ast.FuncDecl, seeds []seed) (*Fact, token.Pos) {
	// A key the function makes only when it fails, for the call after:
	// its error is what a caller's retry goes round on.
	after := func(n ast.Node) bool {
		f := r.eng.Func(fd)
		return f != nil && r.eng.OpRegion(f, "").AfterFailure(n, nil)
	}
	reg := r.scan(fd.Body, fd, seeds, returnsID(fn.Signature()), after)
	if !reg.hasSources {
		return nil, token.NoPos
	}
	f := &Fact{Params: r.paramSinksOf(fn, reg)}
	var pos token.Pos
	for _, fi := range reg.findings {
		if fi.origin.param != nil || len(r.res.Enclosing(fi.origin.pos)) > 0 {
			continue // a parameter, or reported at the retry inside fd
		}
		if f.Sink == "" || (f.Class == catalog.SinkRequestID && fi.sink.class == catalog.SinkKey) {
			f.Gen, f.Sink, f.Class, pos = fi.origin.gen, fi.sink.desc, fi.sink.class, fi.sink.pos
		}
	}
	if o := r.returnsFresh(fd, reg); o != nil {
		f.Returns = true
		if f.Gen == "" {
			f.Gen = o.gen
		}
	}
	if f.Sink == "" && !f.Returns && len(f.Params) == 0 {
		return nil, token.NoPos
	}
	return f, pos
}

// returnsFresh returns the origin of fd's first result when every return
// of fd (not of its closures) gives a fresh ID there, as the engine's
// taint of the region says, or the caller's own value (writer/cerebro#1286
// made a fresh message ID per attempt for events that came without one):
//
//	func messageID(ev Event) string {
//		if ev.ID != "" {
//			return ev.ID
//		}
//		return uuid.NewString()
//	}
//
// A return of anything else (a cached ID from a map or a field) keeps
// the function no generator.
func (r *runner) returnsFresh(fd *ast.FuncDecl, reg *region) *origin {
	if fd.Type.Results == nil || len(fd.Type.Results.List) == 0 || reg.taint == nil {
		return nil
	}
	fn := r.eng.Func(fd)
	if fn == nil {
		return nil
	}
	var first *origin
	firstAt := token.NoPos
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || b == fn.Recover {
			continue // the zero results a recovered panic returns
		}
		if len(ret.Results) == 0 {
			return nil
		}
		o, _ := reg.taint.Of(ret.Results[0])
		if o == nil && engine.FromCaller(ret.Results[0]) {
			continue // the caller's value
		}
		if o == nil || o.param != nil {
			return nil
		}
		if first == nil || ret.Pos() < firstAt {
			first, firstAt = o, ret.Pos()
		}
	}
	return first
}

// factOf returns the fact of fn, from this package's summaries or from
// the fact its package exported, and the position of its sink when fn is
// local.
func (r *runner) factOf(fn *types.Func) (*Fact, token.Pos) {
	if fn == nil {
		return nil, token.NoPos
	}
	if f := r.local[fn]; f != nil {
		return f, r.sinkPos[fn]
	}
	if fn.Pkg() == r.pass.Pkg {
		return nil, token.NoPos
	}
	f := new(Fact)
	if r.pass.ImportObjectFact(fn, f) {
		return f, token.NoPos
	}
	return nil, token.NoPos
}
