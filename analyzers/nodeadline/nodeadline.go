package nodeadline

import (
	_ "embed"
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Config holds the analyzer's options; each is a flag.
type Config struct {
	// RetryOnly reports only findings inside retry sites (-retry-only).
	RetryOnly bool
	// Tests reports in _test.go files and test harnesses too (-tests;
	// see report.BindTests).
	Tests bool
	// EveryCall reports every call in examples and commands, not only
	// the first of each function (-every-call).
	EveryCall bool
}

// DefaultConfig returns the default options: report everywhere but in
// test files.
func DefaultConfig() Config { return Config{} }

// NewAnalyzer returns a nodeadline analyzer whose flags bind a fresh
// copy of cfg.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := cfg
	a := &analysis.Analyzer{
		Name:       "nodeadline",
		Doc:        analysisutil.MustExtractDoc(doc, "nodeadline"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/nodeadline",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, &c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
		FactTypes:  []analysis.Fact{new(ReachFact), new(ResultFact), new(FreeFact), new(ClientFieldsFact), new(HandsFact), new(SQLHandleFact), new(WrappedFact)},
	}
	a.Flags.BoolVar(&c.RetryOnly, "retry-only", c.RetryOnly, "report only inside retry sites")
	a.Flags.BoolVar(&c.EveryCall, "every-call", c.EveryCall, "in examples and commands, report every call rather than the first of each function")
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

// Analyzer is the nodeadline analyzer with the default options.
var Analyzer = NewAnalyzer(DefaultConfig())

// relevant are the imports without which a package can make no outbound
// call the analyzer knows and can hold no deadline-less context; grpc for
// a blocking grpc.Dial, which takes no context (grpcblock.go).
var relevant = []string{"context", "net/http", "net", "crypto/tls", "database/sql", catalog.GRPCPkg}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	res, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	rep := report.New(pass)
	// The standard library is not analyzed: go vet would analyze every
	// standard package a module imports, building SSA for net/http,
	// crypto/tls and database/sql, for findings it never shows and for
	// facts the catalog states (its context derivations are ctxFuncs rows,
	// its SQL and network calls outbound rows).
	if analysisutil.Std(pass)(pass.Pkg) {
		return rep.Usage(), nil
	}
	imports := false
	for _, p := range relevant {
		imports = imports || analysisutil.Imports(pass.Pkg, p) || pass.Pkg.Path() == p
	}
	imports = imports || passesContexts(pass)
	wrapped := importWrapped(pass) // re-exported by every package: importers see wrappers they import indirectly
	if !imports {
		exportWrapped(pass, wrapped)
		return rep.Usage(), nil
	}
	c := &checker{
		pass:    pass,
		at:      at,
		cfg:     cfg,
		res:     res,
		rep:     rep,
		p:       engine.Of(pass),
		sums:    map[*types.Func]*summary{},
		frees:   map[*types.Func]*freeSum{},
		inParam: map[*types.Func]bool{}, litTracers: map[*ssa.Function]*tracer{}, kept: map[*ssa.Store]bool{},
		wrapped: wrapped,
		impls:   clientShapedTypes(pass),
	}
	if !cfg.Tests {
		c.harness = harnessFiles(pass) // judged like test files (policy.go)
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					c.funcs = append(c.funcs, &funcInfo{decl: fd, obj: fn, carries: carries(fn)})
				}
			}
		}
	}
	c.summarizeFree()
	// Summaries only grow (a function's fact is set once), so the
	// fixpoint ends; recursion through many functions needs one round
	// per hop.
	for round := 0; round < 2*analysisutil.MaxHops; round++ {
		before := len(c.sums)
		for _, fi := range c.funcs {
			c.scan(fi, false)
		}
		if len(c.sums) == before {
			break
		}
	}
	for _, fi := range c.funcs {
		c.scan(fi, true)
	}
	c.flushConns()
	c.flushHeld()
	for fn, s := range c.sums {
		pass.ExportObjectFact(fn, s.fact)
	}
	for fn, s := range c.frees {
		if fn.Exported() {
			pass.ExportObjectFact(fn, s.fact) // importers' attempts may call it
		}
	}
	c.exportResults()
	c.exportClientFields()
	c.exportHands()
	c.exportSQLHandles()
	// After the scans: a call in the wrapper's own package is judged
	// without it.
	c.ownWrapped(wrapped)
	exportWrapped(pass, wrapped)
	return rep.Usage(), nil
}

// passesContexts reports, on syntax, a package that hands a context to a
// call without importing the context package: it has its contexts from
// a helper of another package and calls a generated gRPC client with
// them, say:
//
//	ctx, cancel := ctxutil.Detached()
//	defer cancel()
//	_, err := c.Check(ctx, req)
func passesContexts(pass *analysis.Pass) bool {
	return anyCall(pass, func(call *ast.CallExpr) bool {
		sig, ok := pass.TypesInfo.TypeOf(call.Fun).(*types.Signature)
		return ok && sig.Params().Len() > 0 && catalog.IsContext(sig.Params().At(0).Type())
	})
}

// carries reports a function with a context or request parameter: a
// context that reaches an outbound call through it makes a summary.
func carries(fn *types.Func) bool {
	ps := fn.Type().(*types.Signature).Params()
	for i := range ps.Len() {
		if carrier(ps.At(i).Type()) {
			return true
		}
	}
	return false
}
