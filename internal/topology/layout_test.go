package topology

import (
	"strconv"
	"strings"
	"testing"
)

func placed(l *graphLayout) map[string]placedNode {
	m := map[string]placedNode{}
	for _, n := range l.Nodes {
		m[n.ID] = n
	}
	return m
}

func TestLayoutColumns(t *testing.T) {
	r := chainFixture()
	l := layoutGraph(r)
	at := placed(l)
	if len(at) != len(r.Nodes) {
		t.Fatalf("placed %d nodes, want %d", len(at), len(r.Nodes))
	}
	// Left to right as a request travels; layers by depth.
	for _, chain := range [][]string{
		{"n0", "n2", "n3", "n4", "n5", "n6", "n7", "n8"},
		{"n9", "n10", "n11", "n12"},
	} {
		for i := 1; i < len(chain); i++ {
			if a, b := at[chain[i-1]], at[chain[i]]; a.X >= b.X {
				t.Errorf("%s (x=%d) is not left of %s (x=%d)", a.ID, a.X, b.ID, b.X)
			}
		}
	}
	same := func(what string, ids ...string) {
		for _, id := range ids[1:] {
			if at[id].X != at[ids[0]].X {
				t.Errorf("%s: %s at x=%d, %s at x=%d", what, ids[0], at[ids[0]].X, id, at[id].X)
			}
		}
	}
	same("entry points", "n0", "n1", "n9")
	same("retry layer 1", "n3", "n11")
	same("outbound calls", "n8", "n12")
	if at["n4"].X <= at["n1"].X {
		t.Error("Refund's callee is not right of it")
	}
	var titles []string
	for _, c := range l.Columns {
		titles = append(titles, c.Title)
	}
	want := "entry points|functions|retry layer 1|called by layer 1|retry layer 2|called by layer 2|retry layer 3|outbound calls"
	if got := strings.Join(titles, "|"); got != want {
		t.Errorf("columns %s\nwant    %s", got, want)
	}
	// No two boxes of a column overlap; every box is inside the picture.
	for _, a := range l.Nodes {
		if a.X < 0 || a.Y < 0 || a.X+nodeW > l.Width || a.Y+nodeH > l.Height {
			t.Errorf("%s at (%d,%d) lies outside %dx%d", a.ID, a.X, a.Y, l.Width, l.Height)
		}
		for _, b := range l.Nodes {
			if a.ID < b.ID && a.X == b.X && a.Y < b.Y+nodeH && b.Y < a.Y+nodeH {
				t.Errorf("%s and %s overlap", a.ID, b.ID)
			}
		}
	}
	for _, e := range l.Edges {
		if e.Back {
			t.Errorf("edge %s→%s drawn as a back edge in a graph without cycles", e.From, e.To)
		}
	}
}

func TestLayoutCycleAndBadEdges(t *testing.T) {
	r := &Report{
		Nodes: []Node{
			{ID: "n0", Kind: NodeEntry, Label: "a.Serve"},
			{ID: "n1", Kind: NodeFunc, Label: "a.walk"},
			{ID: "n2", Kind: NodeRetry, Label: "retry loop ×3", Attempts: 3, Site: "s0"},
			{ID: "n3", Kind: NodeOutbound, Label: "(*net/http.Client).Do (http)"},
		},
		Edges: []Edge{
			{From: "n0", To: "n1"}, {From: "n1", To: "n2"}, {From: "n2", To: "n1"}, // recursion through the retry
			{From: "n2", To: "n3"}, {From: "n2", To: "n3"}, // a duplicate
			{From: "n1", To: "n1"}, {From: "n1", To: "n9"}, // a self-call and a dangling edge
		},
	}
	l := layoutGraph(r)
	if len(l.Nodes) != 4 || len(l.Edges) != 4 {
		t.Fatalf("placed %d nodes and %d edges, want 4 and 4", len(l.Nodes), len(l.Edges))
	}
	back := 0
	for _, e := range l.Edges {
		if e.Back {
			back++
			if e.From != "n2" || e.To != "n1" {
				t.Errorf("back edge %s→%s, want n2→n1", e.From, e.To)
			}
		}
	}
	if back != 1 {
		t.Errorf("%d back edges, want 1", back)
	}
	var b strings.Builder
	if err := HTML(&b, r); err != nil {
		t.Fatal(err)
	}
}

func TestHTMLEmptyReport(t *testing.T) {
	page := render(t, &Report{Schema: Schema, Tool: "retrylint (devel)", P: 0.1})
	for _, want := range []string{
		"No path runs from an entry point",
		"<title>retrylint report: 0 retry sites, 0 layers deep, worst —</title>",
		`"paths":[]`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("empty report lacks %q", want)
		}
	}
}

// TestDrawnGraphLarge: a graph past maxGraphNodes is drawn for its top
// paths only, the first path always whole, and the page says so.
func TestDrawnGraphLarge(t *testing.T) {
	r := &Report{P: 0.1}
	for i := range 40 { // 40 chains of 3 nodes: 120 nodes, amplification 40-i
		base := len(r.Nodes)
		id := func(k int) string { return "n" + strconv.Itoa(base+k) }
		r.Nodes = append(r.Nodes,
			Node{ID: id(0), Kind: NodeEntry, Label: "e" + strconv.Itoa(i)},
			Node{ID: id(1), Kind: NodeRetry, Label: "retry loop", Attempts: 40 - i},
			Node{ID: id(2), Kind: NodeOutbound, Label: "o" + strconv.Itoa(i)})
		r.Edges = append(r.Edges, Edge{From: id(0), To: id(1)}, Edge{From: id(1), To: id(2)})
		r.Paths = append(r.Paths, Path{Nodes: []string{id(0), id(1), id(2)}, Layers: 1, Amplification: 40 - i})
	}
	g, paths := drawnGraph(r)
	if paths != maxGraphNodes/3 || len(g.Nodes) != paths*3 || len(g.Edges) != paths*2 {
		t.Errorf("drew %d paths, %d nodes, %d edges; want %d, %d, %d",
			paths, len(g.Nodes), len(g.Edges), maxGraphNodes/3, maxGraphNodes, maxGraphNodes/3*2)
	}
	if g.Nodes[0].ID != "n0" || g.Nodes[len(g.Nodes)-1].ID != "n"+strconv.Itoa(paths*3-1) {
		t.Errorf("drew %s..%s, want the top paths' nodes", g.Nodes[0].ID, g.Nodes[len(g.Nodes)-1].ID)
	}
	page := render(t, r)
	if !strings.Contains(page, "The graph draws the 20 paths with the highest amplification (60 of 120 nodes)") {
		t.Error("the page does not say the graph is partial")
	}
	if n := strings.Count(page, `class="node `); n != 60 {
		t.Errorf("page draws %d nodes, want 60", n)
	}
	if n := strings.Count(page, `<tr id="path-`); n != min(len(r.Paths), maxPathRows) {
		t.Errorf("paths table has %d rows, want %d", n, min(len(r.Paths), maxPathRows))
	}
}
