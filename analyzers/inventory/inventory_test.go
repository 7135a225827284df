package inventory_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/inventory"
)

// TestEmit checks the unit of each package (sites, outbound calls, entry
// points of every kind, edges across packages) and the facts.
func TestEmit(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	a := inventory.NewAnalyzer(inventory.Config{Emit: true})
	analysistest.Run(t, dir, a, "./p", "./q", "./r", "./s", "./lit", "./later")
}

// TestQuiet checks that the analyzer as every lint run has it reports
// nothing: quiet has no want comments.
func TestQuiet(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	analysistest.Run(t, dir, inventory.Analyzer, "./quiet")
}
