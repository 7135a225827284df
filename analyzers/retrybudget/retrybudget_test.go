package retrybudget_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retrybudget"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestAnalyzer runs the default analyzer on fixtures that use the real
// libraries pinned in testdata/mod/go.mod: cenkalti/backoff v5,
// go-retryablehttp and apimachinery's wait.
func TestAnalyzer(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, retrybudget.Analyzer, "./...")
}

// TestFlags runs an analyzer configured through its flags: no
// attempt-uses-budget, test files reported.
func TestFlags(t *testing.T) {
	a := retrybudget.NewAnalyzer(retrybudget.DefaultConfig())
	for flag, v := range map[string]string{"attempt-uses-budget": "false", "tests": "true"} {
		if err := a.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "flags"), a, "./...")
}
