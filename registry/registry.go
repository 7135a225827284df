// Package registry is the only list of retrylint's analyzers.
//
// Every driver reads it: the retrylint binary, the golangci-lint plugin,
// the directives checker for Bazel nogo (registry/directives), the fuzz
// test and the benchmark tools. Adding an analyzer is one package under
// analyzers/ and one line in entries below, with its page in docs/ and an
// example in testdata/e2e (DESIGN.md, "Adding an analyzer"); a test fails
// when an analyzer package exists that this list does not name, and every
// other list of analyzers, in the docs and the tests, is generated from
// this one or checked against it.
//
// The layers, top to bottom (no import runs up, no analyzer imports
// another):
//
//	drivers      cmd/retrylint, gclplugin, registry/directives, tools/...
//	registry     this package
//	analyzers    analyzers/<name>, one per package
//	recognizer   analyzers/retryscan
//	ground       internal/catalog, internal/directive, internal/sqlshape,
//	             internal/report, internal/output, internal/analysisutil, ...
package registry

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/analyzers/inventory"
	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/retrybudget"
	"github.com/retrylint/retrylint/analyzers/retryclass"
	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
)

// entries are the reporting analyzers, in the order their findings are
// documented. The directives checker, which checks the //retrylint:
// comments they read, is not an entry: Analyzers and Build wire it to
// exactly the analyzers of the run.
var entries = []Entry{
	entry(nestedretry.Analyzer, nestedretry.NewAnalyzer, nestedretry.DefaultConfig),
	entry(keyregen.Analyzer, keyregen.NewAnalyzer, keyregen.DefaultConfig),
	entry(nodeadline.Analyzer, nodeadline.NewAnalyzer, nodeadline.DefaultConfig),
	entry(unboundedbackoff.Analyzer, unboundedbackoff.NewAnalyzer, unboundedbackoff.DefaultConfig),
	entry(nonidempotent.Analyzer, nonidempotent.NewAnalyzer, nonidempotent.DefaultConfig),
	entry(retryclass.Analyzer, retryclass.NewAnalyzer, retryclass.DefaultConfig),
	entry(retrybudget.Analyzer, retrybudget.NewAnalyzer, retrybudget.DefaultConfig),
}

// Entry is one reporting analyzer.
type Entry struct {
	// Name is the analyzer's name: the prefix of its flags
	// (-nestedretry.min-layers), its key in golangci-lint settings and
	// the word //retrylint:ignore takes.
	Name string
	// Default is the package-level Analyzer with default settings, the
	// one drivers that take a fixed list share (the binary, nogo).
	Default *analysis.Analyzer
	// New returns a fresh analyzer with default settings whose flags
	// can be set without changing any other instance.
	New func() *analysis.Analyzer
}

// entry makes an Entry from an analyzer package's Analyzer, NewAnalyzer
// and DefaultConfig, so that each line above names the package thrice and
// nothing else.
func entry[C any](def *analysis.Analyzer, newAnalyzer func(C) *analysis.Analyzer, defaults func() C) Entry {
	return Entry{
		Name:    def.Name,
		Default: def,
		New:     func() *analysis.Analyzer { return newAnalyzer(defaults()) },
	}
}

// Entries returns the reporting analyzers, in documentation order.
func Entries() []Entry { return slices.Clone(entries) }

// Names returns the names of every analyzer a run can have: the entries
// and the directives checker.
func Names() []string {
	var out []string
	for _, e := range entries {
		out = append(out, e.Name)
	}
	return append(out, directives.Name)
}

// defaultDirectives checks the directives against the default analyzers.
// Built once: it requires the shared Default analyzers, so a driver that
// runs Analyzers() runs each of them once.
var defaultDirectives = directives.NewAnalyzer(directives.Config{Checked: defaults()})

func defaults() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, e := range entries {
		out = append(out, e.Default)
	}
	return out
}

// Analyzers returns the default analyzers with their default settings,
// then the directives checker wired to them. The values are shared:
// drivers that set flags per instance use Build.
func Analyzers() []*analysis.Analyzer {
	return append(defaults(), defaultDirectives)
}

// Inventory returns the analyzer behind `retrylint report`. It is not a
// check and not in Analyzers: the binary hands it to go vet with the
// others, and it reports nothing unless the report driver sets its
// -inventory.emit flag.
func Inventory() *analysis.Analyzer { return inventory.Analyzer }

// Directives returns the directives checker of Analyzers.
func Directives() *analysis.Analyzer { return defaultDirectives }

// Build returns fresh analyzers, shared with no other caller: every
// entry not named in disable, each passed to configure (which sets its
// flags), then a directives checker wired to them that still accepts the
// disabled names in //retrylint:ignore. Naming an unknown analyzer in
// disable is an error.
func Build(disable []string, configure func(*analysis.Analyzer) error) ([]*analysis.Analyzer, error) {
	known := Names()
	for _, name := range disable {
		if !slices.Contains(known, name) {
			return nil, fmt.Errorf("unknown analyzer %q (analyzers: %s)", name, strings.Join(known, ", "))
		}
	}
	var out []*analysis.Analyzer
	var off []string
	for _, e := range entries {
		if slices.Contains(disable, e.Name) {
			off = append(off, e.Name)
			continue
		}
		a := e.New()
		if configure != nil {
			if err := configure(a); err != nil {
				return nil, err
			}
		}
		out = append(out, a)
	}
	if !slices.Contains(disable, directives.Name) {
		out = append(out, directives.NewAnalyzer(directives.Config{Checked: slices.Clone(out), Known: off}))
	}
	return out, nil
}
