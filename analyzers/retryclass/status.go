package retryclass

import (
	"fmt"
	"go/ast"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// permanent-status: an HTTP retry whose failure test lets 4xx through.
//
//	for i := 0; i < 5; i++ {
//		resp, err := client.Do(req)
//		if err == nil && resp.StatusCode == http.StatusOK {
//			return resp, nil
//		}
//		time.Sleep(time.Second)   // a 404 goes round with the 503s
//	}
//
// The decision is evaluated once per permanent 4xx (every 4xx but 408,
// 425 and 429) as if every call succeeded and the server answered that
// status. The finding needs a path that goes round for one of them, and
// no condition anywhere that tells 4xx from 5xx (resp.StatusCode >= 500,
// == 404, a switch with 4xx cases): code that separates them has thought
// about it.

func (c *checker) permanentStatus(a *attempt) {
	found := c.permanentStatusAs(a, false)
	if !found && a.region.ReadsTypedStatus() {
		found = c.permanentStatusAs(a, true)
	}
	if !found {
		c.sameCredentials(a) // a 401 named and sent round unchanged (unauthorized.go)
	}
}

// permanentStatusAs reports (and reports whether it found) a 4xx that
// goes round, the statuses arriving as responses, or typed as errors.
func (c *checker) permanentStatusAs(a *attempt, typed bool) bool {
	if !c.readsStatus(a, typed) {
		return false
	}
	ranged, named := c.statusSplit(a, typed)
	if ranged {
		return false // tells 4xx from 5xx: has thought about it
	}
	var round *engine.Path
	status := 0
	var stops []int // named statuses that stop
	// unnamed are the statuses that stop with no condition of the
	// attempt naming them: a helper whose error the operation returns
	// decided (return checkResponse(resp)). Many of them tell 4xx from
	// 5xx as a range would; a few are the ones the helper names.
	var unnamed []int
	for _, s := range c.permanentOf(typed && a.region.ReadsAPIStatusOnly()) {
		v := a.verdict(scenario{status: s, typed: typed})
		if v.opaque {
			return false
		}
		switch {
		case named[s] && v.round == nil:
			stops = append(stops, s)
		case named[s]:
			// named and sent round on purpose: case 409: continue
		case v.round == nil:
			unnamed = append(unnamed, s)
		case round == nil || s == 404:
			round, status = v.round, s
		}
	}
	if round == nil || len(unnamed) > maxNamed {
		return false
	}
	stops = append(stops, unnamed...)
	slices.Sort(stops)
	at, why := a.site.Node(), ""
	if test, holds := c.statusTest(a, round, status); test != nil {
		at, why = test, fmt.Sprintf(" (%s fails for them)", shortExpr(test))
		if holds {
			why = fmt.Sprintf(" (%s holds for them)", shortExpr(test))
		}
	} else if call := c.eng.ReturnedCall(round); call != nil {
		at, why = call, fmt.Sprintf(" (%s returns an error for them)", shortExpr(call))
	}
	if len(stops) > 0 {
		// case 400, 401: return err; default: go round
		why = fmt.Sprintf(" (it stops on %s only, the other 4xx go round)", joinStatuses(stops))
	}
	c.rep.Report(analysisDiag(at, CategoryPermanentStatus, fmt.Sprintf(
		"%s retries HTTP 4xx responses such as %d%s: a client error does not change on retry, so each costs %s; stop on 4xx other than %s",
		a.site.Name(), status, why, c.cost(a.site), joinStatuses(c.cfg.TransientStatuses))))
	return true
}

// readsStatus reports whether some condition of the attempt depends on
// the HTTP status: it differs between 200 and 503, or 429 (a loop that
// goes round on 429 alone).
//
// A condition of wait.ExponentialBackoff may answer with the test itself,
// no branch taken on it (return resp.StatusCode == http.StatusOK, nil),
// and an operation may return what a helper of the package says of the
// response, with no branch of its own:
//
//	return checkResponse(resp) // an error for every status but 2xx
//
// A 200 that leaves and a 503 that goes round read the status too: in
// those scenarios every call succeeds, and the status is all that
// differs. Not so for an error carrying the status (typed), which a 200
// does not return; a condition that tells one such error from another
// reads it, even where a 200 leaves the call undecided (a client-go call
// made through its builders, tested with apierrors.IsNotFound(err)).
func (c *checker) readsStatus(a *attempt, typed bool) bool {
	ok := conds(a.walk(scenario{status: 200}))
	condition := a.site.Entry() != nil && catalog.ConditionOperation(a.site.Entry().Pkg)
	if (condition || !typed) && a.verdict(scenario{status: 200}).round == nil {
		for _, s := range catalog.RetryAfterStatuses() {
			if v := a.verdict(scenario{status: s, typed: typed}); v.round != nil && (condition || !v.opaque) {
				return true
			}
		}
	}
	for _, s := range catalog.RetryAfterStatuses() {
		bad := conds(a.walk(scenario{status: s, typed: typed}))
		for ifi, t1 := range ok {
			if t2, seen := bad[ifi]; seen && t1 != catalog.TriUnknown && t2 != catalog.TriUnknown && t1 != t2 {
				return true
			}
		}
	}
	if typed {
		for _, byStatus := range c.statusConds(a, typed) {
			var seen [3]bool
			for _, t := range byStatus {
				seen[t] = true
			}
			if seen[catalog.TriYes] && seen[catalog.TriNo] {
				return true
			}
		}
	}
	return false
}

// statusConds returns what each condition of the attempt evaluates to
// for each status from 400 to 599.
func (c *checker) statusConds(a *attempt, typed bool) map[*ssa.If]map[int]catalog.Tri {
	vals := map[*ssa.If]map[int]catalog.Tri{}
	for s := 400; s < 600; s++ {
		for ifi, t := range conds(a.walk(scenario{status: s, typed: typed})) {
			if vals[ifi] == nil {
				vals[ifi] = map[int]catalog.Tri{}
			}
			vals[ifi][s] = t
		}
	}
	return vals
}

// statusSplit reads how the attempt's conditions treat the statuses
// from 400 to 599. ranged: a condition holds for some permanent 4xx and
// not for some 5xx, or the other way round, and is more than a test of
// one status (resp.StatusCode >= 500, < 500): the code tells 4xx from
// 5xx. named: the 4xx statuses a test of one status picks out (case 400,
// == http.StatusUnauthorized), each a status the code has thought about.
func (c *checker) statusSplit(a *attempt, typed bool) (ranged bool, named map[int]bool) {
	named = map[int]bool{}
	for _, byStatus := range c.statusConds(a, typed) {
		if s, ok := onlyOne(byStatus); ok {
			if s < 500 {
				named[s] = true
			}
			continue
		}
		if few := c.fewNamed(byStatus); few != nil {
			for _, s := range few {
				named[s] = true
			}
			continue
		}
		var in4xx, in5xx [3]bool
		for s, t := range byStatus {
			switch {
			case s >= 500:
				in5xx[t] = true
			case slices.Contains(c.permanent4xx, s):
				in4xx[t] = true
			}
		}
		if in4xx[catalog.TriYes] && in5xx[catalog.TriNo] || in4xx[catalog.TriNo] && in5xx[catalog.TriYes] {
			ranged = true
		}
	}
	return ranged, named
}

// onlyOne returns the status a condition picks out, when it is a test of
// one status: known everywhere it is met, one way for that status and the
// other way for at least two others.
func onlyOne(byStatus map[int]catalog.Tri) (int, bool) {
	yes, no, known := split(byStatus)
	switch {
	case !known:
		return 0, false
	case len(yes) == 1 && len(no) >= 2:
		return yes[0], true
	case len(no) == 1 && len(yes) >= 2:
		return no[0], true
	}
	return 0, false
}

// maxNamed is the most statuses a condition picks out one by one.
const maxNamed = 6

// fewNamed returns the statuses a condition picks out when it is a test
// of a few of them, one of which is a permanent 4xx, that a classifier
// makes: switch apiErr.StatusCode { case 400, 401: return false };
// return true. Such a condition holds one way for those few and the other
// way for every other 4xx and 5xx, so it does not tell 4xx from 5xx.
func (c *checker) fewNamed(byStatus map[int]catalog.Tri) []int {
	yes, no, known := split(byStatus)
	if !known {
		return nil
	}
	few := yes
	if len(no) < len(yes) {
		few = no
	}
	if len(few) == 0 || len(few) > maxNamed || len(byStatus)-len(few) < 2*maxNamed ||
		!slices.ContainsFunc(few, func(s int) bool { return slices.Contains(c.permanent4xx, s) }) {
		return nil
	}
	slices.Sort(few)
	return few
}

// split returns the statuses for which a condition holds and those for
// which it fails; known is false when it is unknown for some.
func split(byStatus map[int]catalog.Tri) (yes, no []int, known bool) {
	for s, t := range byStatus {
		switch t {
		case catalog.TriYes:
			yes = append(yes, s)
		case catalog.TriNo:
			no = append(no, s)
		default:
			return nil, nil, false
		}
	}
	return yes, no, true
}

// statusTest returns the condition on a path that lets status through,
// and whether it holds for it: the first one met for it and not for
// 200.
func (c *checker) statusTest(a *attempt, p *engine.Path, status int) (ast.Expr, bool) {
	ok := conds(a.walk(scenario{status: 200}))
	for i, b := range p.Branches {
		if !met(b) {
			continue
		}
		if t2, seen := ok[b.If]; seen && t2 == b.Value {
			continue // the same for a 200
		}
		// The expression to quote: the switch tag, or the if condition.
		cond := c.eng.ConditionOf(b.If)
		if cond.Tag != nil {
			return cond.Tag, c.eng.Holds(p, i)
		}
		if len(cond.Exprs) > 0 {
			return cond.Exprs[0], c.eng.Holds(p, i)
		}
	}
	return nil, false
}

// permanentOf returns the permanent 4xx a decision is judged on: all of
// them, or for one that reads errors only through the predicates of
// api/errors (api), those a Kubernetes API error comes with and whose
// reason they tell (catalog.APIStatuses): the API server sends no 402
// or 418, and a 409 may be a conflict retried on purpose.
func (c *checker) permanentOf(api bool) []int {
	if !api {
		return c.permanent4xx
	}
	var out []int
	for _, s := range catalog.APIStatuses() {
		if slices.Contains(c.permanent4xx, s) {
			out = append(out, s)
		}
	}
	return out
}

func joinStatuses(s []int) string {
	var parts []string
	for _, n := range s {
		parts = append(parts, strconv.Itoa(n))
	}
	if len(parts) == 0 {
		return "none"
	}
	return joinNames(parts)
}

// ignores-retry-after: a retry that recognises 429 or 503 and goes round
// on its own delay without reading Retry-After:
//
//	if resp.StatusCode == http.StatusTooManyRequests {
//		time.Sleep(time.Second)   // the server said when; this does not ask
//		continue
//	}
//
// The path must go round for 429 or 503 through a condition that names
// the status. A retry that may honour the header is quiet: one that
// names it in its function, returns backoff.RetryAfter, or on its way
// round hands the response to code that may read it (pushback.go).

func (c *checker) ignoresRetryAfter(a *attempt) {
	site := a.site
	if site.Kind() == retryscan.KindLibrary && !libraryOwnDelay(site) {
		return
	}
	var kinds []bool // the status as the response's, or in a typed error
	for _, typed := range []bool{false, true} {
		if c.readsStatus(a, typed) {
			kinds = append(kinds, typed)
		}
	}
	if len(kinds) == 0 || c.readsPushback(a) {
		return
	}
	for _, typed := range kinds {
		if c.answersOwnDelay(a, typed) {
			return
		}
	}
}

// answersOwnDelay reports the first status of 429 and 503 the retry goes
// round on through a condition that names it, and whether it did.
func (c *checker) answersOwnDelay(a *attempt, typed bool) bool {
	site := a.site
	for _, s := range catalog.RetryAfterStatuses() {
		v := a.verdict(scenario{status: s, typed: typed})
		if v.opaque {
			return false
		}
		if v.round == nil {
			continue
		}
		named, via := c.namesStatus(v.round, s), ""
		if named == nil && !c.keepsPushback() {
			named = c.classifierNaming(v.round, s) // !isTransient(err)
			if named != nil {
				via = " (" + shortExpr(named) + " retries it)"
			}
		}
		if named == nil {
			continue
		}
		c.ownDelay(named, site, s, via)
		return true
	}
	return false
}

// ownDelay reports a retry that answers status with its own delay, at.
func (c *checker) ownDelay(at ast.Node, site *retryscan.Site, status int, via string) {
	fix := `wait as long as its Retry-After header says when the response has one`
	if site.Kind() == retryscan.KindLibrary {
		fix = `return backoff.RetryAfter(seconds) with the value of its Retry-After header`
		if f, ok := catalog.PushbackDelay(site.Entry().Pkg); ok {
			fix = f
		}
	}
	reads := "never reads Retry-After"
	if c.pushbackPrinted(c.eng.Func(site.Func())) {
		reads = "reads Retry-After only to print it"
	}
	c.rep.Report(analysisDiag(at, CategoryIgnoresRetryAfter, fmt.Sprintf(
		"%s answers HTTP %d%s with its own delay and %s: it comes back before the server said it could and is turned away again; %s",
		site.Name(), status, via, reads, fix)))
}

// libraryOwnDelay reports whether a library retry waits a delay of its
// own that could have been the server's: the library offers a way to
// wait what the server asked (libraryTakesPushback), and a retry-go
// retry.DelayType(f) of the package's own, which is given the error, is
// not there to read it.
func libraryOwnDelay(site *retryscan.Site) bool {
	if !libraryTakesPushback(site) {
		return false
	}
	_, ok := catalog.PushbackDelay(site.Entry().Pkg)
	return !ok || site.Delay().Kind != catalog.DelayUnknown
}

// A status the attempt returns inside a typed error is told apart by a
// classifier of the package, which names it in its body:
//
//	if err = put(ctx, url); err == nil { return nil } // put: &HTTPError{StatusCode: resp.StatusCode}
//	if !isTransient(err) { return err }              // isTransient: he.StatusCode == 429 || ...
//	time.Sleep(2 * time.Second)                      // its own delay
//
// An error type that keeps the server's wait (a RetryAfter field or
// method) may be read for it out of sight: the retry is not judged.

// classifierNaming returns the call on a path, in a condition met on
// it, of a function of the package whose body (or one it calls) names
// status.
func (c *checker) classifierNaming(p *engine.Path, status int) ast.Expr {
	return c.metExpr(p, func(e ast.Expr) ast.Expr { return c.callNaming(e, c.namesConst(int64(status))) })
}

// metExpr returns the first answer of f that is not nil on the
// expressions of the conditions met on a path.
func (c *checker) metExpr(p *engine.Path, f func(ast.Expr) ast.Expr) ast.Expr {
	for _, b := range p.Branches {
		if !met(b) {
			continue
		}
		for _, e := range c.eng.ConditionOf(b.If).Exprs {
			if x := f(e); x != nil {
				return x
			}
		}
	}
	return nil
}

// keepsPushback reports whether the package reads something named like
// the server's wait (he.RetryAfter, e.RetryAfter()): a typed error that
// keeps it may be waited on by code the walk does not follow.
func (c *checker) keepsPushback() bool {
	if c.pushbackKept != nil {
		return *c.pushbackKept
	}
	found := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				found = found || strings.Contains(strings.ToLower(sel.Sel.Name), "retryafter")
			}
			return !found
		})
	}
	c.pushbackKept = &found
	return found
}

// libraryTakesPushback reports whether a library operation can ask for
// the server's wait (backoff v5's backoff.RetryAfter), or the library's
// delay policy can read it from the error (retry-go's DelayType).
func libraryTakesPushback(site *retryscan.Site) bool {
	if site.Entry() == nil {
		return false
	}
	if _, ok := catalog.PushbackDelay(site.Entry().Pkg); ok {
		return true
	}
	return slices.ContainsFunc(catalog.ClassHooks(), func(h catalog.ClassHook) bool {
		return h.Hook == catalog.HookRetryAfter && h.Pkg == site.Entry().Pkg
	})
}

// namesStatus returns the condition on a path that names status and
// sends it that way: resp.StatusCode == http.StatusTooManyRequests, case
// 429, or resp.StatusCode != 429 in front of the return of every other
// answer.
func (c *checker) namesStatus(p *engine.Path, status int) ast.Expr {
	return c.metExpr(p, func(e ast.Expr) ast.Expr {
		if names(e, c.namesConst(int64(status))) {
			return e
		}
		return nil
	})
}

func analysisDiag(n ast.Node, category, msg string) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg}
}
