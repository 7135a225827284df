package topology

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"
)

func pos(file string, line int) Pos { return Pos{File: "/m/" + file, Line: line, Col: 2} }

// chain is main -> a.Do (loop ×3) -> b.Get (backoff.Retry ×5, its op
// b.op) -> c.Fetch (retryablehttp ×3) -> HTTP, with a look-alike: an
// exported function that calls out with no retry layer on the way.
func chain() []*Unit {
	return []*Unit{
		{Package: "m/cmd", Funcs: []UnitFunc{{Key: "m/cmd.main", Label: "main.main", Pos: pos("cmd/main.go", 5), Entry: EntryMain}},
			Edges: []Edge{{From: "m/cmd.main", To: "m/a.Do"}}},
		{Package: "m/a",
			Funcs: []UnitFunc{{Key: "m/a.Do", Label: "a.Do", Pos: pos("a/a.go", 3), Entry: EntryExported}},
			Sites: []UnitSite{{Site: Site{ID: "s:a", Pos: pos("a/a.go", 4), Func: "a.Do", Kind: "loop", Name: "retry loop", Attempts: 3,
				Body: &Span{File: "/m/a/a.go", Line: 4, EndLine: 9}}}},
			Edges: []Edge{{From: "m/a.Do", To: "s:a"}, {From: "s:a", To: "m/b.Get"}}},
		{Package: "m/b",
			Funcs: []UnitFunc{{Key: "m/b.Get", Label: "b.Get", Pos: pos("b/b.go", 3), Entry: EntryExported}, {Key: "m/b.op", Label: "b.op", Pos: pos("b/b.go", 10)}},
			Sites: []UnitSite{{Site: Site{ID: "s:b", Pos: pos("b/b.go", 4), Func: "b.Get", Kind: "library", Name: "backoff.Retry", Attempts: 5}}},
			Edges: []Edge{{From: "m/b.Get", To: "s:b"}, {From: "s:b", To: "m/b.op"}, {From: "m/b.op", To: "m/c.Fetch"}}},
		{Package: "m/c",
			Funcs:    []UnitFunc{{Key: "m/c.Fetch", Label: "c.Fetch", Pos: pos("c/c.go", 3), Entry: EntryExported}, {Key: "m/c.Ping", Label: "c.Ping", Pos: pos("c/c.go", 20), Entry: EntryExported}},
			Sites:    []UnitSite{{Site: Site{ID: "s:c", Pos: pos("c/c.go", 4), Func: "c.Fetch", Kind: "client", Name: "retryablehttp.Client.Do", Attempts: 3}, Reaches: "an HTTP call"}},
			Outbound: []UnitOut{{Key: "o:c", Label: "http.Get", Family: "an HTTP call", Pos: pos("c/c.go", 21)}},
			Edges:    []Edge{{From: "m/c.Fetch", To: "s:c"}, {From: "m/c.Ping", To: "o:c"}}},
	}
}

