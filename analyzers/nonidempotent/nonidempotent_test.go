package nonidempotent_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/internal/testenv"
)

func TestAnalyzer(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, nonidempotent.Analyzer, "./...")
}
