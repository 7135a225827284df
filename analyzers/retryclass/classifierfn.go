package retryclass

import (
	"fmt"
	"go/ast"
	"slices"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Classifiers handed to a retry library as functions:
//
//	retry.Do(op, retry.Context(ctx), retry.RetryIf(httpx.IsRetryable)) // retry-go
//	client.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
//		if err != nil {
//			return true, nil
//		}
//		return resp.StatusCode >= 400, nil // a 404 goes round
//	}
//
// The function's answer for each status, typed status and gRPC code
// comes from the engine (ClassifierTable): read here for a literal or a
// function of the package, from the recognizer's fact for another
// package's. A classifier that says yes to the 4xx wholesale is
// reported; one that names a few 4xx it retries (409 on purpose) is not,
// and one that stops on a few and retries the others is, with the
// statuses it stops on.

// wholesale reads a table for the permanent 4xx arriving as kind
// (statuses: c.permanentOf): the status to name in a message (404 when
// it goes round), the few the classifier stops on while the others go
// round, and whether it retries them wholesale. An answer it does not
// give for one of them says nothing.
func (c *checker) wholesale(table []catalog.Tri, kind engine.CaseKind, statuses []int) (example int, stops []int, ok bool) {
	var yes, no []int
	for _, s := range statuses {
		switch engine.CaseAnswer(table, engine.ClassCase{Kind: kind, N: int64(s)}) {
		case catalog.TriYes:
			yes = append(yes, s)
		case catalog.TriNo:
			no = append(no, s)
		default:
			return 0, nil, false
		}
	}
	if len(yes) == 0 || len(yes) <= maxNamed && len(no) > len(yes) {
		return 0, nil, false // none, or a few named on purpose: 409
	}
	example = yes[0]
	if slices.Contains(yes, 404) {
		example = 404
	}
	if len(no) <= maxNamed {
		stops = no
	}
	return example, stops, true
}

// funcName renders a classifier for a message: its name, or "its
// function literal".
func funcName(e ast.Expr) string {
	if _, ok := ast.Unparen(e).(*ast.FuncLit); ok {
		return "its function literal"
	}
	return shortExpr(e)
}

// whyWholesale renders why a classifier's 4xx go round.
func whyWholesale(fn string, stops []int) string {
	if len(stops) > 0 {
		return fmt.Sprintf("%s stops on %s only, the other 4xx go round", fn, joinStatuses(stops))
	}
	return fn + " says yes to them"
}

// wholesaleResponses reports a function of a response that a library
// asks whether to send a request again, when it retries 4xx wholesale
// and says no to a 200: retryablehttp's CheckRetry, a resty retry
// condition. what names it in the message, fix ends the message's fix.
//
//	resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
//		return err != nil || r.StatusCode() >= 400
//	})
func (c *checker) wholesaleResponses(e ast.Expr, what, fix string) {
	table := c.eng.ClassifierTable(e, c.pass.TypesInfo)
	status, stops, ok := c.wholesale(table, engine.CaseResponse, c.permanent4xx)
	if !ok || engine.CaseAnswer(table, engine.ClassCase{Kind: engine.CaseResponse, N: 200}) != catalog.TriNo {
		return
	}
	c.rep.Report(analysisDiag(e, CategoryPermanentStatus, fmt.Sprintf(
		"%s retries HTTP 4xx responses such as %d (%s): a client error does not change on retry, so each costs the client's further attempts; return false for 4xx other than %s%s",
		what, status, whyWholesale(funcName(e), stops), joinStatuses(c.cfg.TransientStatuses), fix)))
}

// classifier is the function a library retry asks of each error of its
// operation, as the checks read it.
type classifier struct {
	at    ast.Node      // where a finding goes: the function, or the call
	table []catalog.Tri // its answers (engine.ClassifierTable), nil if unread
	label string        // "RetryIf lib.IsRetryable", "its classifier"
	fix   string        // how to stop a 4xx: "(retry.Unrecoverable)"
	// required: the library asks a classifier always (client-go's
	// retry.OnError), so one that says yes to every failure is its
	// "retry everything", read as an operation with no classifier.
	required bool
	// api: it reads a status only through the predicates of api/errors
	// (engine.ClassifierReadsAPIStatusOnly).
	api bool
}

// siteClassifier returns the classifier of a library retry: a
// retry.RetryIf(f) among retry-go's options, the argument a catalogued
// call asks (retry.OnError(b, retriable, fn)) or the predicate it always
// uses (retry.RetryOnConflict: apierrors.IsConflict); nil when it has
// none the analyzer can place.
func (c *checker) siteClassifier(a *attempt) *classifier {
	call, ok := a.site.Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	if a.site.Kind() == retryscan.KindLibrary && a.site.Entry() != nil && a.site.Entry().Classifier != nil {
		rc := a.site.Entry().Classifier
		cl := &classifier{at: call, fix: "(return false for them)", required: true}
		switch {
		case rc.Arg >= 0 && rc.Arg < len(call.Args):
			e := call.Args[rc.Arg]
			cl.at, cl.table = e, c.eng.ClassifierTable(e, c.pass.TypesInfo)
			cl.api = c.eng.ClassifierReadsAPIStatusOnly(e, c.pass.TypesInfo)
			cl.label = "classifier " + shortExpr(e)
			if _, ok := ast.Unparen(e).(*ast.FuncLit); ok {
				cl.label = "its classifier"
			}
		case rc.Arg < 0:
			if row := catalog.LookupStatusPredicateSymbol(rc.Fixed); row != nil {
				cl.table, cl.api = engine.PredicateTable(row), true
			}
			cl.label = "its classifier " + rc.Fixed.Name
		}
		return cl
	}
	if i := a.site.ClassifierArg(); i >= 0 && i < len(call.Args) {
		// Retry(ctx, 5, isRetryable, op): a wrapper of the package, or of
		// another, that asks the classifier it is handed of each failure
		// (retryscan's WrapperFact.Classifier), as retry.OnError does.
		e := call.Args[i]
		cl := &classifier{at: e, fix: "(return false for them)", required: true, label: "classifier " + shortExpr(e)}
		cl.table = c.eng.ClassifierTable(e, c.pass.TypesInfo)
		cl.api = c.eng.ClassifierReadsAPIStatusOnly(e, c.pass.TypesInfo)
		if _, ok := ast.Unparen(e).(*ast.FuncLit); ok {
			cl.label = "its classifier"
		}
		return cl
	}
	fnExpr := c.retryIfFunc(a)
	if fnExpr == nil {
		return nil
	}
	return &classifier{at: fnExpr, table: c.eng.ClassifierTable(fnExpr, c.pass.TypesInfo), label: "RetryIf " + funcName(fnExpr), fix: "(retry.Unrecoverable)",
		api: c.eng.ClassifierReadsAPIStatusOnly(fnExpr, c.pass.TypesInfo)}
}

// retryIf judges a library retry whose decision is a classifier with a
// table, and reports whether it did (the other checks then stay out):
// the operation's error for a 4xx or a permanent gRPC code reaches the
// classifier, which sends it round. A classifier the library always
// asks and the analyzer cannot read leaves the retry unjudged.
func (c *checker) retryIf(a *attempt) bool {
	cl := c.siteClassifier(a)
	switch {
	case cl == nil:
		return false
	case cl.table == nil:
		return cl.required
	case cl.required && retriesAll(cl.table):
		// retry.OnError(b, func(error) bool { return true }, fn): what
		// goes round is the operation's to say, as with retry.Do(fn).
		return false
	}
	table := cl.table
	// A classifier that says yes to every status, or to every code, does
	// not read them (!errors.Is(err, context.Canceled)): it is the
	// library's default, and quiet like an opaque operation.
	if status, stops, ok := c.wholesale(table, engine.CaseTyped, c.permanentOf(cl.api)); ok && tellsApart(table, engine.CaseTyped, 400, 599) && c.opReturns(a, scenario{status: status, typed: true}, engine.ErrStatus, int64(status)) {
		c.rep.Report(analysisDiag(cl.at, CategoryPermanentStatus, fmt.Sprintf(
			"%s retries HTTP 4xx responses such as %d (%s): a client error does not change on retry, so each costs %s; stop on 4xx other than %s %s",
			a.site.Name(), status, whyWholesale(cl.label, stops), c.cost(a.site), joinStatuses(c.cfg.TransientStatuses), cl.fix)))
		return true
	}
	if c.classifiedPushback(a, cl) {
		return true
	}
	if call, _ := c.grpcAttempt(a); call == nil || !tellsApart(table, engine.CaseGRPC, 1, 16) ||
		engine.CaseAnswer(table, engine.ClassCase{Kind: engine.CaseGRPC, N: grpcUnavailable}) != catalog.TriYes {
		return true
	}
	probe := c.attemptProbe(a)
	if probe != nil && !namesFew(table) {
		return true // yes by default around a readiness probe: its wait (readiness.go)
	}
	for _, code := range c.codesFor(probe) {
		n := int64(code.Value)
		if engine.CaseAnswer(table, engine.ClassCase{Kind: engine.CaseGRPC, N: n}) == catalog.TriYes && c.opReturns(a, scenario{grpc: true, code: n}, engine.ErrGRPC, n) {
			c.rep.Report(analysisDiag(cl.at, CategoryPermanentCode, fmt.Sprintf(
				"%s retries codes.%s, which does not change on retry (%s says yes to it with codes.Unavailable): each such failure costs %s; drop it from the retried codes",
				a.site.Name(), code.Name, cl.label, c.cost(a.site))))
			return true
		}
	}
	return true
}

// retriesAll reports a table that says yes to every error carrying a
// status, every gRPC code but OK and a plain error: it tells no failure
// from another (the context's errors aside).
func retriesAll(table []catalog.Tri) bool {
	for _, cs := range engine.ClassCases() {
		switch {
		case cs.Kind == engine.CaseTyped, cs.Kind == engine.CaseGRPC && cs.N > 0, cs.Kind == engine.CasePlain:
			if engine.CaseAnswer(table, cs) != catalog.TriYes {
				return false
			}
		}
	}
	return true
}

// retryIfFunc returns f of the one retry.RetryIf(f) among a library
// call's options, when the options are all written in the call or in a
// list spread into it that the package does not write again
// (spreadElems: opts := []retry.Option{...}; retry.Do(op, opts...)).
func (c *checker) retryIfFunc(a *attempt) ast.Expr {
	call, ok := a.site.Node().(*ast.CallExpr)
	if !ok {
		return nil
	}
	args, ok := c.optionArgs(call)
	if !ok {
		return nil
	}
	var found []ast.Expr
	for _, arg := range args {
		opt, ok := ast.Unparen(arg).(*ast.CallExpr)
		if !ok || len(opt.Args) != 1 {
			continue
		}
		if h := catalog.LookupClassHook(analysisutil.AnyCallee(c.pass.TypesInfo, opt)); h != nil && h.Hook == catalog.HookClassifier {
			if h.Name != "RetryIf" {
				return nil // AttemptsForError: not read
			}
			found = append(found, opt.Args[0])
		}
	}
	if len(found) != 1 {
		return nil
	}
	return found[0]
}

// opReturns reports whether, under sc, the operation returns the failed
// call's error (of class and status or code n) for the library to
// classify, and on no way stops by itself.
func (c *checker) opReturns(a *attempt, sc scenario, class engine.ErrClass, n int64) bool {
	w := a.walk(sc)
	if w.Void || w.Opaque() {
		return false
	}
	returns := false
	for _, p := range w.Paths {
		switch {
		case p.End == engine.EndError && p.Err.Kind == engine.Err && p.Err.Class == class && p.Err.N == n:
			returns = true
		case p.End == engine.EndError, p.End == engine.EndRound:
		default:
			return false // the operation decides some way itself
		}
	}
	return returns
}

// tellsApart reports whether a table answers no for some case of kind
// from lo to hi and yes for another.
func tellsApart(table []catalog.Tri, kind engine.CaseKind, lo, hi int64) bool {
	var seen [3]bool
	for n := lo; n <= hi; n++ {
		seen[engine.CaseAnswer(table, engine.ClassCase{Kind: kind, N: n})] = true
	}
	return seen[catalog.TriYes] && seen[catalog.TriNo]
}

// classifiedPushback reports a library retry whose classifier sends the
// error an operation returns for a 429 or a 503 round to the library's
// own delay, and reports whether it did. The error is whatever the
// operation makes of the answer (&statusErr{code: resp.StatusCode}): the
// classifier must say yes both to an error carrying the status and to a
// plain one, so that it retries it whichever it is.
//
//	return retry.DoWithData(op, retry.RetryIf(isRetryable)) // isRetryable: 429 || >= 500, else !Canceled
func (c *checker) classifiedPushback(a *attempt, cl *classifier) bool {
	site := a.site
	if site.Kind() != retryscan.KindLibrary || !libraryOwnDelay(site) ||
		engine.CaseAnswer(cl.table, engine.ClassCase{Kind: engine.CasePlain}) != catalog.TriYes || c.readsPushback(a) {
		return false
	}
	for _, s := range catalog.RetryAfterStatuses() {
		if engine.CaseAnswer(cl.table, engine.ClassCase{Kind: engine.CaseTyped, N: int64(s)}) == catalog.TriYes && c.opFails(a, scenario{status: s}) {
			c.ownDelay(cl.at, site, s, " ("+cl.label+" retries it)")
			return true
		}
	}
	return false
}

// opFails reports whether, under sc, every way through the operation
// returns an error.
func (c *checker) opFails(a *attempt, sc scenario) bool {
	w := a.walk(sc)
	if w.Void || w.Opaque() || len(w.Paths) == 0 {
		return false
	}
	for _, p := range w.Paths {
		if p.End != engine.EndError || p.Err.Kind != engine.Err {
			return false
		}
	}
	return true
}