func TestBuildChain(t *testing.T) {
	findings := []Finding{
		{Analyzer: "nestedretry", Message: "nested", Pos: pos("a/a.go", 6)},
		{Analyzer: "unboundedbackoff", Message: "at the site", Pos: pos("b/b.go", 4)},
		{Analyzer: "nodeadline", Message: "elsewhere", Pos: pos("c/c.go", 30)},
	}
	r := Build(chain(), findings, Options{P: 0.1, Root: "/m"})
	if len(r.Sites) != 3 {
		t.Fatalf("%d sites, want 3: %+v", len(r.Sites), r.Sites)
	}
	if got := r.Sites[0].Findings; len(got) != 1 || got[0].Analyzer != "nestedretry" || got[0].Pos.File != "a/a.go" {
		t.Errorf("site a findings %+v, want the nestedretry finding inside its body", got)
	}
	if got := r.Sites[1].Findings; len(got) != 1 || got[0].Analyzer != "unboundedbackoff" {
		t.Errorf("site b findings %+v, want the one at its line", got)
	}
	if len(r.Sites[2].Findings) != 0 {
		t.Errorf("site c findings %+v, want none", r.Sites[2].Findings)
	}
	// Paths from main and from each exported function on the chain.
	if len(r.Paths) != 4 {
		t.Fatalf("%d paths, want 4 (from main, a.Do, b.Get, c.Fetch): %+v", len(r.Paths), r.Paths)
	}
	top := r.Paths[0]
	if top.Amplification != 45 || top.Layers != 3 {
		t.Errorf("top path: amplification %d over %d layers, want 3*5*3 = 45 over 3", top.Amplification, top.Layers)
	}
	// E[N] = (1-.1^3)/.9 * (1-.1^5)/.9 * (1-.1^3)/.9 = 1.11 * 1.1111 * 1.11
	if want := 1.11 * 1.1111 * 1.11; top.Expected == nil || math.Abs(*top.Expected-want) > 1e-9 {
		t.Errorf("top path E[N] = %v, want %v", top.Expected, want)
	}
	if first := nodeOf(r, top.Nodes[0]); first.Label != "main.main" || first.Kind != NodeEntry {
		t.Errorf("top path starts at %+v, want main.main", first)
	}
	if last := nodeOf(r, top.Nodes[len(top.Nodes)-1]); last.Kind != NodeOutbound {
		t.Errorf("top path ends at %+v, want an outbound node", last)
	}
	// c.Ping calls out with no retry on the way: not in the graph.
	for _, n := range r.Nodes {
		if n.Label == "c.Ping" || strings.HasPrefix(n.Label, "http.Get") {
			t.Errorf("node %+v has no retry layer on its way, want it left out", n)
		}
	}
	if n := nodeOf(r, top.Nodes[0]); n.Pos.File != "cmd/main.go" {
		t.Errorf("node files not relative to the root: %+v", n.Pos)
	}
}

func nodeOf(r *Report, id string) *Node {
	for i := range r.Nodes {
		if r.Nodes[i].ID == id {
			return &r.Nodes[i]
		}
	}
	return nil
}

// A retrier call whose callee is in the report is a call edge; one
// whose callee is not stays a layer.
func TestBuildRetrier(t *testing.T) {
	units := chain()
	units[0].Sites = []UnitSite{{Site: Site{ID: "s:r", Pos: pos("cmd/main.go", 6), Kind: "retrier", Name: "a.Do", Attempts: 3}, Callee: "m/a.Do"}}
	units[0].Edges = []Edge{{From: "m/cmd.main", To: "s:r"}}
	r := Build(units, nil, Options{P: 0.1})
	if len(r.Sites) != 3 || r.Paths[0].Amplification != 45 {
		t.Errorf("resolved retrier: %d sites, top amplification %d; want 3 and 45 (the call is an edge, not a layer)", len(r.Sites), r.Paths[0].Amplification)
	}
	// Without a.Do's package, what the retrier calls is not known: the
	// site still lies on main's path, which ends at an unresolved node
	// that says so.
	r = Build(units[:1], nil, Options{P: 0.1})
	if len(r.Sites) != 1 || r.Sites[0].Kind != "retrier" || len(r.Paths) != 1 {
		t.Fatalf("unresolved retrier without outbound: %+v, %d paths", r.Sites, len(r.Paths))
	}
	last := nodeOf(r, r.Paths[0].Nodes[len(r.Paths[0].Nodes)-1])
	if last.Kind != NodeOutbound || last.Unresolved == "" || r.Paths[0].Amplification != 3 {
		t.Errorf("path %+v ends at %+v; want an unresolved outbound node with its reason, amplification 3", r.Paths[0], last)
	}
}

