package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/internal/topology"
)

// chainFixture is a module of three packages, each one retry layer, that
// a command calls: a loop of 3 (a) around backoff.Retry with
// WithMaxRetries(4) (b) around a retryablehttp client with RetryMax 2
// (c), which calls out over HTTP.
const chainFixture = "../../testdata/report"

// TestReportGolden runs `retrylint report` in each format on the e2e
// fixture and on the chain fixture, against golden files kept with each
// fixture (-update rewrites them).
func TestReportGolden(t *testing.T) {
	chain, err := filepath.Abs(chainFixture)
	if err != nil {
		t.Fatal(err)
	}
	testenv.Download(t, chain)
	for _, dir := range []string{e2eDir(t), chain} {
		for _, format := range []string{"md", "json", "dot"} {
			r := run(t, dir, "report", "-format="+format, "-root=.", "./...")
			if r.code != 0 || r.stderr != "" {
				t.Fatalf("%s: report -format=%s: exit %d, want 0\nstderr:\n%s", dir, format, r.code, r.stderr)
			}
			golden(t, dir, "report."+format+".golden", r.stdout)
		}
	}
}

// TestReportChain checks the chain fixture's numbers by hand: the
// attempts of each layer, the amplification 3*5*3 = 45 and E[N] at
// p = 0.1, and that the outbound call with no retry on its way is left
// out.
func TestReportChain(t *testing.T) {
	dir, err := filepath.Abs(chainFixture)
	if err != nil {
		t.Fatal(err)
	}
	testenv.Download(t, dir)
	rep := reportJSON(t, dir, "-p=0.1")

	wantSites := map[string]int{"a.Sync": 3, "b.Fetch": 5, "c.Get": 3}
	if len(rep.Sites) != len(wantSites) {
		t.Fatalf("%d sites, want %d: %+v", len(rep.Sites), len(wantSites), rep.Sites)
	}
	for _, s := range rep.Sites {
		if want, ok := wantSites[s.Func]; !ok || s.Attempts != want {
			t.Errorf("site in %s: %d attempts, want %d", s.Func, s.Attempts, want)
		}
	}
	top := rep.Paths[0]
	if top.Amplification != 3*5*3 || top.Layers != 3 {
		t.Fatalf("top path: amplification %d over %d layers, want 45 over 3", top.Amplification, top.Layers)
	}
	// E[N] per layer is (1 - p^A) / (1 - p): 1.11 for 3 attempts,
	// 1.1111 for 5; along the path they multiply.
	want := 1.11 * 1.1111 * 1.11
	if top.Expected == nil || math.Abs(*top.Expected-want) > 1e-9 {
		t.Errorf("top path E[N] = %v, want %v", top.Expected, want)
	}
	nodes := map[string]topology.Node{}
	for _, n := range rep.Nodes {
		nodes[n.ID] = n
	}
	if first := nodes[top.Nodes[0]]; first.Label != "main.main" || first.Entry != topology.EntryMain {
		t.Errorf("top path starts at %+v, want main.main", first)
	}
	var labels []string
	for _, id := range top.Nodes {
		labels = append(labels, nodes[id].Label)
	}
	if got := strings.Join(labels, " -> "); !strings.Contains(got, "a.Sync -> retry loop ×3 -> b.Fetch -> backoff.Retry ×5 -> c.Get -> retryablehttp.Client.Do ×3") {
		t.Errorf("top path %s", got)
	}
	entries := map[string]string{}
	for _, n := range rep.Nodes {
		entries[n.Label] = n.Entry
		if n.Label == "c.Ping" || strings.Contains(n.Label, "http.Client).Do") {
			t.Errorf("node %q: c.Ping calls out with no retry layer on its way, want it left out", n.Label)
		}
	}
	if entries["main.handle"] != topology.EntryHTTP || entries["a.Status"] != topology.EntryExported {
		t.Errorf("entry kinds %v, want main.handle http and a.Status exported", entries)
	}

	// At a full outage every attempt runs: E[N] is the amplification.
	full := reportJSON(t, dir, "-p=1")
	if e := full.Paths[0].Expected; e == nil || *e != 45 {
		t.Errorf("E[N] at p = 1: %v, want 45", e)
	}
}

func reportJSON(t *testing.T, dir string, args ...string) *topology.Report {
	t.Helper()
	r := run(t, dir, append([]string{"report", "-format=json", "-root=."}, append(args, "./...")...)...)
	if r.code != 0 {
		t.Fatalf("report: exit %d\nstderr:\n%s", r.code, r.stderr)
	}
	var rep topology.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("report output is not the JSON schema: %v\n%s", err, r.stdout)
	}
	if rep.Schema != topology.Schema || len(rep.Paths) == 0 {
		t.Fatalf("schema %d, %d paths", rep.Schema, len(rep.Paths))
	}
	return &rep
}

// TestReportUsage checks the command line: bad values exit 2 with one
// clear line, help documents the command.
func TestReportUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "-p=1.5", "./..."}, "-p 1.5: want a probability between 0 and 1"},
		{[]string{"report", "-p=-0.1", "./..."}, "-p -0.1: want a probability between 0 and 1"},
		{[]string{"report", "-p=often", "./..."}, `invalid value "often" for flag -p`},
		{[]string{"report", "-format=svg", "./..."}, `unknown -format "svg"`},
		{[]string{"report", "-top=-1", "./..."}, "-top must be 0 or more"},
		{[]string{"report"}, "no packages given"},
	} {
		r := run(t, dir, tc.args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
	r := run(t, dir, "help", "report")
	if r.code != 0 || !strings.Contains(r.stdout, "(1 - p^A) / (1 - p)") || !strings.Contains(r.stdout, "-format") {
		t.Errorf("help report: exit %d\n%s", r.code, r.stdout)
	}
}
