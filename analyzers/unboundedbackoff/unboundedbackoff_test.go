package unboundedbackoff_test

import (
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
	"github.com/retrylint/retrylint/internal/testenv"
)

func TestAnalyzer(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, unboundedbackoff.Analyzer, "./loops", "./libs", "./confighelp/...", "./external", "./stop")
	analysistest.RunWithSuggestedFixes(t, dir, unboundedbackoff.Analyzer, "./capfix")
}

// With -jitter=false only the cap and bound findings remain, and a
// higher -max-wait keeps the 17-minute wait quiet.
func TestFlags(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	cfg := unboundedbackoff.DefaultConfig()
	cfg.Jitter = false
	cfg.MaxWait = time.Hour
	analysistest.Run(t, dir, unboundedbackoff.NewAnalyzer(cfg), "./flags")
}
