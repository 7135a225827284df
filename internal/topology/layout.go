package topology

import (
	"cmp"
	"fmt"
	"slices"
)

// The graph of the HTML page is laid out here, in Go, so that the page
// needs no layout library and equal reports give equal pictures.
//
// Columns run left to right the way a request travels: entry points, the
// functions they call, retry layer 1, the functions its attempts call,
// retry layer 2, ..., outbound calls last. A node's depth is the most
// retry layers on any path from an entry point down to it (itself
// included), so all layer-2 retries stand in one column whatever number of
// plain functions lie between them and their caller. Inside one band,
// calls between nodes of the band (a handler calling a helper) open
// sub-columns, so edges still run left to right. Back edges (recursion)
// are drawn dashed and do not count for the columns.

// Layout sizes, in SVG user units (CSS pixels at 100%).
const (
	nodeW, nodeH = 220, 58
	gapX, gapY   = 36, 14
	padX, padTop = 16, 40 // padTop leaves room for the column titles
	padBottom    = 16
)

type graphLayout struct {
	Width, Height int
	Columns       []layoutColumn
	Nodes         []placedNode
	Edges         []placedEdge
	Lanes         []lane // a merged report's services, one above the other
}

type layoutColumn struct {
	X, Y  int // centre of the column, baseline of its title
	Title string
}

// lane is a service's band of the graph.
type lane struct {
	Y, Height int
	Title     string
}

type placedNode struct {
	*Node
	X, Y int
	Col  int
}

type placedEdge struct {
	From, To string
	D        string // the SVG path
	Back     bool   // against the flow: recursion or a call back up
	// Link is a call from one service to another, labelled with the
	// calls per request that cross it, at LabelX, LabelY.
	Link           bool
	Label          string
	LabelX, LabelY int
}

// layoutGraph places r's nodes and routes its edges.
func layoutGraph(r *Report) *graphLayout { return layoutAt(r, 0) }

// layoutAt places r's nodes and routes its edges below y = top; Height
// is the layout's own, from top.
func layoutAt(r *Report, top int) *graphLayout {
	n := len(r.Nodes)
	index := make(map[string]int, n)
	for i := range r.Nodes {
		index[r.Nodes[i].ID] = i
	}
	succ, pred := make([][]int, n), make([][]int, n)
	type edge struct{ from, to int }
	var edges []edge
	seen := map[edge]bool{}
	for _, e := range r.Edges {
		f, okf := index[e.From]
		t, okt := index[e.To]
		if !okf || !okt || f == t || seen[edge{f, t}] {
			continue // a dangling edge or a self-call has nothing to draw
		}
		seen[edge{f, t}] = true
		edges = append(edges, edge{f, t})
		succ[f] = append(succ[f], t)
	}
	for f := range succ {
		slices.Sort(succ[f])
	}

	// Depth-first from sources first, then from whatever a cycle left
	// unvisited; an edge to a node on the stack is a back edge.
	back := map[edge]bool{}
	state := make([]int8, n) // 0 new, 1 on stack, 2 done
	var post []int
	var visit func(int)
	visit = func(v int) {
		state[v] = 1
		for _, w := range succ[v] {
			switch state[w] {
			case 0:
				visit(w)
			case 1:
				back[edge{v, w}] = true
			}
		}
		state[v] = 2
		post = append(post, v)
	}
	hasPred := make([]bool, n)
	for _, e := range edges {
		hasPred[e.to] = true
	}
	for _, roots := range []bool{true, false} {
		for v := range n {
			if state[v] == 0 && hasPred[v] != roots {
				visit(v)
			}
		}
	}
	for _, e := range edges {
		if !back[e] {
			pred[e.to] = append(pred[e.to], e.from)
		}
	}
	slices.Reverse(post) // a topological order of the graph without back edges

	depth := make([]int, n)
	band := make([]int, n)
	maxBand := 0
	for _, v := range post {
		d := 0
		for _, u := range pred[v] {
			d = max(d, depth[u])
		}
		node := &r.Nodes[v]
		switch {
		case node.Kind == NodeRetry:
			d++
			band[v] = 2 * d
		case node.Kind == NodeEntry && len(pred[v]) == 0:
			band[v] = 0
		default:
			band[v] = 2*d + 1
		}
		depth[v] = d
		if node.Kind != NodeOutbound {
			maxBand = max(maxBand, band[v])
		}
	}
	for v := range n {
		if r.Nodes[v].Kind == NodeOutbound {
			band[v] = maxBand + 1
		}
	}
	sub := make([]int, n)
	for _, v := range post {
		for _, u := range pred[v] {
			if band[u] == band[v] {
				sub[v] = max(sub[v], sub[u]+1)
			}
		}
	}

	// Number the occupied (band, sub) pairs left to right.
	type key struct{ band, sub int }
	var keys []key
	for v := range n {
		k := key{band[v], sub[v]}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.band, b.band), cmp.Compare(a.sub, b.sub))
	})
	col := make([]int, n)
	cols := make([][]int, len(keys))
	for _, v := range post {
		col[v] = slices.Index(keys, key{band[v], sub[v]})
	}
	for v := range n { // in ID order: the first order of each column
		cols[col[v]] = append(cols[col[v]], v)
	}
	orderColumns(cols, pred, succ)

	l := &graphLayout{}
	y := placeRows(cols, pred, top)
	maxBottom := 0
	for c, vs := range cols {
		x := padX + c*(nodeW+gapX)
		title := ""
		if c == 0 || keys[c].band != keys[c-1].band {
			title = bandTitle(keys[c].band, maxBand+1)
		}
		l.Columns = append(l.Columns, layoutColumn{X: x + nodeW/2, Y: top + 20, Title: title})
		for _, v := range vs {
			l.Nodes = append(l.Nodes, placedNode{Node: &r.Nodes[v], X: x, Y: y[v], Col: c})
			maxBottom = max(maxBottom, y[v]+nodeH)
		}
	}
	slices.SortFunc(l.Nodes, func(a, b placedNode) int { return cmp.Compare(index[a.ID], index[b.ID]) })
	pos := func(v int) (int, int) { return padX + col[v]*(nodeW+gapX), y[v] }
	for _, e := range edges {
		x1, y1 := pos(e.from)
		x2, y2 := pos(e.to)
		x1, y1, y2 = x1+nodeW, y1+nodeH/2, y2+nodeH/2
		bend := max(gapX/2, (x2-x1)/2)
		if x2 <= x1 {
			bend = gapX // curve out of the source and back into the target
		}
		l.Edges = append(l.Edges, placedEdge{
			From: r.Nodes[e.from].ID,
			To:   r.Nodes[e.to].ID,
			D:    fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, x1+bend, y1, x2-bend-6, y2, x2-6, y2),
			Back: back[e] || x2 <= x1,
		})
	}
	l.Width = padX*2 + max(1, len(cols))*(nodeW+gapX) - gapX
	l.Height = max(maxBottom, top+padTop+nodeH) + padBottom - top
	return l
}

