package main

import (
	"fmt"
	"slices"
	"testing"
)

func TestRelPosn(t *testing.T) {
	env := map[string]string{"GOMODCACHE": "/m", "GOROOT": "/g"}
	for _, c := range []struct{ in, mod, rel string }{
		{"/m/github.com/a/b@v1.2.3/c/d.go:1:2", "github.com/a/b@v1.2.3", "github.com/a/b@v1.2.3/c/d.go:1:2"},
		{"/g/src/net/http/client.go:10:3", "std", "GOROOT/src/net/http/client.go:10:3"},
		{"/elsewhere/x.go:1:1", "", "/elsewhere/x.go:1:1"},
	} {
		mod, rel := relPosn(c.in, env)
		if mod != c.mod || rel != c.rel {
			t.Errorf("relPosn(%q) = %q, %q; want %q, %q", c.in, mod, rel, c.mod, c.rel)
		}
		if c.mod != "" && absPosn(rel, env) != c.in {
			t.Errorf("absPosn(%q) = %q, want %q", rel, absPosn(rel, env), c.in)
		}
	}
}

func TestSortFindingsByLine(t *testing.T) {
	fs := []*Finding{{Posn: "a.go:10:1"}, {Posn: "a.go:9:1"}, {Posn: "a.go:100:1"}, {Posn: "A.go:1:1"}}
	sortFindings(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.Posn)
	}
	if want := []string{"A.go:1:1", "a.go:9:1", "a.go:10:1", "a.go:100:1"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// The sample is the same for the same seed, takes the minimum per
// analyzer first, and never exceeds its size.
func TestSample(t *testing.T) {
	mk := func() *Report {
		s := &SetReport{Name: "S"}
		for i := 0; i < 100; i++ {
			an := "common"
			if i%25 == 0 {
				an = "rare"
			}
			s.Findings = append(s.Findings, &Finding{Analyzer: an, Posn: fmt.Sprintf("f.go:%d:1", i+1), Message: "m"})
		}
		return &Report{Sets: []*SetReport{s}}
	}
	o := &options{sample: 10, minPer: 3, seed: 7}
	a, b := mk(), mk()
	a.finish(o)
	b.finish(o)
	var pa, pb []string
	rare := 0
	for i := range a.Sample {
		pa, pb = append(pa, a.Sample[i].Posn), append(pb, b.Sample[i].Posn)
		if a.Sample[i].Analyzer == "rare" {
			rare++
		}
	}
	if len(pa) != 10 || !slices.Equal(pa, pb) {
		t.Errorf("samples %v and %v: want the same 10", pa, pb)
	}
	if rare < 3 {
		t.Errorf("sample has %d findings of the rare analyzer, want at least 3", rare)
	}
	if a.Unique != 100 || a.Totals["rare"][""] != 4 {
		t.Errorf("totals %v, unique %d", a.Totals, a.Unique)
	}
}
