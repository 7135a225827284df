package topology

import (
	"bytes"
	"strings"
	"testing"
)

// svc is the report of a service with one entry point serving serves,
// which calls out to call, through a retry layer of attempts when
// attempts is not 1.
func svc(name string, serves Target, attempts int, call Target) *Report {
	r := &Report{Schema: Schema, Tool: "retrylint (devel)", Service: name, P: 0.1}
	pos := Pos{File: name + ".go", Line: 1}
	r.Nodes = append(r.Nodes, Node{ID: "n0", Kind: NodeEntry, Label: name + ".Handle", Pos: pos, Entry: EntryHTTP, Attempts: 1, Serves: []Target{serves}})
	last := "n0"
	if attempts != 1 {
		r.Sites = append(r.Sites, Site{ID: "s0", Pos: pos, Kind: "loop", Name: "retry loop", Attempts: attempts})
		r.Nodes = append(r.Nodes, Node{ID: "n1", Kind: NodeRetry, Label: "retry loop", Pos: pos, Site: "s0", Attempts: attempts})
		r.Edges = append(r.Edges, Edge{From: "n0", To: "n1"})
		last = "n1"
	}
	r.Nodes = append(r.Nodes, Node{ID: "n2", Kind: NodeOutbound, Label: "(*http.Client).Do (an HTTP call)", Pos: pos, Attempts: 1, Target: &call})
	r.Edges = append(r.Edges, Edge{From: last, To: "n2"})
	return r
}

func post(path string) Target { return Target{Method: "POST", Path: path} }

