package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/internal/topology"
)

// servicesDir is the four-service example, each service its own module:
// gateway (net/http) retries 3 times around an HTTP call to orders (chi),
// which retries 3 times around a gRPC call to the ledger on a channel
// with a retry policy of 3, which calls the bank (gorilla/mux) through a
// retryablehttp client (3 attempts), which tries its database 3 times:
// 3^5 = 243 writes per checkout when the database is down. twin/ is the
// same four services where only the bank, at the edge to the database,
// retries.
const servicesDir = "../../testdata/services"

var services = []string{"gateway", "orders", "ledger", "bank"}

// reportServices makes each service's report the way its CI would, in
// its own module, into out/NAME.json.
func reportServices(t *testing.T, dir, out string) []string {
	t.Helper()
	var files []string
	for _, s := range services {
		mod := filepath.Join(dir, s)
		testenv.Download(t, mod)
		file := filepath.Join(out, s+".json")
		r := run(t, mod, "report", "-format=json", "-root=.", "-o", file, "./...")
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("%s: report: exit %d\n%s", s, r.code, r.stderr)
		}
		files = append(files, s+".json")
	}
	return files
}

// merged runs `retrylint report merge` in dir and reads its JSON.
func merged(t *testing.T, dir string, files []string) *topology.Report {
	t.Helper()
	r := run(t, dir, append([]string{"report", "merge", "-format=json"}, files...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("merge: exit %d\n%s", r.code, r.stderr)
	}
	var m topology.Report
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
		t.Fatalf("merged report is not the JSON schema: %v", err)
	}
	return &m
}

// TestMergeServices makes the four services' reports in their own
// modules and merges them in every format: 243 calls at the bottom, the
// calls crossing each boundary (3 into orders, 27 into the ledger, 81
// into the bank), against golden files; the twin merges to 1 at every
// boundary and 3 at the bottom. The HTML is checked in a browser by
// internal/topology's TestMergedHTMLInBrowser, from the JSON golden.
func TestMergeServices(t *testing.T) {
	dir, err := filepath.Abs(servicesDir)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	files := reportServices(t, dir, out)
	m := merged(t, out, files)

	var names []string
	for _, s := range m.Services {
		names = append(names, s.Name)
	}
	if want := []string{"example.com/shop/gateway", "example.com/shop/orders", "example.com/shop/ledger", "example.com/shop/bank"}; !slices.Equal(names, want) {
		t.Errorf("services %v, want %v (in the order requests flow)", names, want)
	}
	top := m.Paths[0]
	if top.Amplification != 243 || top.Layers != 5 {
		t.Errorf("worst path: %d calls over %d layers, want 3^5 = 243 over 5", top.Amplification, top.Layers)
	}
	crossed := map[string]int{}
	for _, l := range m.Links {
		crossed[l.FromService+" → "+l.ToService] = l.Calls
	}
	want := map[string]int{
		"example.com/shop/gateway → example.com/shop/orders": 3,  // the gateway's loop
		"example.com/shop/orders → example.com/shop/ledger":  27, // × the orders loop × the channel's policy
		"example.com/shop/ledger → example.com/shop/bank":    81, // × retryablehttp
	}
	if !maps.Equal(crossed, want) {
		t.Errorf("calls across the boundaries %v, want %v", crossed, want)
	}
	kinds := map[string]bool{}
	for _, l := range m.Links {
		kinds[map[bool]string{true: "grpc", false: "http"}[l.Target.GRPC != ""]] = true
	}
	if !kinds["grpc"] || !kinds["http"] {
		t.Errorf("links %+v: want gRPC and HTTP edges", m.Links)
	}

	// Every format, against golden files.
	gold := dir // golden files in its golden/
	for _, format := range []string{"md", "json", "dot", "html"} {
		r := run(t, out, append([]string{"report", "merge", "-format=" + format}, files...)...)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("merge -format=%s: exit %d\n%s", format, r.code, r.stderr)
		}
		switch format {
		case "md":
			for _, w := range []string{"**243** calls", "| 3 |", "| 27 |", "| 81 |", "**example.com/shop/orders**: `(*place.Handler).Place`"} {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("merged md lacks %q", w)
				}
			}
		case "dot":
			if n := strings.Count(r.stdout, "subgraph cluster_"); n != 4 {
				t.Errorf("dot has %d clusters, want one per service", n)
			}
			for _, w := range []string{`label="×3"`, `label="×27"`, `label="×81"`, "path ×243"} {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("merged dot lacks %s", w)
				}
			}
		case "html":
			if !strings.Contains(r.stdout, "<title>retrylint report: 4 services, 5 retry sites, 5 layers deep, worst ×243</title>") {
				t.Errorf("merged html has no title naming 4 services and ×243")
			}
			continue // checked in a browser from the JSON golden
		}
		golden(t, gold, "merged."+format+".golden", r.stdout)
	}

	// The negative twin: only the bank retries.
	twinOut := t.TempDir()
	tm := merged(t, twinOut, reportServices(t, filepath.Join(dir, "twin"), twinOut))
	if len(tm.Links) != 3 {
		t.Fatalf("twin: %d links, want 3", len(tm.Links))
	}
	for _, l := range tm.Links {
		if l.Calls != 1 {
			t.Errorf("twin: %s → %s carries %d calls per request, want 1", l.FromService, l.ToService, l.Calls)
		}
	}
	if len(tm.Paths) == 0 || tm.Paths[0].Amplification != 3 || tm.Paths[0].Layers != 1 {
		t.Errorf("twin's worst path %+v, want 3 calls over 1 layer (the bank's)", tm.Paths)
	}
	r := run(t, twinOut, append([]string{"report", "merge", "-format=md"}, files...)...)
	golden(t, gold, "twin.md.golden", r.stdout)
}

