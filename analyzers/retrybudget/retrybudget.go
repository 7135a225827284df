package retrybudget

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Categories of findings, one per kind.
const (
	CategoryOverBudget        = "over-budget"
	CategoryAttemptUsesBudget = "attempt-uses-budget"
	CategoryOwnLimit          = "own-limit"
	CategoryLoadBudget        = "load-budget"
)

// Config holds the analyzer's options; each is also a flag.
type Config struct {
	// NoAttemptTimeout reports attempts with no timeout of their own
	// under a deadline (attempt-uses-budget), on by default.
	NoAttemptTimeout bool
	// LoadBudget reports retries whose load budget is visibly missing or
	// switched off (load-budget), on by default.
	LoadBudget bool
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the defaults: every category, no test files.
func DefaultConfig() Config { return Config{NoAttemptTimeout: true, LoadBudget: true} }

// Analyzer is the retrybudget analyzer with default settings.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns a retrybudget analyzer whose flags are bound to its
// own copy of cfg.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := cfg
	a := &analysis.Analyzer{
		Name:       "retrybudget",
		Doc:        analysisutil.MustExtractDoc(doc, "retrybudget"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retrybudget",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, &c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
		FactTypes:  []analysis.Fact{new(BudgetFact), new(BucketOffFact)},
	}
	a.Flags.BoolVar(&c.NoAttemptTimeout, "attempt-uses-budget", c.NoAttemptTimeout, "report attempts with no timeout of their own under a deadline")
	a.Flags.BoolVar(&c.LoadBudget, "load-budget", c.LoadBudget, "report retries whose load budget is missing or switched off")
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

// checker holds one run on one package.
type checker struct {
	pass *analysis.Pass
	at   *analysisutil.Crumb
	cfg  *Config
	res  *retryscan.Result
	rep  *report.Reporter
	// decls are the package's function declarations, by object.
	decls map[*types.Func]*ast.FuncDecl
	// local are the summaries of this package's functions whose retry
	// runs on a context parameter with no deadline of their own.
	local map[*types.Func]*BudgetFact
	// serving caches serves(), roundTrips hasRoundTrip().
	serving, roundTrips *bool
	// limits are the client limits set out of their retry's function
	// already reported (ownLimit).
	limits map[token.Pos]bool
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	res, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	rep := report.New(pass)
	c := &checker{pass: pass, at: at, cfg: cfg, res: res, rep: rep, local: map[*types.Func]*BudgetFact{}, limits: map[token.Pos]bool{}}
	c.serviceConfigs()
	// Cheap everywhere: a package with no retry site and no imported
	// summary has nothing to compare.
	if len(res.Sites()) == 0 && len(pass.AllObjectFacts()) == 0 {
		return rep.Usage(), nil
	}
	var wrappers []*retryscan.Site
	for _, site := range res.Sites() {
		if site.Kind() == retryscan.KindWrapper {
			wrappers = append(wrappers, site) // once the helpers' summaries are known
			continue
		}
		c.at.At(site.Pos())
		c.checkSite(site)
	}
	if len(wrappers) > 0 {
		c.carry()
		for _, site := range wrappers {
			c.at.At(site.Pos())
			if !c.comparedAtCall(site) {
				c.checkSite(site)
			}
		}
	}
	if len(c.local) > 0 || len(pass.AllObjectFacts()) > 0 {
		c.checkCalls()
	}
	for fn, f := range c.local {
		pass.ExportObjectFact(fn, f)
	}
	return rep.Usage(), nil
}

// decl returns the declaration of a function of this package, or nil.
func (c *checker) decl(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = map[*types.Func]*ast.FuncDecl{}
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						c.decls[obj] = fd
					}
				}
			}
		}
	}
	return c.decls[fn]
}

// funcDecl returns the function declaration holding pos, or nil.
func (c *checker) funcDecl(n ast.Node) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if f.Pos() > n.Pos() || n.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && fd.Pos() <= n.Pos() && n.End() <= fd.End() {
				return fd
			}
		}
	}
	return nil
}
