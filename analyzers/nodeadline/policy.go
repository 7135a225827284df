package nodeadline

import (
	"go/ast"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Code that is not a service's: test harnesses, examples and commands.
//
// A package whose non-test files import "testing" is a test harness (a
// driver's integration framework, a fake server, testutil): its calls
// run under a test binary's timeout, like those of _test.go files, and
// follow the same policy (reported only with -tests).
//
// Examples and commands are run by a person who watches them: example
// code (a package with an import path element example, _example or
// ...examples, like examples/std or internal/docexamples, and files
// named example*.go) and the functions of package main. A deadline-less
// context there is still worth one finding, since examples are copied
// into services, but not one per call: a doc example that calls the
// database forty times with context.Background() would read as forty
// findings. So each function gets one, at its first call, listing the
// others as related locations; -every-call reports each.

// harness reports a package whose non-test files import "testing".
func harness(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"testing"` {
				return true
			}
		}
	}
	return false
}

// demo reports a function of example code or of a command.
func (c *checker) demo(fi *funcInfo) bool {
	if c.pass.Pkg.Name() == "main" {
		return true
	}
	for _, elem := range strings.Split(c.pass.Pkg.Path(), "/") {
		if elem == "example" || elem == "_example" || strings.HasSuffix(elem, "examples") {
			return true
		}
	}
	base := filepath.Base(c.pass.Fset.File(fi.decl.Pos()).Name())
	return strings.HasPrefix(base, "example") && !strings.HasSuffix(base, "_test.go")
}

// report reports a finding of fi, or holds it when fi is example or
// command code reported once per function.
func (c *checker) report(fi *funcInfo, d analysis.Diagnostic) {
	if c.cfg.EveryCall || !c.demo(fi) {
		c.rep.Report(d)
		return
	}
	if c.rep.Suppressed(d.Pos) {
		return // silenced where it is: it cannot stand for the others
	}
	if c.held == nil {
		c.held = map[*ast.FuncDecl][]analysis.Diagnostic{}
	}
	c.held[fi.decl] = append(c.held[fi.decl], d)
}

// flushHeld reports the first held finding of each function, with the
// others as its related locations.
func (c *checker) flushHeld() {
	for _, fi := range c.funcs {
		ds := c.held[fi.decl]
		if len(ds) == 0 {
			continue
		}
		slices.SortStableFunc(ds, func(a, b analysis.Diagnostic) int { return int(a.Pos - b.Pos) })
		first := ds[0]
		for _, d := range ds[1:] {
			first.Related = append(first.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: "the same finding, at another call in " + fi.decl.Name.Name})
		}
		c.rep.Report(first)
	}
}
