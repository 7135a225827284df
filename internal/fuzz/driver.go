// Package fuzz feeds generated and mutated Go sources through every
// retrylint analyzer (the registry) and checks that none panics, fails,
// or reports something a driver would choke on. See fuzz_test.go.
//
// The driver here is deliberately small: a world of real, type-checked
// dependency packages (the retry libraries of testdata/mod and the parts of
// std they pull in) is loaded once, the analyzers run over all of it once to
// produce the dependencies' facts, and then each input is parsed,
// type-checked against that world and analyzed like a root package of
// go vet or the standalone checker would analyze it.
package fuzz

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// World is the loaded dependency graph and the facts the analyzers
// exported on it. It is read-only once built.
type World struct {
	Fset      *token.FileSet
	Analyzers []*analysis.Analyzer // the roots, as given
	order     []*analysis.Analyzer // roots and their requirements, requirements first
	pkgs      map[string]*types.Package
	facts     *factStore
}

// Load loads the packages matching patterns in dir (with all their
// dependencies, from source) and runs the analyzers on every one of them,
// dependencies first, keeping the facts.
func Load(dir string, analyzers []*analysis.Analyzer, patterns ...string) (*World, error) {
	if err := analysis.Validate(analyzers); err != nil {
		return nil, err
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")}
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(roots); n > 0 {
		return nil, fmt.Errorf("loading %v in %s: %d errors", patterns, dir, n)
	}
	w := &World{Fset: cfg.Fset, Analyzers: analyzers, pkgs: map[string]*types.Package{}, facts: newFactStore()}
	if w.Fset == nil && len(roots) > 0 {
		w.Fset = roots[0].Fset
	}
	w.order = topo(analyzers)
	var errs []string
	packages.Visit(roots, nil, func(p *packages.Package) {
		w.pkgs[p.PkgPath] = p.Types
		u := &unit{w: w, fset: p.Fset, files: p.Syntax, pkg: p.Types, info: p.TypesInfo, sizes: p.TypesSizes, facts: w.facts}
		for _, r := range u.run() {
			if r.err != nil {
				errs = append(errs, fmt.Sprintf("%s on %s: %v", r.a.Name, p.PkgPath, r.err))
			}
			for _, bad := range r.invalid {
				errs = append(errs, fmt.Sprintf("%s on %s: %s", r.a.Name, p.PkgPath, bad))
			}
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("analyzing the dependencies: %s", strings.Join(errs, "; "))
	}
	return w, nil
}

// Import resolves an import path against the world's packages.
func (w *World) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if p, ok := w.pkgs[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("package %q is not in the fuzz world (testdata/mod/deps)", path)
}

// A unit is one package being analyzed.
type unit struct {
	w         *World
	fset      *token.FileSet
	files     []*ast.File
	pkg       *types.Package
	info      *types.Info
	sizes     types.Sizes
	typeErrs  []types.Error
	parseErrs bool
	facts     *factStore // where facts are read from and exported to
}

// An outcome is what one analyzer did on one unit.
type outcome struct {
	a       *analysis.Analyzer
	ran     bool
	err     error
	result  any
	diags   []analysis.Diagnostic
	invalid []string // driver-contract violations (bad positions, foreign facts, ...)
}

// run runs every analyzer (requirements first) the way checker and
// unitchecker do: an analyzer without RunDespiteErrors is skipped on an
// ill-typed package, and so is one whose requirement failed or was skipped.
func (u *unit) run() []*outcome {
	done := map[*analysis.Analyzer]*outcome{}
	var out []*outcome
	for _, a := range u.w.order {
		o := &outcome{a: a}
		done[a] = o
		out = append(out, o)
		if (len(u.typeErrs) > 0 || u.parseErrs) && !a.RunDespiteErrors {
			continue
		}
		resultOf := map[*analysis.Analyzer]any{}
		ok := true
		for _, req := range a.Requires {
			r := done[req]
			if !r.ran || r.err != nil {
				ok = false
				break
			}
			resultOf[req] = r.result
		}
		if !ok {
			continue
		}
		o.ran = true
		pass := u.pass(a, o, resultOf)
		o.result, o.err = a.Run(pass)
		if o.err == nil && a.ResultType != nil && o.result != nil && reflect.TypeOf(o.result) != a.ResultType {
			o.invalid = append(o.invalid, fmt.Sprintf("result of type %T, declared %v", o.result, a.ResultType))
		}
	}
	return out
}

func (u *unit) pass(a *analysis.Analyzer, o *outcome, resultOf map[*analysis.Analyzer]any) *analysis.Pass {
	factTypes := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		factTypes[reflect.TypeOf(f)] = true
	}
	checkFact := func(what string, f analysis.Fact) bool {
		if !factTypes[reflect.TypeOf(f)] {
			o.invalid = append(o.invalid, fmt.Sprintf("%s: fact type %T not in FactTypes", what, f))
			return false
		}
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(f); err != nil {
			o.invalid = append(o.invalid, fmt.Sprintf("%s: fact %T does not gob-encode: %v", what, f, err))
			return false
		}
		return true
	}
	return &analysis.Pass{
		Analyzer:   a,
		Fset:       u.fset,
		Files:      u.files,
		Pkg:        u.pkg,
		TypesInfo:  u.info,
		TypesSizes: u.sizes,
		TypeErrors: u.typeErrs,
		Module:     &analysis.Module{Path: "fuzz.test", GoVersion: "1.26.0"},
		ResultOf:   resultOf,
		ReadFile:   func(string) ([]byte, error) { return nil, fmt.Errorf("fuzz driver: ReadFile not supported") },
		Report: func(d analysis.Diagnostic) {
			o.diags = append(o.diags, d)
			o.invalid = append(o.invalid, u.checkDiag(d)...)
		},
		ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
			return u.facts.get(a, obj, f)
		},
		ExportObjectFact: func(obj types.Object, f analysis.Fact) {
			if obj == nil || obj.Pkg() != u.pkg {
				o.invalid = append(o.invalid, fmt.Sprintf("ExportObjectFact(%v, %T) on an object of another package", obj, f))
				return
			}
			if checkFact("ExportObjectFact", f) {
				u.facts.put(a, obj, f)
			}
		},
		ImportPackageFact: func(p *types.Package, f analysis.Fact) bool {
			return u.facts.get(a, p, f)
		},
		ExportPackageFact: func(f analysis.Fact) {
			if checkFact("ExportPackageFact", f) {
				u.facts.put(a, u.pkg, f)
			}
		},
		AllObjectFacts:  func() []analysis.ObjectFact { return u.facts.allObject(a) },
		AllPackageFacts: func() []analysis.PackageFact { return u.facts.allPackage(a) },
	}
}

// checkDiag reports what would make a driver print garbage or fail:
// positions outside the package's files, multi-line or empty messages.
func (u *unit) checkDiag(d analysis.Diagnostic) []string {
	var bad []string
	where := func(p token.Pos) string { return u.fset.Position(p).String() }
	if !u.inFiles(d.Pos) {
		bad = append(bad, fmt.Sprintf("diagnostic %q at invalid position %d", d.Message, d.Pos))
	} else if d.End.IsValid() && (d.End < d.Pos || u.fset.File(d.End) != u.fset.File(d.Pos)) {
		bad = append(bad, fmt.Sprintf("%s: diagnostic %q ends before it starts or in another file", where(d.Pos), d.Message))
	}
	if d.Message == "" || strings.ContainsAny(d.Message, "\n\r") {
		bad = append(bad, fmt.Sprintf("%s: diagnostic message %q is empty or not one line", where(d.Pos), d.Message))
	}
	for _, r := range d.Related {
		if r.Pos.IsValid() && u.fset.File(r.Pos) == nil {
			bad = append(bad, fmt.Sprintf("%s: related %q at a position of no file", where(d.Pos), r.Message))
		}
	}
	for _, f := range d.SuggestedFixes {
		for _, e := range f.TextEdits {
			if !u.inFiles(e.Pos) || e.End.IsValid() && (e.End < e.Pos || u.fset.File(e.End) != u.fset.File(e.Pos)) {
				bad = append(bad, fmt.Sprintf("%s: fix %q has an edit outside the package's files", where(d.Pos), f.Message))
			}
		}
	}
	return bad
}

func (u *unit) inFiles(p token.Pos) bool {
	if !p.IsValid() {
		return false
	}
	for _, f := range u.files {
		tf := u.fset.File(f.FileStart)
		if tf != nil && tf.Base() <= int(p) && int(p) <= tf.Base()+tf.Size() {
			return true
		}
	}
	return false
}

// topo returns the analyzers and everything they require, requirements
// first, in a deterministic order.
func topo(roots []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		out = append(out, a)
	}
	for _, a := range roots {
		visit(a)
	}
	return out
}

