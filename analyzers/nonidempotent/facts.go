package nonidempotent

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/directive"
	"github.com/retrylint/retrylint/internal/engine"
)

// kind is the kind of operation that must not run twice.
type kind uint8

const (
	kindHTTP   kind = iota + 1 // an HTTP request with a method that is not idempotent
	kindSQL                    // an SQL statement that is not idempotent
	kindTx                     // one statement of a transaction begun before the retry
	kindMarked                 // a function marked //retrylint:nonidempotent
	kindSend                   // a message handed to a peer that delivers it (smtp.SendMail)
)

// category is the Category of the diagnostics of each kind.
func (k kind) category() string {
	return [...]string{"", "http", "sql", "transaction", "marked", "delivery"}[k]
}

// effect is an operation that must not run twice, reached from a call.
type effect struct {
	kind kind
	// what: "an HTTP POST", the statement ("UPDATE accounts SET ..."),
	// the receiver of a transaction statement ("tx.Exec"), the marked
	// function's name.
	what string
	// twice says what a second run of an SQL statement does.
	twice string
	// chain is the calls from the reported call down to the function
	// that does the operation, outermost first; empty when the reported
	// call is the operation.
	chain []hop
	// pos is where the operation happens, when in this package.
	pos token.Pos
	// bodyParam is 1 + the index of the parameter of interface type an
	// HTTP request's JSON body is encoded from, or 0: a call passing a
	// struct with a key field there sends a keyed request (argKeyed).
	bodyParam int
	// methodParam is 1 + the index of the parameter the request's method
	// is, or 0: the effect holds only where a call passes a method that
	// is not idempotent there (methodparam.go).
	methodParam int
	// retries names the client that retries the request inside the
	// function (retryablehttp.Client.Do), for an effect whose method the
	// caller names (methodparam.go); "" otherwise.
	retries string
	// guard is what the paths to the operation let the method of
	// methodParam be (methodpath.go); nil when any.
	guard *engine.MethodGuard
}

// hop is one call on the way to an operation.
type hop struct {
	name string
	pos  token.Pos // NoPos for hops read from facts
}

// definite reports an effect that holds at every call: not nil, and not
// waiting for the caller's method (methodParam).
func (e *effect) definite() bool { return e != nil && e.methodParam == 0 }

// rank orders the effects a function can get, the one kept first: one
// that holds at every call; one whose method the caller names and that
// is retried inside, reported at the call that names the method even
// outside a retry (methodparam.go); one whose method the caller names;
// none.
func (e *effect) rank() int {
	switch {
	case e == nil:
		return 0
	case e.definite():
		return 3
	case e.retries != "":
		return 2
	}
	return 1
}

// via returns e as reached through a call of h.
func (e *effect) via(h hop) *effect {
	out := *e
	out.chain = analysisutil.CapChain(append([]hop{h}, e.chain...), nil)
	out.bodyParam = 0 // the callee's parameter: read at this call, not beyond
	// methodParam stays: methodAt, asked before via, made it the
	// caller's parameter.
	return &out
}

// Fact is exported for a function whose call runs an operation that must
// not run twice (HTTP, SQL, a marked function), directly or through the
// functions it calls, and for a function marked //retrylint:idempotent
// (Safe), whose callers are never reported.
type Fact struct {
	Kind  uint8
	What  string
	Twice string
	// Via names the functions it calls on the way to the operation.
	Via  []string
	Safe bool
	// BodyParam is effect.bodyParam.
	BodyParam int
	// MethodParam is effect.methodParam, Retries effect.retries.
	MethodParam int
	Retries     string
	// Only and Not are effect.guard: the methods that alone can reach
	// the operation (any when empty) and those that cannot.
	Only, Not []string
}

func (*Fact) AFact() {}

// String renders the fact for tests: nonidempotent(an HTTP POST via post).
func (f *Fact) String() string {
	if f.Safe {
		return "idempotent"
	}
	s := "nonidempotent(" + f.What
	if len(f.Via) > 0 {
		s += " via " + strings.Join(f.Via, " -> ")
	}
	if f.MethodParam > 0 {
		s += fmt.Sprintf(", method of argument %d", f.MethodParam)
	}
	if f.Retries != "" {
		s += ", retried by " + f.Retries
	}
	if len(f.Only) > 0 {
		s += ", only " + strings.Join(f.Only, "|")
	}
	if len(f.Not) > 0 {
		s += ", not " + strings.Join(f.Not, "|")
	}
	return s + ")"
}