func TestPathCaps(t *testing.T) {
	// One entry fanning out to 30 retry loops, each calling out.
	u := &Unit{Package: "m", Funcs: []UnitFunc{{Key: "m.E", Label: "E", Pos: pos("m.go", 1), Entry: EntryExported}}}
	for i := range 30 {
		s := "s:" + string(rune('A'+i))
		o := "o:" + string(rune('A'+i))
		u.Sites = append(u.Sites, UnitSite{Site: Site{ID: s, Pos: pos("m.go", 10+i), Name: "retry loop", Kind: "loop", Attempts: i + 1}})
		u.Outbound = append(u.Outbound, UnitOut{Key: o, Label: "x", Family: "an HTTP call", Pos: pos("m.go", 100+i)})
		u.Edges = append(u.Edges, Edge{From: "m.E", To: s}, Edge{From: s, To: o})
	}
	r := Build([]*Unit{u}, nil, Options{P: 0.5, PathsPerEntry: 5})
	if len(r.Paths) != 5 || !r.Limits.Truncated {
		t.Fatalf("%d paths, truncated %v; want 5, true", len(r.Paths), r.Limits.Truncated)
	}
	for i, want := range []int{30, 29, 28, 27, 26} {
		if r.Paths[i].Amplification != want {
			t.Errorf("path %d: amplification %d, want %d (highest first)", i, r.Paths[i].Amplification, want)
		}
	}
}

// Paths of equal amplification come in the order of their nodes in the
// report, not of their IDs as strings ("n10" sorts before "n9").
func TestPathTieBreak(t *testing.T) {
	u := &Unit{Package: "m", Funcs: []UnitFunc{{Key: "m.E", Label: "E", Pos: pos("m.go", 1), Entry: EntryExported}}}
	for i := range 12 {
		s := "s:" + string(rune('A'+i))
		o := "o:" + string(rune('A'+i))
		u.Sites = append(u.Sites, UnitSite{Site: Site{ID: s, Pos: pos("m.go", 10+i), Name: "retry loop", Kind: "loop", Attempts: 3}})
		u.Outbound = append(u.Outbound, UnitOut{Key: o, Label: "x", Family: "an HTTP call", Pos: pos("m.go", 100+i)})
		u.Edges = append(u.Edges, Edge{From: "m.E", To: s}, Edge{From: s, To: o})
	}
	r := Build([]*Unit{u}, nil, Options{P: 0.5})
	if len(r.Paths) != 12 {
		t.Fatalf("%d paths, want 12", len(r.Paths))
	}
	for i, p := range r.Paths {
		if site := nodeOf(r, p.Nodes[1]); site == nil || site.Pos.Line != 10+i {
			t.Errorf("path %d goes through %+v, want the site at line %d", i, site, 10+i)
		}
	}
}

func TestWorstCasePath(t *testing.T) {
	w1, w2 := 10.0, 2.0
	// The inner layer runs 3 times: 10 + 3*2.
	if got, ok := WorstCasePath([]int{3, 5}, []*float64{&w1, &w2}); !ok || got != 16 {
		t.Errorf("WorstCasePath = %v, %v; want 16", got, ok)
	}
	if _, ok := WorstCasePath([]int{3, 5}, []*float64{&w1, nil}); ok {
		t.Error("a layer with no worst case: ok")
	}
}

