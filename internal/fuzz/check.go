package fuzz

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"
)

// A File is one source file of an input; its directory names its package
// (fuzz.test/<dir>; files at the top level are package fuzz.test/p).
type File struct {
	Name string
	Src  []byte
}

// Split turns fuzz bytes into files: a txtar archive when it has file
// markers (several packages, which import each other by path), else one
// file p/p.go.
func Split(data []byte) []File {
	ar := txtar.Parse(data)
	if len(ar.Files) == 0 {
		return []File{{"p/p.go", data}}
	}
	var out []File
	for _, f := range ar.Files {
		out = append(out, File{f.Name, f.Data})
	}
	return out
}

// A Result is what the analyzers did on one package of an input.
type Result struct {
	Path        string
	TypeErrors  int      // how many
	FirstErrors []string // the first few type errors
	ParseErrors bool
	Ran         []string // analyzers that ran
	Diags       []string // position-sorted "file:line:col: analyzer: message"
	Errors      []string // analyzer errors
	Invalid     []string // driver-contract violations
	Unstable    []string // a second run on the same package reported differently
}

// Check parses, type-checks and analyzes the input's packages in order,
// each against the world and the packages before it. Parse and type
// errors are not failures: the analyzers run as a driver would run them on
// such a package (RunDespiteErrors ones only).
func (w *World) Check(files []File) []*Result {
	fset := token.NewFileSet()
	var dirs []string
	byDir := map[string][]*ast.File{}
	broken := map[string]bool{}
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".go") {
			continue
		}
		dir := path.Dir(path.Clean("/" + f.Name))[1:]
		if dir == "" {
			dir = "p"
		}
		af, err := parser.ParseFile(fset, f.Name, f.Src, parser.ParseComments|parser.SkipObjectResolution)
		if af == nil {
			continue
		}
		if err != nil {
			broken[dir] = true // drivers keep the partial syntax but mark the package ill-typed
		}
		if _, ok := byDir[dir]; !ok {
			dirs = append(dirs, dir)
		}
		byDir[dir] = append(byDir[dir], af)
	}
	local := map[string]*types.Package{}
	store := w.facts.child()
	var out []*Result
	for _, dir := range dirs {
		pkgPath := "fuzz.test/" + dir
		u := &unit{w: w, fset: fset, files: byDir[dir], facts: store, sizes: types.SizesFor("gc", "amd64"), parseErrs: broken[dir]}
		u.info = &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Instances:    map[*ast.Ident]types.Instance{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			Scopes:       map[ast.Node]*types.Scope{},
			FileVersions: map[*ast.File]string{},
		}
		conf := types.Config{
			GoVersion: "go1.26",
			Sizes:     u.sizes,
			Importer: importerFunc(func(p string) (*types.Package, error) {
				if lp, ok := local[p]; ok {
					return lp, nil
				}
				return w.Import(p)
			}),
			Error: func(err error) {
				if te, ok := err.(types.Error); ok {
					u.typeErrs = append(u.typeErrs, te)
				}
			},
		}
		u.pkg, _ = conf.Check(pkgPath, fset, u.files, u.info)
		if u.pkg == nil {
			continue
		}
		local[pkgPath] = u.pkg
		r := &Result{Path: pkgPath, TypeErrors: len(u.typeErrs), ParseErrors: u.parseErrs}
		for _, te := range u.typeErrs[:min(3, len(u.typeErrs))] {
			r.FirstErrors = append(r.FirstErrors, te.Error())
		}
		first := u.run()
		r.Diags = describe(fset, first)
		for _, o := range first {
			if o.ran {
				r.Ran = append(r.Ran, o.a.Name)
			}
			if o.err != nil {
				r.Errors = append(r.Errors, fmt.Sprintf("%s: %v", o.a.Name, o.err))
			}
			r.Invalid = append(r.Invalid, o.invalid...)
		}
		// Determinism: the same package analyzed again (its own exports
		// going to a throwaway store) must report the same.
		again := *u
		again.facts = store.child()
		if second := describe(fset, again.run()); !slices.Equal(r.Diags, second) {
			r.Unstable = append(r.Unstable, fmt.Sprintf("first run:\n%s\nsecond run:\n%s", strings.Join(r.Diags, "\n"), strings.Join(second, "\n")))
		}
		out = append(out, r)
	}
	return out
}

// describe formats the diagnostics of the analyzers the suite lists (not
// of their requirements), position-sorted.
func describe(fset *token.FileSet, outs []*outcome) []string {
	type d struct {
		pos token.Pos
		s   string
	}
	var ds []d
	for _, o := range outs {
		for _, dg := range o.diags {
			s := fmt.Sprintf("%s: %s [%s]: %s", fset.Position(dg.Pos), o.a.Name, dg.Category, dg.Message)
			for _, r := range dg.Related {
				s += fmt.Sprintf("\n\t%s: %s", fset.Position(r.Pos), r.Message)
			}
			ds = append(ds, d{dg.Pos, s})
		}
	}
	slices.SortStableFunc(ds, func(a, b d) int {
		if a.pos != b.pos {
			return int(a.pos - b.pos)
		}
		return strings.Compare(a.s, b.s)
	})
	var out []string
	for _, x := range ds {
		out = append(out, x.s)
	}
	return out
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
