package nestedretry_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
)

// mod is testdata/mod, loaded once for the tests here.
var mod = testenv.NewModule("testdata/mod", "./...")

func TestNestedRetry(t *testing.T) {
	t.Parallel()
	mod.Run(t, nestedretry.Analyzer, "./...")
}

// With -min-layers=3 only the three-layer chain is reported; with
// -ignore-packages, chains through those packages are not.
func TestFlags(t *testing.T) {
	t.Parallel()
	layers := nestedretry.NewAnalyzer(nestedretry.DefaultConfig())
	if err := layers.Flags.Set("min-layers", "3"); err != nil {
		t.Fatal(err)
	}
	ignore := nestedretry.NewAnalyzer(nestedretry.DefaultConfig())
	if err := ignore.Flags.Set("ignore-packages", "github.com/hashicorp/go-retryablehttp, example.com/nestedtest/chain/c"); err != nil {
		t.Fatal(err)
	}
	got := mod.Findings(t, []*analysis.Analyzer{layers, ignore}, "./app", "./chain/...", "./transport")
	if l := got[layers]; len(l) != 1 || !strings.Contains(l[0], "10x3x5") {
		t.Errorf("min-layers=3: got %q, want only the 10x3x5 chain", l)
	}
	if len(got[ignore]) < 3 {
		t.Errorf("ignore-packages dropped too much: %q", got[ignore])
	}
	for _, m := range got[ignore] {
		if strings.Contains(m, "retryablehttp") || strings.Contains(m, "c.Get") {
			t.Errorf("ignored package still reported: %s", m)
		}
	}
	// The default analyzer is unaffected by the other instances' flags.
	if v := nestedretry.Analyzer.Flags.Lookup("min-layers").Value.String(); v != "2" {
		t.Errorf("default min-layers changed to %s", v)
	}
}

// Facts must round-trip through gob byte for byte and stay small.
func TestFactCodec(t *testing.T) {
	f := &retryscan.RetrierFact{Chain: []retryscan.Hop{
		{Name: "b.Load", Posn: "a.go:12", Pkg: "example.com/b"},
		{Name: "c.Get", Posn: "b.go:7", Pkg: "example.com/c"},
		{Name: "backoff.Retry", Posn: "c.go:14", Attempts: 3, Retry: true, Pkg: "github.com/cenkalti/backoff/v4"},
	}}
	var back retryscan.RetrierFact
	n := testenv.FactRoundTrip(t, f, &back)
	if back.String() != f.String() {
		t.Errorf("decoded fact %s, want %s", &back, f)
	}
	if n > 512 {
		t.Errorf("a three-hop fact takes %d bytes; keep facts small", n)
	}
	w := &retryscan.WrapperFact{Param: 1, Attempts: 3, Via: "backoff.Retry"}
	if n := testenv.FactRoundTrip(t, w, new(retryscan.WrapperFact)); n > 256 {
		t.Errorf("wrapper fact: %d bytes", n)
	}
}

// A module named without a dot (module svc) is the application's code:
// its packages export and import retry facts like any other.
func TestDotlessModule(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/dotless", "./...").Run(t, nestedretry.Analyzer, "./...")
}
