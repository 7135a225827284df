package topology

import (
	"fmt"
)

// laneHead is the room above a lane's columns for the service's name.
const laneHead, laneGap = 26, 34

// layoutLanes lays out a merged report one service per lane, top to
// bottom in the order requests flow (the services' order), each lane
// laid out as a graph of its own; the calls between services leave an
// outbound call on the right of its lane, run along the gap below it and
// enter the entry point they call from the left. A report of one service
// is laid out as one graph.
func layoutLanes(r *Report, services []Service, links []Link) *graphLayout {
	if len(services) == 0 {
		return layoutGraph(r)
	}
	l := &graphLayout{}
	at := map[string]placedNode{}
	index := map[string]int{}
	for i := range r.Nodes {
		index[r.Nodes[i].ID] = i
	}
	y := 0
	for _, svc := range services {
		sub := &Report{}
		for _, n := range r.Nodes {
			if n.Service == svc.Name {
				sub.Nodes = append(sub.Nodes, n)
			}
		}
		if len(sub.Nodes) == 0 {
			continue
		}
		for _, e := range r.Edges {
			if !e.Link {
				sub.Edges = append(sub.Edges, e)
			}
		}
		off := y + laneHead
		g := layoutAt(sub, off)
		l.Lanes = append(l.Lanes, lane{Y: y, Height: g.Height + laneHead, Title: svc.Name})
		l.Columns = append(l.Columns, g.Columns...)
		for _, n := range g.Nodes {
			n.Node = &r.Nodes[index[n.ID]] // g's nodes point into sub
			l.Nodes = append(l.Nodes, n)
			at[n.ID] = n
		}
		l.Edges = append(l.Edges, g.Edges...)
		l.Width = max(l.Width, g.Width)
		y += g.Height + laneHead + laneGap
	}
	l.Height = max(y-laneGap, padTop+nodeH)
	labels := map[[2]string]string{}
	for _, k := range links {
		labels[[2]string{k.From, k.To}] = LinkCallsText(k.Calls, k.AtLeast)
	}
	// The calls between services, each on its own track of the gap.
	track := map[int]int{}
	for _, e := range r.Edges {
		from, okf := at[e.From]
		to, okt := at[e.To]
		if !e.Link || !okf || !okt {
			continue
		}
		x1, y1 := from.X+nodeW, from.Y+nodeH/2
		x2, y2 := to.X, to.Y+nodeH/2
		gap := laneBottom(l.Lanes, from.Y) + 6 + 8*track[laneBottom(l.Lanes, from.Y)]
		track[laneBottom(l.Lanes, from.Y)]++
		right := min(x1+14, l.Width-4)
		left := max(x2-14, 4)
		d := fmt.Sprintf("M%d %d H%d V%d H%d V%d H%d", x1, y1, right, gap, left, y2, x2-6)
		if y2 < y1 { // a call up to an earlier lane: straight back
			d = fmt.Sprintf("M%d %d C%d %d %d %d %d %d", x1, y1, x1+gapX, y1, x2-gapX, y2, x2-6, y2)
		}
		l.Edges = append(l.Edges, placedEdge{From: e.From, To: e.To, D: d, Link: true,
			Label: labels[[2]string{e.From, e.To}], LabelX: (right + left) / 2, LabelY: gap - 3})
	}
	return l
}

// laneBottom is the bottom of the lane that holds y.
func laneBottom(lanes []lane, y int) int {
	for _, ln := range lanes {
		if ln.Y <= y && y < ln.Y+ln.Height {
			return ln.Y + ln.Height
		}
	}
	return y
}
