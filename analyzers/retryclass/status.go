package retryclass

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
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

func (c *checker) httpEvaluator(site *retryscan.Site, status int) *evaluator {
	return &evaluator{
		info:    c.pass.TypesInfo,
		sc:      scenario{status: status},
		related: c.relatedVars(site.Body),
		fails:   func(*ast.CallExpr) (errClass, bool) { return 0, false },
	}
}

func (c *checker) permanentStatus(site *retryscan.Site, d *retryscan.Decision) {
	if !c.readsStatus(site, d) {
		return
	}
	var round *retryscan.Path
	status := 0
	for _, s := range c.permanent4xx {
		v := c.httpEvaluator(site, s).verdict(d)
		if v.opaque {
			return
		}
		if v.round != nil && (round == nil || s == 404) {
			round, status = v.round, s
		}
	}
	if round == nil || c.separates4xx(site, d) {
		return
	}
	test, holds := c.statusTest(site, round, status)
	var at ast.Node = site.Node
	why := ""
	switch {
	case test == nil:
	case holds:
		at, why = test, fmt.Sprintf(" (%s holds for them)", shortExpr(test))
	default:
		at, why = test, fmt.Sprintf(" (%s fails for them)", shortExpr(test))
	}
	c.rep.Report(analysisDiag(at, CategoryPermanentStatus, fmt.Sprintf(
		"%s retries HTTP 4xx responses such as %d%s: a client error does not change on retry, so each costs %s; stop on 4xx other than %s",
		site.Name, status, why, c.cost(site), joinStatuses(c.cfg.TransientStatuses))))
}

// readsStatus reports whether some condition of the decision depends on
// the HTTP status.
func (c *checker) readsStatus(site *retryscan.Site, d *retryscan.Decision) bool {
	ok, bad := c.httpEvaluator(site, 200), c.httpEvaluator(site, 503)
	for i := range d.Paths {
		p := &d.Paths[i]
		for _, cond := range p.Conds {
			t1, _ := ok.cond(p, cond)
			t2, _ := bad.cond(p, cond)
			if t1 != unknown && t2 != unknown && t1 != t2 {
				return true
			}
		}
	}
	return false
}

// separates4xx reports whether a condition of the decision holds for
// some permanent 4xx and not for some 5xx, or the other way round.
func (c *checker) separates4xx(site *retryscan.Site, d *retryscan.Decision) bool {
	evs := map[int]*evaluator{}
	ev := func(s int) *evaluator {
		if evs[s] == nil {
			evs[s] = c.httpEvaluator(site, s)
		}
		return evs[s]
	}
	seen := map[ast.Node]bool{}
	for i := range d.Paths {
		p := &d.Paths[i]
		for _, cond := range p.Conds {
			if seen[cond.Node] {
				continue
			}
			seen[cond.Node] = true
			var in4xx, in5xx [3]bool
			for _, s := range c.permanent4xx {
				t, _ := ev(s).cond(p, cond)
				in4xx[t] = true
			}
			for s := 500; s < 600; s++ {
				t, _ := ev(s).cond(p, cond)
				in5xx[t] = true
			}
			if in4xx[yes] && in5xx[no] || in4xx[no] && in5xx[yes] {
				return true
			}
		}
	}
	return false
}

// statusTest returns the condition on a path that lets status through:
// the first one that holds (or fails, for holds false) for it and
// depends on the status.
func (c *checker) statusTest(site *retryscan.Site, p *retryscan.Path, status int) (ast.Expr, bool) {
	here, ok := c.httpEvaluator(site, status), c.httpEvaluator(site, 200)
	for _, cond := range p.Conds {
		t, _ := here.cond(p, cond)
		t2, _ := ok.cond(p, cond)
		if t == yes && t2 != yes && len(cond.Any) > 0 {
			e := cond.Any[0]
			if cond.Tag != nil {
				return cond.Tag, cond.Holds
			}
			return e, cond.Holds
		}
	}
	return nil, false
}