// orderColumns orders the nodes of each column by the mean row of their
// neighbours (the barycenter heuristic), a few sweeps each way, to keep
// edges from crossing. Ties keep the current order, so it is stable.
func orderColumns(cols [][]int, pred, succ [][]int) {
	row := map[int]int{}
	setRows := func(vs []int) {
		for i, v := range vs {
			row[v] = i
		}
	}
	for _, vs := range cols {
		setRows(vs)
	}
	sweep := func(c int, nbrs [][]int) {
		bary := map[int]float64{}
		for _, v := range cols[c] {
			sum, k := 0.0, 0
			for _, u := range nbrs[v] {
				sum += float64(row[u])
				k++
			}
			if k == 0 {
				bary[v] = float64(row[v])
			} else {
				bary[v] = sum / float64(k)
			}
		}
		slices.SortStableFunc(cols[c], func(a, b int) int { return cmp.Compare(bary[a], bary[b]) })
		setRows(cols[c])
	}
	for range 3 {
		for c := 1; c < len(cols); c++ {
			sweep(c, pred)
		}
		for c := len(cols) - 2; c >= 0; c-- {
			sweep(c, succ)
		}
	}
}

// placeRows gives each node its y: the first column packed from the top,
// each later column near the mean y of its callers, pushed down where two
// nodes would overlap.
func placeRows(cols [][]int, pred [][]int, top int) map[int]int {
	y := map[int]int{}
	step := nodeH + gapY
	for _, vs := range cols {
		next := top + padTop
		for _, v := range vs {
			want := next
			sum, k := 0, 0
			for _, u := range pred[v] {
				if yu, ok := y[u]; ok {
					sum += yu
					k++
				}
			}
			if k > 0 {
				want = max(next, sum/k)
			}
			y[v] = want
			next = want + step
		}
	}
	return y
}

func bandTitle(band, outbound int) string {
	switch {
	case band == 0:
		return "entry points"
	case band == outbound:
		return "outbound calls"
	case band%2 == 0:
		return fmt.Sprintf("retry layer %d", band/2)
	case band == 1:
		return "functions"
	default:
		return fmt.Sprintf("called by layer %d", band/2)
	}
}

// maxGraphNodes bounds the drawn graph. Past a few dozen boxes a layered
// drawing turns into a hairball, and the question the picture answers is
// where the worst paths run: a larger graph is drawn for its top paths,
// taken in order while their nodes fit. The tables list everything.
const maxGraphNodes = 60

// drawnGraph returns the part of r's graph the page draws and how many of
// r's top paths it holds.
func drawnGraph(r *Report) (g *Report, paths int) {
	if len(r.Nodes) <= maxGraphNodes {
		return r, len(r.Paths)
	}
	keep := map[string]bool{}
	for i, p := range r.Paths {
		added := 0
		for _, id := range p.Nodes {
			if !keep[id] {
				added++
			}
		}
		if i > 0 && len(keep)+added > maxGraphNodes {
			break
		}
		for _, id := range p.Nodes {
			keep[id] = true
		}
		paths = i + 1
	}
	g = &Report{}
	for _, n := range r.Nodes {
		if keep[n.ID] {
			g.Nodes = append(g.Nodes, n)
		}
	}
	for _, e := range r.Edges {
		if keep[e.From] && keep[e.To] {
			g.Edges = append(g.Edges, e)
		}
	}
	return g, paths
}