// funcInfo is what the checker knows of one function declaration.
type funcInfo struct {
	decl *ast.FuncDecl
	obj  *types.Func
	mark mark
	// eff is the first operation a call of the function runs, or nil.
	eff *effect
	// calls lists the calls of this package's functions, for the
	// fixpoint.
	calls []localCall
	// callsWhat, locals and ifaces are what the body calls (index.go):
	// what its calls can be, the package's functions it calls, and the
	// names of the interface methods it calls that a function of the
	// package has too.
	callsWhat callKind
	locals    []*funcInfo
	ifaces    []string
}

// localCall is a call of a function of the package, and how the caller
// makes it; inside its own retry, the sites around the call and where
// the call is (ownRetry).
type localCall struct {
	call  *ast.CallExpr
	how   callHow
	sites []*retryscan.Site
	where place
}

// callHow is how a function calls another: plainly, inside its own
// retry, or as a call of a function that retries inside (a retrier
// site).
type callHow uint8

const (
	viaCall callHow = iota
	viaOwnRetry
	viaRetrier
)

// mark is a directive on a function declaration.
type mark uint8

const (
	markNone mark = iota
	markNonIdempotent
	markIdempotent
)

// readMark reads //retrylint:nonidempotent or //retrylint:idempotent
// from a function's doc comment; text after the verb is a free comment.
func readMark(fd *ast.FuncDecl) mark {
	switch {
	case directive.OfFunc(fd, directive.NonIdempotent) != nil:
		return markNonIdempotent
	case directive.OfFunc(fd, directive.Idempotent) != nil:
		return markIdempotent
	}
	return markNone
}

// summarize finds, for each function of the package, the first
// operation a call of it runs: directly, or through the calls it makes.
// Operations inside the function's own retry sites are left out: they
// are reported where they are retried. Calls of local functions are
// resolved by iterating until nothing changes, which the order of the
// declarations and recursion require.
func (c *checker) summarize() {
	may := c.mayAffect()
	for _, fi := range c.funcs {
		if !may[fi] {
			continue // no effect to find (index.go)
		}
		c.read.summaries++
		switch fi.mark {
		case markIdempotent:
			continue
		case markNonIdempotent:
			fi.eff = &effect{kind: kindMarked, what: fi.obj.Name(), pos: fi.decl.Name.Pos()}
			continue
		}
		c.at.Func(fi.decl)
		walkCalls(fi.decl.Body, true, func(call *ast.CallExpr, lits []*ast.FuncLit) {
			c.at.At(call.Pos())
			if fi.eff.definite() {
				return
			}
			callee, local := c.localCallee(call)
			local = local && c.sender(callee) == nil
			if sites := c.attempt(call.Pos(), lits); len(sites) > 0 {
				// Reported at the site, unless the caller names the
				// method: then at the call that names it (ownRetry).
				where := c.placeOf(fi.decl, lits, call)
				if local {
					fi.calls = append(fi.calls, localCall{call, viaOwnRetry, sites, where})
				} else {
					fi.take(c.ownRetry(fi, c.opEffect(call, where, sites[0].Body()), localCall{call, viaOwnRetry, sites, where}))
				}
				return
			}
			if c.runsLater(lits) {
				return
			}
			if s := c.res.SiteAt(call); s != nil && (s.Kind() != retryscan.KindClient || c.clientSite(call) != nil) {
				switch {
				case c.retryingSender(call) != "":
					fi.take(c.retriedInside(call, c.placeOf(fi.decl, lits, call), fi.decl.Body))
				case s.Kind() == retryscan.KindRetrier && local:
					fi.calls = append(fi.calls, localCall{call: call, how: viaRetrier})
				case s.Kind() == retryscan.KindRetrier:
					fi.take(c.handedOn(fi, localCall{call: call, how: viaRetrier}))
				default:
					fi.take(c.retriedInside(call, c.placeOf(fi.decl, lits, call), fi.decl.Body))
				}
				return // reported at the site, or at the call naming the method
			}
			if local {
				fi.calls = append(fi.calls, localCall{call: call, how: viaCall})
				return
			}
			if c.retryingSender(call) != "" {
				fi.take(c.retriedInside(call, c.placeOf(fi.decl, lits, call), fi.decl.Body))
				return
			}
			fi.take(c.opEffect(call, c.placeOf(fi.decl, lits, call), fi.decl.Body))
		})
	}
	for changed := true; changed; {
		changed = false
		for _, fi := range c.funcs {
			if fi.eff.definite() || fi.mark != markNone {
				continue
			}
			for _, lc := range fi.calls {
				if fi.take(c.handedOn(fi, lc)) {
					changed = true
					break
				}
			}
		}
	}
}

// take keeps e as fi's effect when it ranks above the one fi has.
func (fi *funcInfo) take(e *effect) bool {
	if e.rank() > fi.eff.rank() {
		fi.eff = e
		return true
	}
	return false
}

