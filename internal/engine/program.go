package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Analyzer gives every analyzer of a package the same *Program. It
// builds nothing when it runs: SSA is built on the first question, so a
// package whose analyzers find no candidate (most dependencies under go
// vet) never pays for it. It has no facts and requires nothing, unlike
// buildssa, whose ctrlflow requirement exports facts on every dependency.
var Analyzer = &analysis.Analyzer{
	Name: "retrylintengine",
	Doc:  "build go/ssa for retrylint's analyzers on demand; reports nothing",
	URL:  "https://pkg.go.dev/github.com/retrylint/retrylint/internal/engine",
	Run: analysisutil.Guard(func(pass *analysis.Pass, _ *analysisutil.Crumb) (any, error) {
		return New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files), nil
	}),
	ResultType: reflect.TypeFor[*Program](),
}

// Of returns the pass's Program; the analyzer must Require Analyzer.
func Of(pass *analysis.Pass) *Program { return pass.ResultOf[Analyzer].(*Program) }

// Program is the SSA form of one package, built on first use. It is safe
// for concurrent use: the analyzers of a package run in parallel.
type Program struct {
	fset  *token.FileSet
	pkg   *types.Package
	info  *types.Info
	files []*ast.File

	once  sync.Once
	built atomic.Bool
	ssa   *ssa.Package
	funcs map[ast.Node]*ssa.Function  // by *ast.FuncDecl, *ast.FuncLit, and *ast.RangeStmt for a range-over-func body
	exprs map[token.Pos]*ast.CallExpr // by Lparen

	mu           sync.Mutex
	calls        map[*ssa.Function]map[token.Pos]ssa.CallInstruction
	lps          map[*ssa.Function][]*Loop
	configs      map[ssa.Value]Config
	stmts        map[ssa.Instruction]ast.Node    // SyntaxOf of allocations and stores
	maps         map[*ssa.Global][]MapEntry      // constant maps (maps.go)
	consts       map[*types.Named][]*types.Const // error constants by type (sentinel.go)
	statusRes    map[statusKey]bool              // statusResult (statusresult.go)
	statusStores map[*types.Var]bool             // statusStore (statusstore.go)
	preds        map[predKey]predAnswer          // predicates of a method (methodguard.go)
	implHere     map[types.Type]bool             // interfaces a type of the package implements (foreignerr.go)

	fieldsOnce sync.Once
	fieldIdx   *fieldIndex

	evidenceOnce sync.Once
	evidence     map[*types.Var]bool // fields shown to hold an HTTP status (statusfield.go)

	// classifiers looks up the table of another package's classifier
	// (classify.go); nil when none were given.
	classifiers func(*types.Func) []catalog.Tri
	// randoms reports another package's function that returns a
	// random number (random.go); nil when none were given.
	randoms func(*types.Func) bool
	// absences reports another package's error variable that means
	// "not found" (absence.go); nil when none were given.
	absences func(*types.Var) bool
	// constStatuses reports another package's status method that
	// returns a constant (conststatus.go); nil when none were given.
	constStatuses func(*types.Func) bool

	absentOnce sync.Once
	absent     map[*types.Var]bool // the package's own (absence.go)
}

// New returns the Program of a package, built on first use. Analyzers
// use Of(pass) instead, to share one.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, files []*ast.File) *Program {
	return &Program{fset: fset, pkg: pkg, info: info, files: files}
}

// Built reports whether a question has built the package's SSA: tests
// check that a package with no candidate does not pay for it.
func (p *Program) Built() bool { return p.built.Load() }

// Pkg returns the package's types.
func (p *Program) Pkg() *types.Package { return p.pkg }

// Info returns the package's type information.
func (p *Program) Info() *types.Info { return p.info }

// Fset returns the file set of the package's syntax.
func (p *Program) Fset() *token.FileSet { return p.fset }

