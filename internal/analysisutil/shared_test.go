package analysisutil

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestSharedFlags(t *testing.T) {
	a := &analysis.Analyzer{Name: "a"}
	b := &analysis.Analyzer{Name: "b"}
	c := &analysis.Analyzer{Name: "c"}
	aOn := a.Flags.Bool("tests", false, "report in tests")
	bOn := b.Flags.Bool("tests", false, "report in tests")
	a.Flags.Int("only-a", 1, "a's own")
	cList := c.Flags.String("list", "", "c's own")

	shared := SharedFlags([]*analysis.Analyzer{a, b, c})
	if len(shared) != 1 || shared[0].Name != "tests" || len(shared[0].Flags) != 2 {
		t.Fatalf("SharedFlags = %+v, want tests of a and b only", shared)
	}
	s := shared[0]
	if !s.IsBoolFlag() || s.Usage != "report in tests" || s.Analyzers[0] != "a" || s.Analyzers[1] != "b" {
		t.Errorf("shared -tests: bool %v, usage %q, analyzers %v", s.IsBoolFlag(), s.Usage, s.Analyzers)
	}
	if err := s.Set("true"); err != nil {
		t.Fatal(err)
	}
	if !*aOn || !*bOn || s.String() != "true" {
		t.Errorf("after -tests: a %v, b %v, String %q; want both set", *aOn, *bOn, s.String())
	}
	if err := s.Set("maybe"); err == nil {
		t.Error("Set(maybe) on a bool flag: no error")
	}
	if *cList != "" {
		t.Error("c's flag changed")
	}
}
