package retryscan

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

//go:embed doc.go
var doc string

// Analyzer is the retry recognizer. It reports nothing; other analyzers
// require it and read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "retryscan",
	Doc:        analysisutil.MustExtractDoc(doc, "retryscan"),
	URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryscan",
	Requires:   []*analysis.Analyzer{engine.Analyzer},
	Run:        runGuarded,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(RetrierFact), new(WrapperFact), new(ConfigFact), new(ConfigPkgFact), new(ClassifierFact), new(PushbackFact), new(RandomFact), new(PeerFact), new(AbsenceFact), new(OptInFact), new(ConstStatusFact), new(NopLimiterFact), new(ProducedFact)},
}

// Result answers questions about the retry sites of one package.
type Result struct {
	err      error // the recognizer failed on the package; see Of
	sites    []*Site
	siteAt   map[ast.Node]*Site
	inner    map[*Site][]Hop
	retriers map[*types.Func][]Hop
	wrappers map[*types.Func]*WrapperFact
	configs  *factMemo[*ConfigFact]
	// classifiers: exported and imported classifier facts (classifier.go).
	classifiers *factMemo[*ClassifierFact]
	pushback    func(*types.Func) bool
	triggers    *triggers
	budgets     *lazy[budgetScan]
	retryer     func(ast.Expr) int // RetryerAttempts (awsretryer.go)
	// boundsNothing: AttemptBoundsNothing (attemptbound.go).
	boundsNothing func(*ast.BlockStmt) bool
	// afterFailure: AfterFailure (afterfailure.go).
	afterFailure func(*Site, ast.Node) bool
	stacks       *lazy[[]InterceptorStack]
}

// Sites returns the package's retry sites in source order.
func (r *Result) Sites() []*Site { return r.sites }

// SiteAt returns the site whose node is n (a loop or a call), or nil.
func (r *Result) SiteAt(n ast.Node) *Site { return r.siteAt[n] }

// Enclosing returns the sites whose attempt body contains pos, outermost
// first.
func (r *Result) Enclosing(pos token.Pos) []*Site {
	var out []*Site
	for _, s := range r.sites {
		if s.Contains(pos) {
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].body.Pos() < out[j].body.Pos() })
	return out
}

// Inner returns the deepest chain of calls and retry layers that one
// attempt of the site runs, outermost first, or nil when its attempts
// reach no other retry. Hops inside this package carry positions.
func (r *Result) Inner(s *Site) []Hop { return r.inner[s] }

// Retrier returns the retry chain below fn when calling fn runs a retry,
// for functions of this package and for every function this package
// calls whose package exported a fact.
func (r *Result) Retrier(fn *types.Func) ([]Hop, bool) {
	c, ok := r.retriers[fn]
	return c, ok
}

// Wrapper returns the wrapper fact of fn, when fn runs one of its
// function parameters in a retry.
func (r *Result) Wrapper(fn *types.Func) (*WrapperFact, bool) {
	w, ok := r.wrappers[fn]
	return w, ok
}

// Of returns the recognizer's result for the pass of an analyzer that
// requires it, or the error the recognizer failed with on the package,
// which the analyzer returns as its own:
//
//	r, err := retryscan.Of(pass)
//	if err != nil {
//		return nil, err
//	}
//
// A failure of the recognizer is not a failure of its pass: drivers show
// only the errors of the analyzers the user runs, and those would say no
// more than "failed prerequisites: retryscan", losing where and why.
func Of(pass *analysis.Pass) (*Result, error) {
	r, ok := pass.ResultOf[Analyzer].(*Result)
	if !ok {
		return nil, fmt.Errorf("%s: no result of the %s analyzer (it must be required)", pass.Analyzer.Name, Analyzer.Name)
	}
	return r, r.err
}

// guarded is run with its panics turned into errors.
var guarded = analysisutil.Guard(run)

func runGuarded(pass *analysis.Pass) (any, error) {
	res, err := guarded(pass)
	if err != nil {
		return &Result{err: err}, nil
	}
	return res, nil
}

func run(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) {
	s := newScanner(pass, at)
	s.exportPeerFact() // every package, std too: its importers ask it
	if s.std(pass.Pkg) {
		// The standard library's own replays are not counted (s.std), and
		// its retries are nobody's to fix: no sites, no facts, no SSA.
		return s.result(), nil
	}
	s.eng.SetClassifiers(s.classifierOf)
	s.eng.SetRandoms(s.randomOf)
	s.eng.SetAbsences(s.absenceOf)
	s.eng.SetConstStatuses(s.constStatusOf)
	s.collectFuncs()
	s.findWrappers()
	s.summarize()
	if s.addTransportSites() {
		s.summarize() // the functions that send through them retry
	}
	s.addRetrierSites()
	s.exportFacts()
	s.exportConfigFacts()
	s.exportClassifiers()
	s.exportRandoms()
	s.exportAbsences()
	s.exportConstStatuses()
	s.exportOptIns()
	s.exportNopLimiters()
	r := s.result()
	r.configs = s.configs
	r.classifiers = s.classifiers
	pushbacks := newFactMemo[*PushbackFact]()
	r.pushback = func(fn *types.Func) bool { return importFact(pass, pushbacks, fn, new(PushbackFact)) != nil }
	return r, nil
}
