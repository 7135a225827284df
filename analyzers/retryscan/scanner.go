package retryscan

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// scanner holds the state of one run of the recognizer on one package.
type scanner struct {
	pass *analysis.Pass
	at   *analysisutil.Crumb // what is being analyzed, for a panic's error
	info *types.Info
	eng  *engine.Program
	// std tells the standard library's packages (analysisutil.Std). Its
	// own replays (net/http on a stale connection, database/sql on
	// driver.ErrBadConn) repeat only requests the server never processed;
	// counting them as retry layers would make every loop around an HTTP
	// or SQL call a nested retry. So std functions neither export nor
	// import retry summaries.
	std   func(*types.Package) bool
	funcs []*funcInfo
	byObj map[*types.Func]*funcInfo

	sites  []*Site
	siteAt map[ast.Node]*Site
	// onceAt: what would be a site but makes one attempt (findSites); a
	// chain passes through it as through a plain call.
	onceAt map[ast.Node]*Site

	wrappers map[*types.Func]*WrapperFact // local wrappers
	// litWrappers: function literals of the package that run one of
	// their function parameters in a retry (a gRPC interceptor a helper
	// returns); read only for the channels they are installed on.
	litWrappers map[*ast.FuncLit]*WrapperFact
	// unsettled: call sites that read the wrappers found so far (a gRPC
	// call on a channel with an interceptor of the package), computed
	// again on each round of findSites instead of memoized.
	unsettled   map[ast.Node]bool
	chains      map[*types.Func][]Hop      // local retriers
	imported    *factMemo[[]Hop]           // imported retrier facts, by callee
	importedW   *factMemo[*WrapperFact]    // imported wrapper facts, by callee
	configs     *factMemo[*ConfigFact]     // config helpers: exported, and imported by callee
	classifiers *factMemo[*ClassifierFact] // imported classifier facts, by callee
	randoms     *factMemo[*RandomFact]     // imported random facts, by callee (randomfact.go)
	optIns      *factMemo[*OptInFact]      // imported opt-in facts, by callee (optin.go)
	memo        map[ast.Node]*Site         // loop and library call sites, by node
	switches    map[*Site]*HopSwitch       // siteSwitch (switch.go)
	switchesOn  map[string]bool            // switchOn, by field

	// Worked out once, for the whole package, when first asked (see
	// memo.go: lazy computations of several analyzers may ask at once).
	offByPkg     *lazy[map[string]bool]                 // retriesOffInPackage
	grpcRetrying *lazy[bool]                            // grpcMayRetry
	svcConfigs   *lazy[[]ServiceConfigAt]               // serviceConfigs
	configures   *lazy[bool]                            // mayConfigure
	litVars      *lazy[map[types.Object][]*ast.FuncLit] // holdsLit
	localCalls   *lazy[map[*types.Func][]callAt]        // readLocalCalls (policyparam.go)
	fieldTypes   *lazy[map[*types.Var][]types.Type]     // readFieldTypes (dynamic.go)
	producers    *lazy[map[*types.Func]*ProducedFact]   // readProducers (produced.go)
}

type funcInfo struct {
	decl *ast.FuncDecl
	obj  *types.Func
	// declared is the attempt count of a //retrylint:retrier directive,
	// or nil.
	declared *int
}