func TestRenderers(t *testing.T) {
	r := Build(chain(), nil, Options{P: 0.1, Root: "/m"})
	var md, dot, js bytes.Buffer
	if err := Markdown(&md, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| 1 | 45 | 1.37 | 3 |", "**retry loop ×3** (`a.go:4`)", "| `b/b.go:4` | `b.Get` | library | backoff.Retry | 5 |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
	if err := Dot(&dot, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dot.String(), "rankdir=LR") || !strings.Contains(dot.String(), "path ×45") {
		t.Errorf("dot output:\n%s", dot.String())
	}
	if err := JSON(&js, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"amplification": 45`) {
		t.Errorf("json output:\n%s", js.String())
	}
}

// The findings at no site are the report's own; the sites carry their
// source lines when the driver reads them.
func TestBuildFindingsAndSource(t *testing.T) {
	findings := []Finding{{Analyzer: "nodeadline", Message: "elsewhere", Pos: pos("c/c.go", 30)}}
	var asked []string
	read := func(file string, from, to int) []string {
		asked = append(asked, file)
		var lines []string
		for l := from; l <= to; l++ {
			lines = append(lines, "line "+strconv.Itoa(l))
		}
		return lines
	}
	r := Build(chain(), findings, Options{P: 0.1, Root: "/m", Source: read})
	if len(r.Findings) != 1 || r.Findings[0].Pos.File != "c/c.go" {
		t.Errorf("findings at no site %+v, want nodeadline's, relative to the root", r.Findings)
	}
	a := r.Sites[0]
	if a.Source == nil || a.Source.Line != 4 || len(a.Source.Lines) != 6 || a.Source.Lines[0] != "line 4" || asked[0] != "/m/a/a.go" {
		t.Errorf("site a's source %+v (read %v), want lines 4-9 of its body", a.Source, asked)
	}
}

// An exported function of an internal package that the report calls is
// a function, not an entry point: its callers' paths already go through
// it. One nothing calls stays an entry point.
func TestBuildInternalEntries(t *testing.T) {
	units := chain()
	for _, u := range units[1:] {
		u.Package = strings.Replace(u.Package, "m/", "m/internal/", 1)
	}
	r := Build(units, nil, Options{P: 0.1})
	entries := map[string]string{}
	for _, n := range r.Nodes {
		entries[n.Label] = string(n.Kind)
	}
	if entries["a.Do"] != "func" || entries["b.Get"] != "func" || entries["main.main"] != "entry" {
		t.Errorf("kinds %v: want a.Do and b.Get demoted, main an entry point", entries)
	}
	if len(r.Paths) != 1 {
		t.Errorf("%d paths, want main's alone (the internal functions' would repeat it)", len(r.Paths))
	}
}

// Where services meet: an entry point that serves a route is kept with
// what it calls out, and so is a call whose target is known, with the
// way to it from an entry point, retry or not; a call of unknown target
// with no retry on its way is still left out.
func TestBuildBoundaries(t *testing.T) {
	u := &Unit{Package: "m/h", Module: "example.com/m",
		Funcs: []UnitFunc{
			{Key: "m/h.Serve", Label: "h.Serve", Pos: pos("h.go", 1), Entry: EntryHTTP},
			{Key: "m/h.Call", Label: "h.Call", Pos: pos("h.go", 10), Entry: EntryExported},
			{Key: "m/h.Other", Label: "h.Other", Pos: pos("h.go", 20), Entry: EntryExported},
		},
		Outbound: []UnitOut{
			{Key: "o:db", Label: "(*sql.DB).ExecContext", Family: "an SQL call", Pos: pos("h.go", 2)},
			{Key: "o:ledger", Label: "LedgerClient.Debit", Family: "a gRPC call", Pos: pos("h.go", 11), Target: &Target{GRPC: "/l.L/Debit"}},
			{Key: "o:x", Label: "http.Get", Family: "an HTTP call", Pos: pos("h.go", 21), Target: &Target{Unknown: "the URL comes from parameter u"}},
		},
		Edges:  []Edge{{From: "m/h.Serve", To: "o:db"}, {From: "m/h.Call", To: "o:ledger"}, {From: "m/h.Other", To: "o:x"}},
		Serves: []UnitServe{{Key: "m/h.Serve", Label: "h.Serve", Pos: pos("h.go", 1), Entry: EntryHTTP, Target: Target{Method: "POST", Path: "/x"}}},
	}
	r := Build([]*Unit{u}, nil, Options{P: 0.1})
	kept := map[string]bool{}
	for _, n := range r.Nodes {
		kept[n.Label] = true
	}
	for label, want := range map[string]bool{"h.Serve": true, "(*sql.DB).ExecContext (an SQL call)": true, "h.Call": true,
		"LedgerClient.Debit (a gRPC call)": true, "h.Other": false, "http.Get (an HTTP call)": false} {
		if kept[label] != want {
			t.Errorf("node %q kept: %v, want %v", label, kept[label], want)
		}
	}
	if r.Service != "example.com/m" || len(r.Paths) != 0 {
		t.Errorf("service %q, %d paths; want the module and no path (no retry)", r.Service, len(r.Paths))
	}
}
