package inventory_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/inventory"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestEmit checks the unit of each package (sites, outbound calls, entry
// points of every kind, edges across packages) and the facts.
func TestEmit(t *testing.T) {
	t.Parallel()
	a := inventory.NewAnalyzer(inventory.Config{Emit: true})
	mod.Run(t, a, "./p", "./q", "./r", "./s", "./lit", "./later")
}

// mod is testdata/mod, loaded once for the tests here.
var mod = testenv.NewModule("testdata/mod", "./p", "./q", "./r", "./s", "./lit", "./later", "./quiet")

// TestQuiet checks that the analyzer as every lint run has it reports
// nothing: quiet has no want comments.
func TestQuiet(t *testing.T) {
	t.Parallel()
	mod.Run(t, inventory.Analyzer, "./quiet")
}