func newScanner(pass *analysis.Pass, at *analysisutil.Crumb) *scanner {
	s := &scanner{
		pass:        pass,
		at:          at,
		info:        pass.TypesInfo,
		eng:         engine.Of(pass),
		std:         analysisutil.Std(pass),
		byObj:       map[*types.Func]*funcInfo{},
		wrappers:    map[*types.Func]*WrapperFact{},
		litWrappers: map[*ast.FuncLit]*WrapperFact{},
		unsettled:   map[ast.Node]bool{},
		chains:      map[*types.Func][]Hop{},
		imported:    newFactMemo[[]Hop](),
		importedW:   newFactMemo[*WrapperFact](),
		configs:     newFactMemo[*ConfigFact](),
		classifiers: newFactMemo[*ClassifierFact](),
		randoms:     newFactMemo[*RandomFact](),
		optIns:      newFactMemo[*OptInFact](),
		memo:        map[ast.Node]*Site{},
		switches:    map[*Site]*HopSwitch{},
		switchesOn:  map[string]bool{},
	}
	s.offByPkg = &lazy[map[string]bool]{compute: s.retriesOff}
	s.grpcRetrying = &lazy[bool]{compute: s.readGRPCRetries}
	s.svcConfigs = &lazy[[]ServiceConfigAt]{compute: s.readServiceConfigs}
	s.configures = &lazy[bool]{compute: s.readMayConfigure}
	s.litVars = &lazy[map[types.Object][]*ast.FuncLit]{compute: s.readLitVars}
	s.localCalls = &lazy[map[*types.Func][]callAt]{compute: s.readLocalCalls}
	s.fieldTypes = &lazy[map[*types.Var][]types.Type]{compute: s.readFieldTypes}
	s.producers = &lazy[map[*types.Func]*ProducedFact]{compute: s.readProducers}
	return s
}

func (s *scanner) collectFuncs() {
	for _, f := range s.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := s.info.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			fi := &funcInfo{decl: decl, obj: obj, declared: retrierDirective(decl)}
			s.funcs = append(s.funcs, fi)
			s.byObj[obj] = fi
		}
	}
}

// ownFunc returns the function of this package fn is, with its body, or
// nil.
func (s *scanner) ownFunc(fn *types.Func) *funcInfo {
	if fi := s.byObj[fn]; fi != nil && fi.decl.Body != nil {
		return fi
	}
	return nil
}

// eachNode calls visit for every node of the package's function bodies,
// with the innermost function (declaration or literal) holding it.
func (s *scanner) eachNode(visit func(fn, n ast.Node)) {
	for _, fi := range s.funcs {
		if fi.decl.Body == nil {
			continue
		}
		s.at.Func(fi.decl)
		stack := []ast.Node{fi.decl}
		ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			s.at.At(n.Pos())
			visit(stack[len(stack)-1], n)
			if _, ok := n.(*ast.FuncLit); ok {
				stack = append(stack, n)
			} else {
				stack = append(stack, stack[len(stack)-1])
			}
			return true
		})
	}
}

// findSites walks every function body and records loop and call sites.
func (s *scanner) findSites() {
	s.sites = nil
	s.siteAt = map[ast.Node]*Site{}
	s.onceAt = map[ast.Node]*Site{}
	s.eachNode(func(fn, n ast.Node) {
		var site *Site
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			site = s.memoized(n, func() *Site { return s.loopSite(fn, n.(ast.Stmt)) })
		case *ast.LabeledStmt:
			site = s.memoized(n, func() *Site { return s.gotoSite(fn, n) })
		case *ast.CallExpr:
			callee := s.calleeOf(n)
			if callee == nil {
				break // a call of a function value or a builtin: no site
			}
			site = s.memoized(n, func() *Site {
				if site := s.callSite(fn, n, callee); site != nil {
					return site
				}
				return s.recursionSite(fn, n)
			})
			if site == nil {
				site = s.wrapperSite(fn, n, callee)
			}
		}
		if site != nil && site.bound.Attempts == 1 {
			// One attempt is no retry: retry.Attempts(1), a wrapper
			// called with a count of 1, for i := 0; i < 1; i++. It is
			// what nestedretry tells an inner layer to become.
			s.onceAt[n] = site
			site = nil
		}
		if site != nil {
			s.sites = append(s.sites, site)
			s.siteAt[n] = site
		}
	})
}

// memoized returns the site computed for n on an earlier round of
// findSites, or computes it: loops and library calls do not depend on the
// wrappers found so far, except the unsettled ones.
func (s *scanner) memoized(n ast.Node, compute func() *Site) *Site {
	if site, ok := s.memo[n]; ok {
		return site
	}
	site := compute()
	if !s.unsettled[n] {
		s.memo[n] = site
	}
	return site
}