// TestMergeErrors: a report that does not parse, one of another schema
// and two reports of one service each get one line and exit 2, and leave
// the output file as it was.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	good := `{"schema": 2, "tool": "retrylint (devel)", "service": "example.com/a", "p": 0.1, "sites": [], "nodes": [], "edges": [], "paths": [], "limits": {}}`
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.json", good)
	write("a2.json", good)
	write("b.json", strings.Replace(good, "example.com/a", "example.com/b", 1))
	write("bad.json", `{"schema": 2, "nodes": [`)
	write("old.json", `{"schema": 1, "tool": "retrylint v0.1.0", "sites": []}`)
	write("dangling.json", strings.Replace(good, `"edges": []`, `"edges": [{"from": "n0", "to": "n1"}]`, 1))
	write("c.json", strings.Replace(strings.Replace(good, "example.com/a", "example.com/c", 1), `"p": 0.1`, `"p": 0.2`, 1))
	write("out.html", "before")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"a.json", "bad.json"}, "bad.json: not a report of retrylint report -format=json"},
		{[]string{"old.json", "b.json"}, "old.json: a report of schema 1; this retrylint merges schema 2"},
		{[]string{"a.json", "b.json", "a2.json"}, "a.json and a2.json are both reports of example.com/a"},
		{[]string{"dangling.json"}, "dangling.json: edge n0 → n1: no such node"},
		{[]string{"a.json", "missing.json"}, "missing.json: no such file or directory"},
		{[]string{"-format=svg", "a.json"}, `unknown -format "svg"`},
		{[]string{"a.json", "c.json"}, "a.json has p = 0.1 and c.json p = 0.2: choose one with -p"},
		{[]string{"-p=often", "a.json"}, `invalid value "often" for flag -p`},
		{nil, "no reports given"},
	} {
		args := append([]string{"report", "merge", "-format=html", "-o", "out.html"}, tc.args...)
		r := run(t, dir, args...)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if r.code != 2 || !strings.Contains(lines[0], tc.want) || len(lines) > 2 || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and one line with %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "out.html")); string(data) != "before" {
			t.Errorf("%v: out.html was written: %.40q", tc.args, data)
		}
	}
	if r := run(t, dir, "report", "merge", "-h"); r.code != 0 || !strings.Contains(r.stdout, "retrylint report merge [flags] A.json B.json") {
		t.Errorf("report merge -h: exit %d\n%s", r.code, r.stdout)
	}
	if r := run(t, dir, "report", "merge", "-format=json", "-p=0.5", "a.json", "c.json"); r.code != 0 || !strings.Contains(r.stdout, `"p": 0.5`) {
		t.Errorf("merge -p=0.5 of reports at 0.1 and 0.2: exit %d, %s", r.code, r.stderr)
	}
	// A good merge writes the file whole, and leaves no temporary file.
	if r := run(t, dir, "report", "merge", "-format=html", "-o", "out.html", "a.json", "b.json"); r.code != 0 {
		t.Fatalf("merge: exit %d\n%s", r.code, r.stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "out.html")); !strings.HasPrefix(string(data), "<!DOCTYPE html>") {
		t.Errorf("out.html: %.40q, want the page", data)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if regexp.MustCompile(`^\.out\.html`).MatchString(e.Name()) {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestReportServiceFlag: -service names the report's service, which
// merge then shows and joins by.
func TestReportServiceFlag(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join(servicesDir, "bank"))
	if err != nil {
		t.Fatal(err)
	}
	testenv.Download(t, dir)
	r := run(t, dir, "report", "-format=json", "-root=.", "-service", "bank", "./...")
	var rep topology.Report
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rep) != nil {
		t.Fatalf("report: exit %d\n%s", r.code, r.stderr)
	}
	if rep.Service != "bank" || rep.Schema != topology.Schema {
		t.Errorf("service %q, schema %d; want bank, %d", rep.Service, rep.Schema, topology.Schema)
	}
	var serves []string
	for _, n := range rep.Nodes {
		for _, sv := range n.Serves {
			serves = append(serves, sv.String())
		}
	}
	if !slices.Equal(serves, []string{"POST /transfers"}) {
		t.Errorf("bank serves %v, want [POST /transfers]", serves)
	}
}
