package retrybudget_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/retrybudget"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestAnalyzer runs the default analyzer on fixtures that use the real
// libraries pinned in testdata/mod/go.mod: cenkalti/backoff v5,
// go-retryablehttp and apimachinery's wait.
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/mod").Run(t, retrybudget.Analyzer, "./...")
}

// TestFlags runs an analyzer configured through its flags: no
// attempt-uses-budget, test files reported.
func TestFlags(t *testing.T) {
	t.Parallel()
	a := retrybudget.NewAnalyzer(retrybudget.DefaultConfig())
	for flag, v := range map[string]string{"attempt-uses-budget": "false", "tests": "true"} {
		if err := a.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
	}
	testenv.NewModule("testdata/flags").Run(t, a, "./...")
}