// findWrappers finds the package's retry wrappers by induction, the way
// printf finds printf wrappers: a function is a wrapper when one of its
// retry sites runs one of its function parameters, including a call that
// hands the parameter to another wrapper. Sites are found again until no
// new wrapper appears.
func (s *scanner) findWrappers() {
	for range 8 {
		s.findSites()
		changed := false
		for _, site := range s.sites {
			if lit, ok := site.fn.(*ast.FuncLit); ok {
				if _, done := s.litWrappers[lit]; !done {
					if sig, _ := s.info.TypeOf(lit).(*types.Signature); sig != nil {
						if p := s.runsParam(site, sig); p >= 0 && catalog.GRPCInvoker(sig.Params().At(p).Type()) {
							s.litWrappers[lit] = s.wrapperFact(site, p)
							changed = true
						}
					}
				}
				continue
			}
			fd, ok := site.fn.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := s.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if _, done := s.wrappers[obj]; done {
				continue
			}
			sig := obj.Type().(*types.Signature)
			if p := s.runsParam(site, sig); p >= 0 {
				w := s.wrapperFact(site, p)
				w.IgnoresCtx = s.ignoresCtx(site, fd, p)
				w.Gate = s.gate(site, fd, p)
				w.PlainStops = s.plainStops(site, paramFunc(sig, p))
				w.Lib = s.handsOpTo(site, sig, p)
				w.Classifier = s.classifierParam(site, sig, p)
				s.wrappers[obj] = w
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// wrapperFact is what a site that runs parameter p of its function
// makes of the function: its bound and delay.
func (s *scanner) wrapperFact(site *Site, p int) *WrapperFact {
	d := site.Delay()
	w := &WrapperFact{Param: p, Attempts: int32(site.bound.Attempts), Via: site.name,
		Ctx: site.bound.Ctx, Time: site.bound.Time,
		DelayKind: uint8(d.Kind), Capped: uint8(d.Capped), Jittered: uint8(d.Jittered),
		Initial: int64(d.Initial), Factor: d.Factor, Cap: int64(d.Cap)}
	if s.pass.Module != nil {
		w.Module = s.pass.Module.Path
	}
	w.CountParam, w.CountAdd = countParam(site.bound)
	return w
}

// runsParam returns the index of the function parameter (of a function
// of signature sig) that the site runs as its operation, or -1. The one
// its attempt calls comes first: a loop that also calls a classifier
// parameter (if !isRetryable(err)) runs the function it retries, not the
// classifier.
func (s *scanner) runsParam(site *Site, sig *types.Signature) int {
	var funcs []int
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if _, ok := p.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		if id, ok := ast.Unparen(site.opExpr).(*ast.Ident); ok && s.info.ObjectOf(id) == p {
			return i
		}
		funcs = append(funcs, i)
	}
	for _, i := range funcs {
		if site.attemptCall != nil && s.callsVar(site.attemptCall, sig.Params().At(i)) {
			return i // also for op() != nil { time.Sleep(d) }: the attempt is the loop's condition
		}
	}
	for _, i := range funcs {
		if site.body != nil && s.callsVar(site.body, sig.Params().At(i)) {
			return i
		}
	}
	return -1
}

// paramFunc returns the signature of parameter i of sig when it is a
// function, or nil.
func paramFunc(sig *types.Signature, i int) *types.Signature {
	op, _ := sig.Params().At(i).Type().Underlying().(*types.Signature)
	return op
}

// callsVar reports whether n calls the function variable v directly
// (outside nested function literals other than n itself), or in a
// literal it calls in place, as transaction helpers do to defer the
// rollback:
//
//	err = func() error {
//		tx, _ := db.Begin()
//		defer tx.Rollback()
//		return fn(tx)
//	}()
func (s *scanner) callsVar(n ast.Node, v *types.Var) bool {
	return anyNode(n, false, func(m ast.Node) bool {
		call, ok := m.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			if s.info.ObjectOf(f) == v {
				return true
			}
		case *ast.FuncLit:
			return s.callsVar(f, v)
		}
		return slices.Contains(s.heldParams(call), v)
	})
}

// wrapperOf returns the wrapper fact of a callee, local or imported.
func (s *scanner) wrapperOf(fn *types.Func) *WrapperFact {
	if w, ok := s.wrappers[fn]; ok {
		return w
	}
	if fn.Pkg() == s.pass.Pkg || s.std(fn.Pkg()) || catalogued(fn) {
		return nil
	}
	return importFact(s.pass, s.importedW, fn, new(WrapperFact))
}

// retrierChain returns the chain below a callee that retries, local or
// imported, or nil.
func (s *scanner) retrierChain(fn *types.Func) []Hop {
	if c := s.chainOf(fn); Layers(c) > 0 {
		return c
	}
	return nil
}

// chainOf is retrierChain with the chains none of whose layers counts
// here but that hold a switch (switch.go): summaries pass them on.
func (s *scanner) chainOf(fn *types.Func) []Hop {
	if _, ok := s.byObj[fn]; ok {
		return s.chains[fn]
	}
	if fn.Pkg() == s.pass.Pkg || s.std(fn.Pkg()) || catalogued(fn) {
		return nil
	}
	return s.imported.get(fn, func() []Hop { return s.importRetrier(fn) })
}

// retrying returns the chains that have a layer in this package: not
// those kept only for a switch it does not turn on (switch.go).
func retrying(chains map[*types.Func][]Hop) map[*types.Func][]Hop {
	out := make(map[*types.Func][]Hop, len(chains))
	for fn, c := range chains {
		if Layers(c) > 0 {
			out[fn] = c
		}
	}
	return out
}

// importRetrier reads the chain of another package's retrier fact.
func (s *scanner) importRetrier(fn *types.Func) []Hop {
	if f := new(RetrierFact); s.pass.ImportObjectFact(fn, f) {
		return s.applySwitches(posless(f.Chain))
	}
	return nil
}

// posless returns a copy of a chain read from a fact without positions.
// Positions are valid only in the package that made the chain. A fact
// handed over in memory may still carry them, one gob-encoded (go vet,
// nogo, golangci-lint's cache) never does; drop them so that every
// driver reports the same (the golangci-lint end-to-end check saw the
// difference).
func posless(chain []Hop) []Hop {
	c := make([]Hop, len(chain))
	for i, h := range chain {
		h.pos = token.NoPos
		c[i] = h
	}
	return c
}

// catalogued reports whether the catalog describes fn. The catalog is
// authoritative for what it lists: a library's entry point retries as the
// catalog and the visible configuration say, whatever loops the library
// has inside (gax.Invoke without WithRetry makes one attempt; an aws
// operation with aws.NopRetryer makes one).
func catalogued(fn *types.Func) bool {
	return catalog.LookupRetry(fn) != nil || catalog.LookupAWSOperation(fn) != nil || catalog.LookupOpenAIOperation(fn) != nil ||
		catalog.LookupRestyRequest(fn) != nil || catalog.RedisFunc(fn) ||
		(analysisutil.PkgPath(fn) == "net/http" && analysisutil.RecvName(fn) == "Client")
}

// posn renders a position as "file.go:40" for facts.
func (s *scanner) posn(n ast.Node) string {
	p := s.pass.Fset.Position(n.Pos())
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

func (s *scanner) result() *Result {
	r := &Result{
		sites:    s.sites,
		siteAt:   s.siteAt,
		inner:    map[*Site][]Hop{},
		retriers: retrying(s.chains),
		wrappers: maps.Clone(s.wrappers),
		triggers: newTriggers(s),
		budgets:  s.deferBudgets(),
		retryer:  s.retryerAttempts,

		boundsNothing: s.attemptBoundsNothing,
		afterFailure:  s.afterFailure,
		stacks:        &lazy[[]InterceptorStack]{compute: s.interceptorStacks},
	}
	for _, site := range s.sites {
		site.worst = &lazy[WorstCase]{compute: func() WorstCase { return s.worstCase(site) }}
		site.budget = s.deferBudget(site)
		site.local = &lazy[bool]{compute: func() bool { return s.staysLocal(site) }}
		if c := s.innerChain(site, map[ast.Node]bool{}); Layers(c) > 0 {
			r.inner[site] = c
		}
	}
	s.imported.each(func(fn *types.Func, c []Hop) {
		if Layers(c) > 0 {
			r.retriers[fn] = c
		}
	})
	s.importedW.each(func(fn *types.Func, w *WrapperFact) {
		if w != nil {
			r.wrappers[fn] = w
		}
	})
	return r
}
