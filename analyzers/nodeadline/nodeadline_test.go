package nodeadline_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestNodeadline runs the default analyzer on the real gRPC health stub,
// aws-sdk-go-v2 sqs, go-redis v9, pgx v5 and go-cleanhttp, pinned in
// testdata/mod/go.mod. Package b exports facts that package a uses.
func TestNodeadline(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, nodeadline.Analyzer, "./a", "./b", "./cmd")
}

// TestFlags checks -retry-only and -tests on a package of their own.
func TestFlags(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	a := nodeadline.NewAnalyzer(nodeadline.DefaultConfig())
	for flag, v := range map[string]string{"retry-only": "true", "tests": "true"} {
		if err := a.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, dir, a, "./flagged")
}

// TestDefaultsNotShared checks that NewAnalyzer binds a fresh config:
// setting a flag on one analyzer leaves the default one alone.
func TestDefaultsNotShared(t *testing.T) {
	a := nodeadline.NewAnalyzer(nodeadline.DefaultConfig())
	if err := a.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	if got := nodeadline.Analyzer.Flags.Lookup("tests").Value.String(); got != "false" {
		t.Errorf("default analyzer's -tests = %s after setting another's", got)
	}
}
