package nonidempotent_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/internal/testenv"
)

func TestAnalyzer(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/mod").Run(t, nonidempotent.Analyzer, "./...")
}

// TestKeyHeadersFlag: a header named by -keyheaders protects a POST like
// Idempotency-Key does; without the flag, dedup would be reported.
func TestKeyHeadersFlag(t *testing.T) {
	t.Parallel()
	a := nonidempotent.NewAnalyzer(nonidempotent.DefaultConfig())
	if err := a.Flags.Set("keyheaders", "X-Dedup-Token"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, analysistest.TestData(), a, "flags")
}

// TestGoogleAPIs: the generated clients of google.golang.org/api, whose
// methods are POSTs: iamcredentials only computes (a catalogued
// protocol), storage's buckets.insert creates.
func TestGoogleAPIs(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/gapi").Run(t, nonidempotent.Analyzer, "./...")
}

// TestKeySetterFactCodec: the fact round-trips through gob and stays
// small.
func TestKeySetterFactCodec(t *testing.T) {
	f := &nonidempotent.KeySetterFact{Param: 1}
	var back nonidempotent.KeySetterFact
	if n := testenv.FactRoundTrip(t, f, &back); n > 100 || back != *f {
		t.Errorf("fact %s took %d bytes and came back as %s", f, n, &back)
	}
}

// TestRequestFactCodec: the request helpers' fact round-trips through
// gob and stays small.
func TestRequestFactCodec(t *testing.T) {
	for _, f := range []*nonidempotent.RequestFact{{Method: 2}, {Copy: 1}} {
		var back nonidempotent.RequestFact
		if n := testenv.FactRoundTrip(t, f, &back); n > 100 || back != *f {
			t.Errorf("fact %s took %d bytes and came back as %s", f, n, &back)
		}
	}
}
