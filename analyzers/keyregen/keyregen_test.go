package keyregen_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/testenv"
)

// The fixtures are one module pinning the real libraries (see
// testdata/mod/go.mod), loaded once for all the tests here.
var mod = testenv.NewModule("testdata/mod", "./keys", "./helper", "./reqid", "./fix", "./sdk", "./gapi", "./natsmsg")

// TestKeyregen covers every generator family and sink kind (keys/gens.go),
// helpers and wrappers in the package and across packages (keys/calls.go,
// helper), and the look-alikes that must stay silent (keys/neg.go); the
// SDK token table against aws-sdk-go-v2's scheduler (ClientToken) and
// Google Cloud's redis cluster messages (RequestId), with the user types
// that look like them (sdk), and a token made in the function given to
// terraform-plugin-sdk's Retry and RetryContext (sdk/terraform.go); and
// the RequestId setter of google.golang.org/api calls against redis/v1
// (gapi). One analysis for
// all: the dependencies' is most of its cost.
func TestKeyregen(t *testing.T) {
	t.Parallel()
	results := mod.Run(t, keyregen.Analyzer, "./keys", "./helper", "./sdk", "./gapi", "./natsmsg")

	// The sink is named in a Related entry: a map handed to
	// metadata.New is metadata, as MD.Set's and Pairs' are.
	var sinks []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "idempotency-key") {
					sinks = append(sinks, rel.Message)
				}
			}
		}
	}
	want := `the idempotency key goes to the "idempotency-key" metadata here`
	if !slices.Contains(sinks, want) || slices.ContainsFunc(sinks, func(m string) bool { return strings.Contains(m, "idempotency-key entry") }) {
		t.Errorf("sinks named %q, want %q and no map entry", sinks, want)
	}
}

// TestFlags checks -requestid and -keyheaders on their own analyzer
// value, which leaves keyregen.Analyzer's defaults alone.
func TestFlags(t *testing.T) {
	t.Parallel()
	a := keyregen.NewAnalyzer(keyregen.Config{RequestID: true})
	if err := a.Flags.Set("keyheaders", "X-Dedup-Token"); err != nil {
		t.Fatal(err)
	}
	mod.Run(t, a, "./reqid")
	if got := keyregen.Analyzer.Flags.Lookup("keyheaders").Value.String(); got != "" {
		t.Errorf("keyregen.Analyzer's -keyheaders = %q: the flag of another instance leaked into it", got)
	}
}

// TestDeprecatedHeaders: -keyregen.headers, the old name, sets the same
// list as -keyregen.keyheaders.
func TestDeprecatedHeaders(t *testing.T) {
	a := keyregen.NewAnalyzer(keyregen.DefaultConfig())
	if err := a.Flags.Set("headers", "X-Dedup-Token"); err != nil {
		t.Fatal(err)
	}
	if got := a.Flags.Lookup("keyheaders").Value.String(); got != "X-Dedup-Token" {
		t.Errorf("after -headers=X-Dedup-Token, -keyheaders = %q", got)
	}
}

// TestFix checks the fix that moves the key before the retry, and that
// no fix is offered where moving would change the program.
func TestFix(t *testing.T) {
	t.Parallel()
	mod.RunWithSuggestedFixes(t, keyregen.Analyzer, "./fix")
}

// TestFactCodec: the fact, parameter sinks included, round-trips through
// gob byte for byte and stays small.
func TestFactCodec(t *testing.T) {
	f := &keyregen.Fact{Gen: "uuid.NewString", Sink: "the Idempotency-Key header", Class: catalog.SinkKey, Returns: true,
		Params: []keyregen.ParamSink{{Index: 1, Sink: "the Idempotency-Key header", Class: catalog.SinkKey}, {Index: 3, Sink: "the X-Request-ID header", Class: catalog.SinkRequestID}}}
	var back keyregen.Fact
	if n := testenv.FactRoundTrip(t, f, &back); n > 400 {
		t.Errorf("fact takes %d bytes, want at most 400", n)
	}
	if back.String() != f.String() {
		t.Errorf("fact changed in a round trip: %s -> %s", f, &back)
	}
}

// TestStdNotSummarized: the standard packages the fixtures import, which
// every go vet run analyzes for facts, export no keyregen fact (before,
// mime/multipart's randomBoundary and math/big's random did, from SSA
// built for those packages only to say so). The analysis is
// TestKeyregen's.
func TestStdNotSummarized(t *testing.T) {
	t.Parallel()
	std := map[string]bool{}
	var visit func(acts []*checker.Action)
	visit = func(acts []*checker.Action) {
		for _, act := range acts {
			path := act.Package.PkgPath
			if act.Analyzer != keyregen.Analyzer || std[path] {
				continue
			}
			if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
				std[path] = true
				for _, f := range act.AllObjectFacts() {
					t.Errorf("analyzing %s: %s.%s has a fact: %v", path, f.Object.Pkg().Path(), f.Object.Name(), f.Fact)
				}
			}
			visit(act.Deps)
		}
	}
	visit(mod.Run(t, keyregen.Analyzer, "./keys", "./helper", "./sdk", "./gapi"))
	if !std["mime/multipart"] || !std["math/big"] {
		t.Fatalf("mime/multipart and math/big are not among the standard packages analyzed: %d of them", len(std))
	}
}
