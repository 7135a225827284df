package retryscan

import (
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/directive"
	"github.com/retrylint/retrylint/internal/engine"
)

// summarize computes, for every function of the package, the deepest
// retry chain that calling it runs. Functions may call each other in any
// order and recursively, so the chains are recomputed until none grows;
// chains are capped at analysisutil.MaxHops, which makes the iteration finite.
func (s *scanner) summarize() {
	for _, fi := range s.funcs {
		if fi.declared != nil {
			s.chains[fi.obj] = []Hop{{Name: fi.obj.Name(), Posn: s.posn(fi.decl), Attempts: int32(*fi.declared), Retry: true, Pkg: s.pass.Pkg.Path(), pos: fi.decl.Pos()}}
		}
	}
	for range analysisutil.MaxHops + 2 {
		changed := false
		for _, fi := range s.funcs {
			if fi.decl.Body == nil || fi.declared != nil {
				continue
			}
			s.at.Func(fi.decl)
			c := s.bodyChain(fi.decl.Body, map[ast.Node]bool{fi.decl: true}, nil)
			if kept(c) && (s.chains[fi.obj] == nil || deeper(c, s.chains[fi.obj])) {
				s.chains[fi.obj] = c
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// bodyChain returns the deepest chain that running root reaches. Function
// literals inside root count only where root runs them: called at once,
// or held in a local variable that root calls. A literal handed to some
// other function (a goroutine, a handler registration) is not followed.
// keep, when not nil, says which retrying calls of root count: it is
// asked of the node the chain leaves root by.
func (s *scanner) bodyChain(root ast.Node, seen map[ast.Node]bool, keep func(ast.Node) bool) []Hop {
	if seen[root] {
		return nil
	}
	seen[root] = true
	var best []Hop
	var at ast.Node // the node of root being considered
	consider := func(c []Hop) {
		if kept(c) && (best == nil || deeper(c, best)) && (keep == nil || keep(at)) {
			best = c
		}
	}
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil || n == root {
			return true
		}
		at = n
		site, once := s.siteAt[n], false
		if site == nil {
			site, once = s.onceAt[n], true
		}
		if site != nil && site.kind != KindRetrier {
			if seen[site.node] {
				return false // inside the site's own attempt: a recursive retry's self-call
			}
			hop := s.siteHop(site)
			hop.Retry = hop.Retry && !once
			consider(prepend(hop, s.innerChain(site, seen)))
			if call, ok := n.(*ast.CallExpr); ok {
				for _, a := range call.Args {
					if a != site.opExpr {
						consider(s.bodyChain(a, seen, nil))
					}
				}
			}
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			// A goroutine's retries are not part of this attempt.
			return false
		case *ast.CallExpr:
			if catalog.JoinedGo(s.calleeOf(n)) {
				// g.Go(func() error { ... }): the group's Wait joins the
				// goroutine, so its retries are part of this attempt,
				// those whose failure the function returns (joinedFails).
				for _, a := range n.Args {
					if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
						consider(s.bodyChain(lit.Body, seen, func(m ast.Node) bool { return s.joinedFails(lit, m) }))
					}
				}
			}
			switch fun := ast.Unparen(n.Fun).(type) {
			case *ast.FuncLit:
				consider(s.bodyChain(fun.Body, seen, nil))
			case *ast.Ident:
				// A local variable holding a literal: the engine says which
				// one, asked only when one of the literals it may hold
				// retries.
				if _, ok := s.info.ObjectOf(fun).(*types.Var); ok && slices.ContainsFunc(s.holdsLit(fun), s.mayRetry) {
					if lit := s.localFuncLit(s.enclosingFunc(n), fun); lit != nil {
						consider(s.bodyChain(lit.Body, seen, nil))
					}
				}
			}
			if fn := s.calleeOf(n); fn != nil {
				// A chain never repeats a function: a call back into a
				// function being walked, or into one the chain below
				// already passes, would multiply a layer by itself.
				if fi := s.byObj[fn]; fi != nil && seen[fi.decl] {
					return true
				}
				if c := s.chainOf(fn); c != nil && !repeatsFunc(c, fn) {
					consider(s.viaCall(fn, n, c))
				}
				for _, m := range s.dynamicCallees(n, fn) {
					if fi := s.byObj[m]; fi != nil && seen[fi.decl] {
						continue
					}
					if c := s.chainOf(m); c != nil && !repeatsFunc(c, m) {
						consider(s.viaCall(m, n, c))
					}
				}
				for _, c := range s.producedCallees(n, fn) {
					consider(c)
				}
			}
		}
		return true
	})
	return best
}

// mayRetry reports whether a function literal holds a retry site or a
// call of a function that retries.
func (s *scanner) mayRetry(lit *ast.FuncLit) bool {
	return anyNode(lit.Body, true, func(n ast.Node) bool {
		if s.siteAt[n] != nil {
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := s.calleeOf(call)
		return fn != nil && s.chainOf(fn) != nil
	})
}

// innerChain returns the deepest chain one attempt of a site runs: of
// the retrying calls in the attempt, those whose failure can lead to
// another attempt (see failureGoesRound).
func (s *scanner) innerChain(site *Site, seen map[ast.Node]bool) []Hop {
	seen[site.node] = true
	if site.fn != nil {
		seen[site.fn] = true
	}
	switch {
	case site.transport != nil:
		return site.below // the layers below the transport's own retry
	case site.body != nil:
		return s.bodyChain(site.BodyBlock(), seen, func(n ast.Node) bool { return s.failureGoesRound(site, n) })
	case site.op != nil:
		if c := s.chainOf(site.op); c != nil {
			return s.viaCall(site.op, site.opExpr, c)
		}
	}
	return nil
}

// viaCall returns the chain of a call of fn at n: a hop for the call,
// then fn's chain. A function declared with //retrylint:retrier is its
// own single layer, so its call is that layer rather than a hop to it.
func (s *scanner) viaCall(fn *types.Func, n ast.Node, chain []Hop) []Hop {
	hop := Hop{Name: analysisutil.FuncName(fn, s.pass.Pkg), Posn: s.posn(n), Pkg: analysisutil.PkgPath(fn), pos: n.Pos()}
	if len(chain) == 1 && chain[0].Retry && chain[0].Name == fn.Name() && chain[0].Pkg == hop.Pkg {
		hop.Retry, hop.Attempts = true, chain[0].Attempts
		return []Hop{hop}
	}
	return prepend(hop, chain)
}

// siteHop is the chain step a site itself contributes: one retry layer.
func (s *scanner) siteHop(site *Site) Hop {
	pkg := s.pass.Pkg.Path()
	switch {
	case site.transport != nil:
		pkg = analysisutil.PkgPath(site.transport) // a client's retrying transport
	case site.entry != nil && site.entry.Pkg != "" && analysisutil.PkgPath(site.callee) == "net/http":
		pkg = site.entry.Pkg // retryablehttp.RoundTripper, not net/http
	case site.callee != nil:
		pkg = analysisutil.PkgPath(site.callee)
	}
	h := Hop{Name: site.name, Posn: s.posn(site.node), Attempts: int32(site.bound.Layer()), Retry: true, Pkg: pkg, pos: site.node.Pos()}
	if sw := s.siteSwitch(site); sw != nil {
		h.Switch, h.Retry = sw, s.switchOn(sw) // a layer only where it is turned on
	}
	return h
}

// enclosingFunc returns the innermost function (declaration or literal)
// of the package containing n.
func (s *scanner) enclosingFunc(n ast.Node) ast.Node {
	var best ast.Node
	for _, fi := range s.funcs {
		if fi.decl.Pos() <= n.Pos() && n.End() <= fi.decl.End() {
			best = fi.decl
			ast.Inspect(fi.decl, func(m ast.Node) bool {
				if lit, ok := m.(*ast.FuncLit); ok && lit.Pos() <= n.Pos() && n.End() <= lit.End() {
					best = lit
				}
				return m == nil || (m.Pos() <= n.Pos() && n.End() <= m.End())
			})
			break
		}
	}
	return best
}

// addRetrierSites records calls of functions that retry inside as
// KindRetrier sites, once summaries are known.
func (s *scanner) addRetrierSites() {
	s.eachNode(func(fn, n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || s.siteAt[n] != nil || s.onceAt[n] != nil {
			return
		}
		if callee := s.calleeOf(call); callee != nil {
			if fd, ok := fn.(*ast.FuncDecl); ok && s.info.Defs[fd.Name] == callee {
				return // a function calling itself is not a retry layer of its own
			}
			if c := s.retrierChain(callee); c != nil {
				site := &Site{kind: KindRetrier, node: call, name: analysisutil.FuncName(callee, s.pass.Pkg), callee: callee, fn: fn}
				site.bound = Bound{Attempts: firstAttempts(c)}
				s.sites = append(s.sites, site)
				s.siteAt[n] = site
			}
		}
	})
	sort.SliceStable(s.sites, func(i, j int) bool { return s.sites[i].node.Pos() < s.sites[j].node.Pos() })
}

func firstAttempts(c []Hop) int {
	for _, h := range c {
		if h.Retry {
			return int(h.Attempts)
		}
	}
	return catalog.AttemptsUnknown
}

// exportFacts exports a fact for every function of the package that
// retries or wraps a retry.
func (s *scanner) exportFacts() {
	if s.std(s.pass.Pkg) {
		return
	}
	for _, fi := range s.funcs {
		s.at.Func(fi.decl)
		if c := s.chains[fi.obj]; kept(c) {
			s.pass.ExportObjectFact(fi.obj, &RetrierFact{Chain: c, RequestGated: s.requestGated(fi)})
		}
		if w := s.wrappers[fi.obj]; w != nil {
			s.pass.ExportObjectFact(fi.obj, w)
		}
		if f := s.producedFact(fi); f != nil {
			s.pass.ExportObjectFact(fi.obj, f)
		}
	}
}

// retrierDirective reads "//retrylint:retrier attempts=N" from a
// function's doc comment: the function retries in a way the recognizer
// cannot see (a loop in assembly, a retry in a generated client).
// attempts may be omitted (unknown) or "unbounded".
func retrierDirective(decl *ast.FuncDecl) *int {
	d := directive.OfFunc(decl, directive.Retrier)
	if d == nil {
		return nil
	}
	return &d.Attempts
}

// joinedFails reports whether the function handed to a joined goroutine
// (catalog.JoinedGo) returns an error when its call n fails: only then
// does the group's Wait fail and the retry around it go round.
//
//	g.Go(func() error { return rdb.Touch(ctx, k).Err() })           // yes
//	g.Go(func() error { if err := touch(); err != nil { log.Print(err) }; return nil }) // no
func (s *scanner) joinedFails(lit *ast.FuncLit, n ast.Node) bool {
	fn := s.eng.Func(lit)
	if fn == nil {
		return false
	}
	w := s.callFails(s.eng.OpRegion(fn, ""), n)
	return w != nil && w.Ends.Has(engine.EndError)
}

// callFails walks a region from a call n of its function under the
// call's failure (an error of any kind); nil when n is no call there.
func (s *scanner) callFails(r *engine.Region, n ast.Node) *engine.Walk {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil
	}
	in := s.eng.Call(r.Func(), call)
	if in == nil {
		return nil
	}
	return r.Walk(&engine.Scenario{Attempt: []ssa.CallInstruction{in}, Outcome: engine.Failed(engine.ErrAny)}, in)
}

// failureGoesRound reports whether the site can make another attempt
// after the retrying call n of its attempt fails: only then do the two
// layers multiply. A loop that calls a retrying loader on one branch and
// gives up when the loader fails runs the loader's retries once, not once
// per attempt:
//
//	for {
//		err := w.watch(ctx)
//		if errors.Is(err, errCompacted) {
//			if err := w.resync(ctx); err != nil { // retries inside
//				return err // its failure leaves: not a layer
//			}
//		}
//		time.Sleep(time.Second)
//	}
//
// The engine walks the region from the call under its failure. What it
// cannot tell (a loop nested in the attempt, a call it cannot place, a
// walk with too many ways) counts as going round.
// A call of a wrapper that retries only the errors it names
// (WrapperFact.PlainStops) does not go round on another library's failure.
func (s *scanner) failureGoesRound(site *Site, n ast.Node) bool {
	if s.wrapperNamesErrors(site, n) {
		return false // its own library's error is none the wrapper retries
	}
	r := site.Region()
	if r == nil {
		return true
	}
	w := s.callFails(r, n)
	if w != nil && !w.Void && !w.Ends.Has(engine.EndRound) && !w.Ends.Has(engine.EndError) {
		return false
	}
	return w == nil || s.innerFailureGoesRound(r, n)
}