func joinStatuses(s []int) string {
	var parts []string
	for _, n := range s {
		parts = append(parts, strconv.Itoa(n))
	}
	switch len(parts) {
	case 0:
		return "none"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
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
// the status. A retry that reads a Retry-After header anywhere in its
// function, hands the response or its header to code outside the
// standard library, or returns backoff.RetryAfter is quiet.

func (c *checker) ignoresRetryAfter(site *retryscan.Site, d *retryscan.Decision) {
	if site.Kind == retryscan.KindLibrary && !libraryTakesPushback(site) {
		return // the library offers no way to wait what the server asked
	}
	if !c.readsStatus(site, d) || c.readsPushback(site, d) {
		return
	}
	for _, s := range catalog.RetryAfterStatuses() {
		ev := c.httpEvaluator(site, s)
		v := ev.verdict(d)
		if v.opaque {
			return
		}
		if v.round == nil {
			continue
		}
		named := c.namesStatus(ev, v.round, s)
		if named == nil {
			continue
		}
		fix := `wait as long as its Retry-After header says when the response has one`
		if site.Kind == retryscan.KindLibrary {
			fix = `return backoff.RetryAfter(seconds) with the value of its Retry-After header`
		}
		c.rep.Report(analysisDiag(named, CategoryIgnoresRetryAfter, fmt.Sprintf(
			"%s answers HTTP %d with its own delay and never reads Retry-After: it comes back before the server said it could and is turned away again; %s",
			site.Name, s, fix)))
		return
	}
}

// libraryTakesPushback reports whether a library operation can ask for
// the server's wait (backoff v5's backoff.RetryAfter).
func libraryTakesPushback(site *retryscan.Site) bool {
	if site.Entry == nil {
		return false
	}
	for _, h := range catalog.ClassHooks() {
		if h.Hook == catalog.HookRetryAfter && h.Pkg == site.Entry.Pkg {
			return true
		}
	}
	return false
}

// namesStatus returns the condition on a path that holds for status and
// names it: resp.StatusCode == http.StatusTooManyRequests, case 429.
func (c *checker) namesStatus(ev *evaluator, p *retryscan.Path, status int) ast.Expr {
	for _, cond := range p.Conds {
		if t, _ := ev.cond(p, cond); t != yes || !cond.Holds {
			continue
		}
		for _, e := range cond.Any {
			if c.mentionsConst(e, int64(status)) {
				return e
			}
		}
	}
	return nil
}

func (c *checker) mentionsConst(e ast.Expr, n int64) bool {
	found := false
	ast.Inspect(e, func(m ast.Node) bool {
		if x, ok := m.(ast.Expr); ok {
			if tv, ok := c.pass.TypesInfo.Types[x]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
				if v, ok := constant.Int64Val(tv.Value); ok && v == n {
					found = true
				}
				return false
			}
		}
		return !found
	})
	return found
}

// readsPushback reports whether the retry may honour Retry-After: its
// function names the header, hands a response or header to code outside
// the standard library, or an operation returns backoff.RetryAfter.
func (c *checker) readsPushback(site *retryscan.Site, d *retryscan.Decision) bool {
	for _, p := range d.Paths {
		if p.End == retryscan.EndRound && p.Err != nil {
			return true // backoff.RetryAfter(n)
		}
	}
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(site.Func, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				s, _ := strconv.Unquote(n.Value)
				found = found || strings.EqualFold(s, catalog.RetryAfterHeader)
			}
		case *ast.CallExpr:
			fn := calleeOf(info, n)
			if fn != nil && isStd(fn.Pkg()) {
				return true
			}
			for _, a := range n.Args {
				t := info.TypeOf(a)
				found = found || isResponse(t) || isNamed(t, "net/http", "Header")
			}
		}
		return !found
	})
	return found
}

func analysisDiag(n ast.Node, category, msg string) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg}
}