func mustMerge(t *testing.T, rs ...*Report) *Report {
	t.Helper()
	m, err := Merge(rs, MergeOptions{P: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A chain of three services, 3 attempts each: 27 calls at the bottom,
// 3 and 9 across the boundaries, whatever order the reports come in.
func TestMergeChain(t *testing.T) {
	a := svc("a", post("/a"), 3, post("/b/{id}"))
	b := svc("b", post("/b/{id}"), 3, Target{GRPC: "/c.C/Do"})
	c := svc("c", Target{GRPC: "/c.C/Do"}, 3, Target{Method: "GET", Host: "db.internal", Path: "/rows"})
	m := mustMerge(t, a, b, c)
	if p := m.Paths[0]; p.Amplification != 27 || p.Layers != 3 || len(m.Paths) != 1 {
		t.Fatalf("paths %+v, want one of 27 calls over 3 layers (b's and c's entries are called: no paths of their own)", m.Paths)
	}
	got := map[string]int{}
	for _, l := range m.Links {
		got[l.FromService+"→"+l.ToService] = l.Calls
	}
	if got["a→b"] != 3 || got["b→c"] != 9 || len(got) != 2 {
		t.Errorf("links %v, want a→b 3, b→c 9", got)
	}
	if s := m.Services; s[0].Name != "a" || s[2].Name != "c" || s[2].Calls != 9 || s[0].Calls != 1 {
		t.Errorf("services %+v, want a, b, c with c called 9 times", s)
	}
	if len(m.Unjoined) != 1 || !strings.Contains(m.Unjoined[0].Why, "no merged service serves it") {
		t.Errorf("unjoined %+v, want c's call of the database", m.Unjoined)
	}
	var first, again bytes.Buffer
	if err := JSON(&first, m); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&again, mustMerge(t, c, a, b)); err != nil {
		t.Fatal(err)
	}
	if first.String() != again.String() {
		t.Error("the same reports in another order merge to other bytes")
	}
}

// A cycle between services is cut once around and said.
func TestMergeCycle(t *testing.T) {
	a := svc("a", post("/a"), 3, post("/b"))
	b := svc("b", post("/b"), 2, post("/a"))
	m := mustMerge(t, a, b)
	if len(m.Cycles) != 1 || strings.Join(m.Cycles[0].Services, " ") != "a b a" {
		t.Fatalf("cycles %+v, want a → b → a", m.Cycles)
	}
	cut := 0
	for _, l := range m.Links {
		if l.Cut {
			cut++
			if l.FromService != "b" {
				t.Errorf("cut %+v, want the call back from b", l)
			}
		}
	}
	if cut != 1 || len(m.Paths) != 1 || m.Paths[0].Amplification != 6 {
		t.Errorf("%d links cut, paths %+v; want 1 cut and a path of 3x2 = 6", cut, m.Paths)
	}
	var md bytes.Buffer
	if err := Markdown(&md, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "Cycle between services cut: a → b → a") {
		t.Errorf("markdown does not say the cycle was cut:\n%s", md.String())
	}
}

// Two services serving the same route: the call is not joined unless a
// host says which.
func TestMergeAmbiguous(t *testing.T) {
	a := svc("a", post("/a"), 3, post("/x"))
	b := svc("b", post("/x"), 1, Target{GRPC: "/z.Z/Z"})
	c := svc("c", post("/x"), 1, Target{GRPC: "/z.Z/Z"})
	m := mustMerge(t, a, b, c)
	if len(m.Links) != 0 || len(m.Unjoined) != 3 || !strings.Contains(m.Unjoined[0].Why, "served by b and c") {
		t.Errorf("links %+v, unjoined %+v; want a's call unjoined, served by b and c", m.Links, m.Unjoined)
	}
	a = svc("a", post("/a"), 3, Target{Method: "POST", Host: "c.internal:8080", Path: "/x"})
	b.Nodes[0].Serves[0].Host = "b.internal"
	c.Nodes[0].Serves[0].Host = "c.internal"
	m = mustMerge(t, a, b, c)
	if len(m.Links) != 1 || m.Links[0].ToService != "c" {
		t.Errorf("links %+v, want a's call joined to c by its host", m.Links)
	}
	// The more specific route wins over a wildcard of another service.
	a = svc("a", post("/a"), 3, post("/x/new"))
	b.Nodes[0].Serves[0] = post("/x/{id}")
	c.Nodes[0].Serves[0] = post("/x/new")
	if m = mustMerge(t, a, b, c); len(m.Links) != 1 || m.Links[0].ToService != "c" {
		t.Errorf("links %+v, want a's call of /x/new joined to c's literal route", m.Links)
	}
}

// A layer whose attempts are not known: what is known is carried across
// the boundary.
func TestMergeAtLeast(t *testing.T) {
	a := svc("a", post("/a"), AttemptsUnknown, post("/b"))
	a.Sites[0].Until = "ctx"
	b := svc("b", post("/b"), 3, Target{GRPC: "/z.Z/Z"})
	m := mustMerge(t, a, b)
	p := m.Paths[0]
	if p.Amplification != AttemptsUnknown || p.AtLeast != 3 || p.Until != "ctx" {
		t.Errorf("path %+v, want unknown, at least 3, until ctx", p)
	}
	if got := PathAmpText(&p); got != "≥ 3, unbounded unless ctx ends it" {
		t.Errorf("path text %q", got)
	}
	if l := m.Links[0]; l.Calls != AttemptsUnknown || l.AtLeast != 1 {
		t.Errorf("link %+v, want an unknown number of calls", l)
	}
}

func TestMergeErrors(t *testing.T) {
	a := svc("a", post("/a"), 3, post("/b"))
	if _, err := Merge([]*Report{a, svc("a", post("/x"), 1, post("/y"))}, MergeOptions{Files: []string{"one.json", "two.json"}}); err == nil ||
		!strings.Contains(err.Error(), "one.json and two.json are both reports of a") {
		t.Errorf("two reports of a: %v", err)
	}
	for _, tc := range []struct{ data, want string }{
		{`{"schema": 1}`, "a report of schema 1; this retrylint merges schema 2"},
		{`{"tool": "x"}`, "no schema field"},
		{`[1, 2]`, "not a report"},
		{`{"schema": 2, "nodes": []}`, "names no service"},
		{`{"schema": 2, "service": "a", "nodes": [{"id": "n0", "site": "s9"}]}`, "node n0: no site s9"},
		{`{"schema": 2, "service": "a", "services": [{"name": "b"}]}`, "a merged report"},
	} {
		if _, err := ReadReport([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.data, err, tc.want)
		}
	}
}
