package nodeadline

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Code that is not a service's: test harnesses, examples and commands.
//
// Test harness code runs under a test binary's timeout, like the code of
// _test.go files, and follows the same policy (reported only with
// -tests). It is a non-test file that imports "testing" (a suite helper
// beside production code), or any file of a package named as a test
// package is (mtest, httptest-like fakes, testutil, testing helpers) when
// one of its files imports "testing". A package is not a harness as a
// whole because one file is: an SDK's workers and its test suite share
// one package, and the workers' calls are a service's.
//
//	package internal              // worker.go: reported
//	import "testing"              // workflow_testsuite.go: a harness file
//	package mtest                 // setup.go too: the package is named a test package
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

// harnessFiles returns the files of the package that are test harness
// code, or nil when none is.
func harnessFiles(pass *analysis.Pass) map[*token.File]bool {
	var importing []*token.File
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if analysisutil.InTestFile(pass.Fset, f.Pos()) {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"testing"` {
				importing = append(importing, tf)
				break
			}
		}
	}
	if len(importing) == 0 {
		return nil
	}
	files := map[*token.File]bool{}
	if testPackageName(pass.Pkg.Name()) {
		for _, f := range pass.Files {
			files[pass.Fset.File(f.Pos())] = true
		}
	}
	for _, tf := range importing {
		files[tf] = true
	}
	return files
}

// testPackageName reports a package name that says the package serves
// tests: testutil, testing, httptest, mtest, e2etests.
func testPackageName(name string) bool {
	return strings.HasPrefix(name, "test") || strings.HasSuffix(name, "test") ||
		strings.HasSuffix(name, "tests") || strings.HasSuffix(name, "testing")
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