// factStore holds facts by analyzer, subject (object or package) and
// type. A store may sit on a parent store it only reads: each input gets
// its own store on top of the world's.
type factStore struct {
	parent *factStore
	m      map[factKey]analysis.Fact
}

type factKey struct {
	a    *analysis.Analyzer
	subj any // types.Object or *types.Package
	t    reflect.Type
}

func newFactStore() *factStore { return &factStore{m: map[factKey]analysis.Fact{}} }

func (s *factStore) child() *factStore {
	c := newFactStore()
	c.parent = s
	return c
}

func (s *factStore) put(a *analysis.Analyzer, subj any, f analysis.Fact) {
	s.m[factKey{a, subj, reflect.TypeOf(f)}] = f
}

// get copies the stored fact into ptr, as the real drivers do.
func (s *factStore) get(a *analysis.Analyzer, subj any, ptr analysis.Fact) bool {
	k := factKey{a, subj, reflect.TypeOf(ptr)}
	for st := s; st != nil; st = st.parent {
		if f, ok := st.m[k]; ok {
			reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			return true
		}
	}
	return false
}

func (s *factStore) allObject(a *analysis.Analyzer) []analysis.ObjectFact {
	var out []analysis.ObjectFact
	for st := s; st != nil; st = st.parent {
		for k, f := range st.m {
			if obj, ok := k.subj.(types.Object); ok && k.a == a {
				out = append(out, analysis.ObjectFact{Object: obj, Fact: f})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Object.Pos() < out[j].Object.Pos() })
	return out
}

func (s *factStore) allPackage(a *analysis.Analyzer) []analysis.PackageFact {
	var out []analysis.PackageFact
	for st := s; st != nil; st = st.parent {
		for k, f := range st.m {
			if p, ok := k.subj.(*types.Package); ok && k.a == a {
				out = append(out, analysis.PackageFact{Package: p, Fact: f})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Package.Path() < out[j].Package.Path() })
	return out
}
