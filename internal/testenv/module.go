package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Module is a module-layout testdata directory whose packages a test
// binary loads once, from source with every dependency (the standard
// library and the real retry libraries its go.mod pins), and analyzes as
// often as its tests ask. Loading is most of the cost of an analyzer
// test (type-checking net/http, the AWS SDK or gRPC from source), and
// analysistest.Run pays it again on every call; a package's tests share
// one Module instead:
//
//	var mod = testenv.NewModule("testdata/mod", "./...")
//
//	func TestAnalyzer(t *testing.T) {
//		t.Parallel()
//		mod.Run(t, nestedretry.Analyzer, "./app", "./chain/...")
//	}
//
// Each test analyzes the packages it names (the analysis of the same
// analyzers on the same packages is done once). Tests may run in
// parallel: the loaded packages are only read.
type Module struct {
	dir      string
	patterns []string

	load     sync.Once
	pkgs     []*packages.Package // the roots: every package the patterns match, with its test variants
	abs      string
	loadErr  error
	mu       sync.Mutex
	analyses map[string]*analysisOnce
}

type analysisOnce struct {
	once  sync.Once
	graph *checker.Graph
	err   error
}

// NewModule describes the module in dir (relative to the test's package
// directory) and the packages its tests analyze; nothing is loaded until
// a test asks. patterns are go list patterns relative to dir, "./..."
// when none are given.
func NewModule(dir string, patterns ...string) *Module {
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	return &Module{dir: dir, patterns: patterns, analyses: map[string]*analysisOnce{}}
}

// Dir returns the module's absolute directory, after downloading the
// modules its go.mod requires.
func (m *Module) Dir(t testing.TB) string {
	t.Helper()
	m.packages(t)
	return m.abs
}

// packages loads the module once, as analysistest does (tests included,
// GOPROXY=off after Download), and fails the test when it cannot.
func (m *Module) packages(t testing.TB) []*packages.Package {
	t.Helper()
	Download(t, m.dir)
	m.load.Do(func() {
		m.abs, m.loadErr = filepath.Abs(m.dir)
		if m.loadErr != nil {
			return
		}
		cfg := &packages.Config{
			Mode:  packages.LoadAllSyntax | packages.NeedModule,
			Dir:   m.abs,
			Tests: true,
			Env:   append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GO111MODULE=on"),
		}
		m.pkgs, m.loadErr = packages.Load(cfg, m.patterns...)
		if m.loadErr != nil {
			return
		}
		var errs []string
		packages.Visit(m.pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				errs = append(errs, e.Error())
			}
		})
		if len(errs) > 0 {
			m.loadErr = fmt.Errorf("the packages do not load:\n%s", strings.Join(errs, "\n"))
		}
	})
	if m.loadErr != nil {
		t.Fatalf("loading %v in %s: %v", m.patterns, m.dir, m.loadErr)
	}
	return m.pkgs
}

// analyze runs the analyzers, together, on the packages of the load that
// match patterns (and on their dependencies, for facts), once per set of
// analyzers and patterns, and returns the actions on those packages.
// Analyzing a package's dependencies is most of the cost of an analysis,
// so a test that asks for more packages than it checks would pay for
// theirs: each asks for what it checks.
func (m *Module) analyze(t testing.TB, analyzers []*analysis.Analyzer, patterns []string) []*checker.Action {
	t.Helper()
	pkgs := m.match(t, m.packages(t), patterns)
	var key []string
	for _, a := range analyzers {
		key = append(key, fmt.Sprintf("%p", a))
	}
	k := strings.Join(append(key, patterns...), " ")
	m.mu.Lock()
	a, ok := m.analyses[k]
	if !ok {
		a = new(analysisOnce)
		m.analyses[k] = a
	}
	m.mu.Unlock()
	a.once.Do(func() {
		a.graph, a.err = checker.Analyze(analyzers, pkgs, &checker.Options{SanityCheck: true})
	})
	if a.err != nil {
		t.Fatalf("analyzing %s: %v", m.dir, a.err)
	}
	return a.graph.Roots
}

// match returns the loaded packages that match one of patterns: "./p"
// (the package in dir/p), "./p/..." (those in and under dir/p), "./..."
// (all). A package's test variants match with it; the generated test
// mains do not. It fails the test when a pattern matches nothing, or is
// of another form.
func (m *Module) match(t testing.TB, pkgs []*packages.Package, patterns []string) []*packages.Package {
	t.Helper()
	var out []*packages.Package
	for _, pat := range patterns {
		rel, ok := strings.CutPrefix(filepath.ToSlash(pat), "./")
		if !ok && pat != "." {
			t.Fatalf("pattern %q: want ./DIR or ./DIR/... (a Module loads %v)", pat, m.patterns)
		}
		under := false
		if r, ok := strings.CutSuffix(rel, "..."); ok {
			rel, under = strings.TrimSuffix(r, "/"), true
		}
		want := filepath.Join(m.abs, filepath.FromSlash(rel))
		n := 0
		for _, p := range pkgs {
			if strings.HasSuffix(p.ID, ".test") || len(p.CompiledGoFiles) == 0 {
				continue
			}
			d := filepath.Dir(p.CompiledGoFiles[0])
			if d == want || under && (rel == "" || strings.HasPrefix(d, want+string(filepath.Separator))) {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
				n++
			}
		}
		if n == 0 {
			t.Fatalf("pattern %q matches no package of %s loaded by %v", pat, m.dir, m.patterns)
		}
	}
	return out
}

// Run analyzes the packages matching patterns with a and checks its
// diagnostics and facts against the // want comments of their files, as
// analysistest.Run does. It returns the actions it checked.
func (m *Module) Run(t *testing.T, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	acts := m.analyze(t, []*analysis.Analyzer{a}, patterns)
	for _, act := range acts {
		if act.Err != nil {
			t.Errorf("analyzing %s: %v", act, act.Err)
			continue
		}
		checkWants(t, act)
	}
	return acts
}

// Findings runs the analyzers together on the packages matching
// patterns and returns the messages each reported on them, "file.go:line:
// message", sorted, a file seen in a package and its test variant once.
// Use it for runs whose findings a test checks by hand.
func (m *Module) Findings(t *testing.T, analyzers []*analysis.Analyzer, patterns ...string) map[*analysis.Analyzer][]string {
	t.Helper()
	out := map[*analysis.Analyzer][]string{}
	seen := map[string]bool{}
	for _, act := range m.analyze(t, analyzers, patterns) {
		if act.Err != nil {
			t.Errorf("analyzing %s: %v", act, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			line := fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, d.Message)
			key := act.Analyzer.Name + "\x00" + p.String() + line
			if !seen[key] { // a file in both p and p [p.test]
				seen[key] = true
				out[act.Analyzer] = append(out[act.Analyzer], line)
			}
		}
	}
	for _, msgs := range out {
		sort.Strings(msgs)
	}
	return out
}