// runsLater reports whether one of the literals around a call is not
// run where it stands (a callback, a goroutine body handed elsewhere).
func (c *checker) runsLater(lits []*ast.FuncLit) bool {
	for _, lit := range lits {
		if !c.invoked[lit] {
			return true
		}
	}
	return false
}

// localCallee returns the function of this package a call invokes.
func (c *checker) localCallee(call *ast.CallExpr) (*types.Func, bool) {
	fn := analysisutil.Callee(c.info, call)
	if fn == nil {
		return nil, false
	}
	_, local := c.byObj[fn]
	return fn, local
}

// funcEffect returns what calling fn runs that must not run twice: from
// the package's summaries, or from the fact fn's package exported.
func (c *checker) funcEffect(fn *types.Func) *effect {
	if fi, ok := c.byObj[fn]; ok {
		return fi.eff
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if e, ok := c.facts[fn]; ok {
		return e
	}
	var e *effect
	if f := new(Fact); c.pass.ImportObjectFact(fn, f) && !f.Safe {
		e = &effect{kind: kind(f.Kind), what: f.What, twice: f.Twice, bodyParam: f.BodyParam, methodParam: f.MethodParam, retries: f.Retries}
		if len(f.Only) > 0 || len(f.Not) > 0 {
			e.guard = &engine.MethodGuard{Only: f.Only, Not: f.Not}
		}
		for _, name := range f.Via {
			e.chain = append(e.chain, hop{name: name})
		}
	}
	c.facts[fn] = e
	return e
}

// exportFacts exports a fact for every function with an effect or an
// //retrylint:idempotent mark.
func (c *checker) exportFacts() {
	for _, fi := range c.funcs {
		switch {
		case fi.mark == markIdempotent:
			c.pass.ExportObjectFact(fi.obj, &Fact{Safe: true})
		case fi.eff != nil:
			f := &Fact{Kind: uint8(fi.eff.kind), What: fi.eff.what, Twice: fi.eff.twice, BodyParam: fi.eff.bodyParam, MethodParam: fi.eff.methodParam, Retries: fi.eff.retries}
			if g := fi.eff.guard; g != nil {
				f.Only, f.Not = g.Only, g.Not
			}
			for _, h := range fi.eff.chain {
				f.Via = append(f.Via, h.name)
			}
			c.pass.ExportObjectFact(fi.obj, f)
		}
	}
}

// report reports the effect e of the call at n, for a retry named by who
// ("retry wraps", "retryablehttp.Client.Do retries").
func (c *checker) report(n ast.Node, who string, e *effect) {
	d := analysis.Diagnostic{Pos: n.Pos(), Category: e.kind.category(), Message: message(who, e)}
	for i, h := range e.chain {
		if i > 0 && h.pos.IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.pos, Message: "calls " + h.name})
		}
	}
	if len(e.chain) > 0 && e.pos.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: e.pos, Message: "the operation that must not run twice"})
	}
	c.rep.Report(d)
}

// message renders the diagnostic for an effect: what the retry repeats,
// what happens when it does, and the way out.
func message(who string, e *effect) string {
	var subject, rest string
	switch e.kind {
	case kindHTTP:
		subject = e.what + " with no Idempotency-Key header"
		rest = "if an attempt times out after the server acted, the retry repeats it; send one key for all attempts or do not retry"
	case kindSQL:
		subject = fmt.Sprintf("%q", e.what)
		rest = "running it twice " + e.twice + "; make the statement idempotent or retry the whole transaction"
	case kindTx:
		subject = e.what + " of a transaction begun outside the attempt"
		rest = "a deadlock or serialization failure aborts the whole transaction, and repeating one statement does not redo the others; begin and commit the transaction inside the attempt"
	case kindMarked:
		subject = e.what + ", marked //retrylint:nonidempotent"
		rest = "running it twice repeats its effect; make it idempotent (and mark it //retrylint:idempotent) or do not retry"
	case kindSend:
		subject = e.what
		rest = "if an attempt fails after the server accepted the message, the retry delivers it again; retry only failures before the hand-over (dial, auth) or do not retry"
	}
	if len(e.chain) == 0 {
		return fmt.Sprintf("%s %s: %s", who, subject, rest)
	}
	verb := map[kind]string{kindHTTP: "sends", kindSQL: "runs", kindTx: "runs", kindMarked: "calls", kindSend: "calls"}[e.kind]
	if e.kind == kindMarked && len(e.chain) == 1 {
		verb, subject = "is", "marked //retrylint:nonidempotent"
	}
	names := make([]string, len(e.chain))
	for i, h := range e.chain {
		names[i] = h.name
	}
	via := ""
	if len(names) > 1 {
		via = " (via " + strings.Join(names, " -> ") + ")"
	}
	return fmt.Sprintf("%s %s, which %s %s%s: %s", who, names[0], verb, subject, via, rest)
}