// build creates the SSA package from the pass's syntax and types, the
// way buildssa does: the imports as types only, this package with
// bodies. Calls of functions that do not return (os.Exit, log.Fatal,
// t.Fatal) end their block, from the catalog rather than ctrlflow's
// facts.
func (p *Program) build() {
	p.once.Do(func() {
		p.built.Store(true)
		prog := ssa.NewProgram(p.fset, 0)
		prog.SetNoReturn(catalog.NoReturn)
		for _, imp := range p.pkg.Imports() {
			prog.CreatePackage(imp, nil, nil, true)
		}
		p.ssa = prog.CreatePackage(p.pkg, p.files, p.info, false)
		// Debug references tie values back to the expressions they come
		// from: an analyzer asks about an expression, a message quotes
		// the condition a branch tests.
		p.ssa.SetDebugMode(true)
		p.ssa.Build()
		p.funcs = map[ast.Node]*ssa.Function{}
		var add func(fn *ssa.Function)
		add = func(fn *ssa.Function) {
			if fn == nil {
				return
			}
			switch syn := fn.Syntax().(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				if fn.Synthetic == "" {
					p.funcs[syn] = fn
				}
			case *ast.RangeStmt:
				p.funcs[syn] = fn // the yield function of a range-over-func body
			}
			for _, anon := range fn.AnonFuncs {
				add(anon)
			}
		}
		for _, m := range p.ssa.Members {
			if fn, ok := m.(*ssa.Function); ok {
				add(fn)
			}
		}
		for _, f := range p.files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
					if obj, ok := p.info.Defs[fd.Name].(*types.Func); ok {
						add(prog.FuncValue(obj))
					}
				}
			}
		}
		p.exprs = map[token.Pos]*ast.CallExpr{}
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					p.exprs[c.Lparen] = c
				}
				return true
			})
		}
		p.calls = map[*ssa.Function]map[token.Pos]ssa.CallInstruction{}
		p.lps = map[*ssa.Function][]*Loop{}
		p.configs = map[ssa.Value]Config{}
		p.stmts = map[ssa.Instruction]ast.Node{}
		p.statusRes = map[statusKey]bool{}
		p.statusStores = map[*types.Var]bool{}
	})
}

// own reports a function of the package with a body: one the engine
// reads rather than assumes.
func (p *Program) own(fn *ssa.Function) bool {
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == p.pkg && len(fn.Blocks) > 0
}

// Owns reports whether a call runs a function of the package whose body
// the engine reads (a static callee with a body).
func (p *Program) Owns(c ssa.CallInstruction) bool { return p.own(c.Common().StaticCallee()) }

// Func returns the SSA function of a function declaration or literal of
// the package, or nil (a declaration without body).
func (p *Program) Func(syntax ast.Node) *ssa.Function {
	p.build()
	return p.funcs[syntax]
}

// Call returns the call instruction of a call expression in fn, found by
// the position of its opening parenthesis, or nil: a conversion, a call
// of a builtin the builder folds, or a call in a nested function literal.
func (p *Program) Call(fn *ssa.Function, call *ast.CallExpr) ssa.CallInstruction {
	if fn == nil || call == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	m, ok := p.calls[fn]
	if !ok {
		m = map[token.Pos]ssa.CallInstruction{}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(ssa.CallInstruction); ok {
					m[c.Common().Pos()] = c
				}
			}
		}
		p.calls[fn] = m
	}
	return m[call.Lparen]
}

// CallExpr returns the call expression of a call instruction, or nil for
// a call the builder made (a deferred closure, a range-over-func yield).
func (p *Program) CallExpr(c ssa.CallInstruction) *ast.CallExpr {
	p.build()
	return p.exprs[c.Common().Pos()]
}

// loops returns the natural loops of fn, computed once.
func (p *Program) loops(fn *ssa.Function) []*Loop {
	p.mu.Lock()
	defer p.mu.Unlock()
	ls, ok := p.lps[fn]
	if !ok {
		ls = loops(fn)
		p.lps[fn] = ls
	}
	return ls
}

// memo returns m[k], computing it with f (outside the lock: f may ask
// other memoized questions) the first time.
func memo[K comparable, V any](mu *sync.Mutex, m map[K]V, k K, f func(K) V) V {
	mu.Lock()
	v, ok := m[k]
	mu.Unlock()
	if !ok {
		v = f(k)
		mu.Lock()
		m[k] = v
		mu.Unlock()
	}
	return v
}
