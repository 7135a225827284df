package unboundedbackoff_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
	"github.com/retrylint/retrylint/internal/testenv"
)

// mod pins the real libraries in testdata/mod/go.mod; loaded once.
var mod = testenv.NewModule("testdata/mod", "./loops", "./libs", "./confighelp/...", "./external", "./stop", "./capfix", "./flags", "./jitterpolicy", "./grpcbackoff")

func TestAnalyzer(t *testing.T) {
	t.Parallel()
	mod.Run(t, unboundedbackoff.Analyzer, "./loops", "./libs", "./confighelp/...", "./external", "./stop", "./jitterpolicy", "./grpcbackoff")
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

// With -strict-jitter the short fixed retries, a hint by default, are
// reported too: the no-jitter findings are the lines that want one and
// the lines marked "// hint", no more.
func TestStrictJitter(t *testing.T) {
	t.Parallel()
	cfg := unboundedbackoff.DefaultConfig()
	cfg.StrictJitter = true
	a := unboundedbackoff.NewAnalyzer(cfg)
	files, err := filepath.Glob(filepath.Join(mod.Dir(t), "jitterpolicy", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in jitterpolicy: %v", err)
	}
	want := map[string]bool{}
	hints := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			hint := strings.HasSuffix(line, "// hint")
			if hint || strings.Contains(line, "no jitter`") {
				want[fmt.Sprintf("%s:%d", filepath.Base(file), i+1)] = true
			}
			if hint {
				hints++
			}
		}
	}
	if hints == 0 {
		t.Fatal("jitterpolicy marks no line // hint")
	}
	got := map[string]bool{}
	for _, f := range mod.Findings(t, []*analysis.Analyzer{a}, "./jitterpolicy")[a] {
		if pos, _, _ := strings.Cut(f, ": "); strings.Contains(f, "no jitter") {
			got[pos] = true
		}
	}
	for pos := range want {
		if !got[pos] {
			t.Errorf("%s: no no-jitter finding with -strict-jitter", pos)
		}
	}
	for pos := range got {
		if !want[pos] {
			t.Errorf("%s: unexpected no-jitter finding with -strict-jitter", pos)
		}
	}
}
