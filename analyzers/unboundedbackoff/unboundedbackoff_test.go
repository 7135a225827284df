package unboundedbackoff_test

import (
	"testing"
	"time"

	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
	"github.com/retrylint/retrylint/internal/testenv"
)

// mod pins the real libraries in testdata/mod/go.mod; loaded once.
var mod = testenv.NewModule("testdata/mod", "./loops", "./libs", "./confighelp/...", "./external", "./stop", "./capfix", "./flags")

func TestAnalyzer(t *testing.T) {
	t.Parallel()
	mod.Run(t, unboundedbackoff.Analyzer, "./loops", "./libs", "./confighelp/...", "./external", "./stop")
}

// TestFix checks the suggested fix that clamps a doubled delay.
func TestFix(t *testing.T) {
	t.Parallel()
	mod.RunWithSuggestedFixes(t, unboundedbackoff.Analyzer, "./capfix")
}

// With -jitter=false only the cap and bound findings remain, and a
// higher -max-wait keeps the 17-minute wait quiet.
func TestFlags(t *testing.T) {
	t.Parallel()
	cfg := unboundedbackoff.DefaultConfig()
	cfg.Jitter = false
	cfg.MaxWait = time.Hour
	mod.Run(t, unboundedbackoff.NewAnalyzer(cfg), "./flags")
}
