package nestedretry_test

import (
	"fmt"
	"path/filepath"
	"slices"
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
	acts := mod.Run(t, nestedretry.Analyzer, "./...")

	// A channel that chains retry interceptors has one related entry per
	// interceptor, where it is installed.
	var got []string
	for _, act := range acts {
		for _, d := range act.Diagnostics {
			if d.Category != "interceptors" {
				continue
			}
			for _, rel := range d.Related {
				p := act.Package.Fset.Position(rel.Pos)
				got = append(got, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, rel.Message))
			}
		}
	}
	slices.Sort(got)
	got = slices.Compact(got) // a file in both p and p [p.test]
	want := []string{
		"grpcstack.go:34:34: layer 1: retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcstack.go:35:34: layer 2: retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcstack.go:43:3: layer 1: retry.UnaryClientInterceptor retries (3 attempts)",
		"grpcstack.go:45:3: layer 2: retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcstack.go:54:48: layer 1: retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcstack.go:56:78: layer 2: retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcstack.go:66:34: layer 1: retry.UnaryClientInterceptor retries (4 attempts)",
		"grpcstack.go:66:66: layer 2: retry.UnaryClientInterceptor retries (2 attempts)",
		"grpcstack.go:130:60: layer 1: retry.UnaryClientInterceptor retries (3 attempts)", // in the helper
		"grpcstack.go:130:95: layer 2: retry.UnaryClientInterceptor retries (3 attempts)",
		// go-grpc-middleware v1 (grpc_retry), alone and inside v2's.
		"grpcv1.go:37:48: layer 1: grpc_retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcv1.go:39:78: layer 2: grpc_retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcv1.go:47:3: layer 1: retry.UnaryClientInterceptor retries (3 attempts)",
		"grpcv1.go:48:3: layer 2: grpc_retry.UnaryClientInterceptor retries (5 attempts)",
		// v1's ChainUnaryClient: each at its argument of the chain, a
		// chain inside a chain flattened.
		"grpcv1.go:140:86: layer 1: grpc_retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcv1.go:141:34: layer 2: grpc_retry.UnaryClientInterceptor retries (5 attempts)",
		"grpcv1.go:148:96: layer 1: grpc_retry.UnaryClientInterceptor retries (3 attempts)",
		"grpcv1.go:147:68: layer 2: grpc_retry.UnaryClientInterceptor retries (3 attempts)",
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("related entries of the interceptor stacks:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
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
	// A channel's two retry interceptors are two layers, and they are of
	// go-grpc-middleware.
	ignoreMW := nestedretry.NewAnalyzer(nestedretry.DefaultConfig())
	if err := ignoreMW.Flags.Set("ignore-packages", "github.com/grpc-ecosystem/go-grpc-middleware"); err != nil {
		t.Fatal(err)
	}
	stacks := mod.Findings(t, []*analysis.Analyzer{layers, ignoreMW}, "./grpcstack")
	if len(stacks[layers]) != 0 || len(stacks[ignoreMW]) != 0 {
		t.Errorf("grpcstack with min-layers=3: %q, ignoring go-grpc-middleware: %q; want none", stacks[layers], stacks[ignoreMW])
	}
	// v1's path is under the same prefix.
	for _, m := range mod.Findings(t, []*analysis.Analyzer{ignoreMW}, "./grpcv1")[ignoreMW] {
		if strings.Contains(m, "retry interceptors") {
			t.Errorf("grpcv1 ignoring go-grpc-middleware: %s", m)
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
	// 268 bytes with WrapperFact.Classifier; most of it is gob's
	// description of the type, sent once per fact.
	if n := testenv.FactRoundTrip(t, w, new(retryscan.WrapperFact)); n > 288 {
		t.Errorf("wrapper fact: %d bytes", n)
	}
}

// A module named without a dot (module svc) is the application's code:
// its packages export and import retry facts like any other.
func TestDotlessModule(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/dotless", "./...").Run(t, nestedretry.Analyzer, "./...")
}
