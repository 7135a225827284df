package topology

import (
	"cmp"
	"slices"
	"strings"
)

// paths enumerates the paths from each entry node to an outbound node
// through at least one retry node, bounded by r.Limits: at most
// PathsPerEntry from one entry and MaxDepth nodes on one path, then the
// MaxPaths highest amplifications of all. A path never visits a node
// twice (recursion would be a path of unbounded length).
//
// Each entry's paths are searched highest amplification first: the
// children of a node are tried in the order of the best amplification
// below them, so a cap drops the smallest paths, not arbitrary ones. The
// search follows only edges that can still end at an outbound call (and
// through a retry node, until it has passed one), so every branch it
// takes yields a path and the work is bounded by the caps.
//
// In a merged report an outbound call joined to another service's entry
// point has edges of its own: a path goes on through them, and ends there
// only when none of them leads to an outbound call. roots, when not nil,
// are the entry points paths start from (a merged report's: those no
// other service calls); nil is every entry point.
func paths(r *Report, p float64, roots map[string]bool) ([]Path, bool) {
	byID := map[string]*Node{}
	order := map[string]int{} // a node's place in r.Nodes: "n9" before "n10"
	out := map[string][]string{}
	in := map[string][]string{}
	for i := range r.Nodes {
		byID[r.Nodes[i].ID] = &r.Nodes[i]
		order[r.Nodes[i].ID] = i
	}
	for _, e := range r.Edges {
		out[e.From] = append(out[e.From], e.To)
		in[e.To] = append(in[e.To], e.From)
	}
	var outs, retriesOut []string
	for _, n := range r.Nodes {
		if n.Kind == NodeOutbound {
			outs = append(outs, n.ID)
		}
	}
	toOut := reach(outs, in)
	for _, n := range r.Nodes {
		if n.Kind == NodeRetry && toOut[n.ID] {
			retriesOut = append(retriesOut, n.ID)
		}
	}
	toRetryOut := reach(retriesOut, in)

	best := bestBelow(r.Nodes, out, toOut)
	for id := range out {
		slices.SortStableFunc(out[id], func(a, b string) int { return compareAmp(best[b], best[a]) })
	}

	s := &search{nodes: byID, out: out, toOut: toOut, toRetryOut: toRetryOut, limits: r.Limits}
	var all []Path
	truncated := false
	for _, n := range r.Nodes {
		if n.Kind != NodeEntry || !toRetryOut[n.ID] || roots != nil && !roots[n.ID] {
			continue
		}
		s.found = nil
		s.walk([]string{n.ID}, map[string]bool{n.ID: true}, false)
		truncated = truncated || s.truncated
		all = append(all, s.found...)
	}
	sites := map[string]*Site{}
	for i := range r.Sites {
		sites[r.Sites[i].ID] = &r.Sites[i]
	}
	for i := range all {
		finish(&all[i], byID, sites, p)
	}
	slices.SortStableFunc(all, func(a, b Path) int {
		if c := compareAmp(b.Amplification, a.Amplification); c != 0 {
			return c
		}
		if a.Layers != b.Layers {
			return b.Layers - a.Layers
		}
		if len(a.Nodes) != len(b.Nodes) {
			return len(b.Nodes) - len(a.Nodes) // from further up first
		}
		return slices.CompareFunc(a.Nodes, b.Nodes, func(x, y string) int { return cmp.Compare(order[x], order[y]) })
	})
	if len(all) > r.Limits.MaxPaths {
		all, truncated = all[:r.Limits.MaxPaths], true
	}
	if all == nil {
		all = []Path{}
	}
	return all, truncated
}

type search struct {
	nodes      map[string]*Node
	out        map[string][]string
	toOut      map[string]bool
	toRetryOut map[string]bool
	limits     Limits
	found      []Path
	truncated  bool
}

func (s *search) walk(path []string, on map[string]bool, retried bool) {
	if len(s.found) >= s.limits.PathsPerEntry {
		s.truncated = true
		return
	}
	last := s.nodes[path[len(path)-1]]
	retried = retried || last.Kind == NodeRetry
	if last.Kind == NodeOutbound && !slices.ContainsFunc(s.out[last.ID], func(next string) bool { return s.toOut[next] && !on[next] }) {
		if retried {
			s.found = append(s.found, Path{Nodes: slices.Clone(path)})
		}
		return
	}
	if len(path) >= s.limits.MaxDepth {
		s.truncated = true
		return
	}
	for _, next := range s.out[last.ID] {
		if on[next] || !s.toOut[next] || !retried && !s.toRetryOut[next] {
			continue
		}
		on[next] = true
		s.walk(append(path, next), on, retried)
		delete(on, next)
	}
}

// finish computes a path's layers, amplification, E[N] and worst case,
// and when the amplification is not a number, what is known of it.
func finish(pt *Path, byID map[string]*Node, sites map[string]*Site, p float64) {
	var attempts []int
	var worst []*float64
	var until []string
	for _, id := range pt.Nodes {
		if n := byID[id]; n.Kind == NodeRetry {
			attempts = append(attempts, n.Attempts)
			var w *float64
			if s := sites[n.Site]; s != nil {
				w = s.WorstCase
				if s.Until != "" && !slices.Contains(until, s.Until) {
					until = append(until, s.Until)
				}
			}
			worst = append(worst, w)
		}
	}
	if a := Amplify(attempts...); a == AttemptsUnknown {
		pt.AtLeast = AtLeast(attempts...)
		slices.Sort(until)
		pt.Until = strings.Join(until, " or ")
	}
	if t, ok := WorstCasePath(attempts, worst); ok {
		pt.WorstCase = &t
	}
	pt.Layers = len(attempts)
	pt.Amplification = Amplify(attempts...)
	if e, ok := ExpectedPath(p, attempts...); ok {
		pt.Expected = &e
	}
}

// WorstCasePath is the longest the retries of a path can take when every
// layer's worst case is known: a layer runs as many times as the product
// of the attempts of the layers above it, so
//
//	T = W1 + A1·W2 + A1·A2·W3 + ...
//
// attempts and worst are per layer, outermost first. ok is false when a
// layer's worst case or attempts are not known.
func WorstCasePath(attempts []int, worst []*float64) (t float64, ok bool) {
	runs := 1.0
	for i, w := range worst {
		if w == nil || i >= len(attempts) || attempts[i] <= 0 {
			return 0, false
		}
		t += runs * *w
		runs *= float64(attempts[i])
	}
	return t, len(worst) > 0
}

// bestBelow returns, for every node, the highest amplification of a path
// from it to an outbound call (1 for an outbound node). A cycle counts
// as no path: the search never repeats a node either.
func bestBelow(nodes []Node, out map[string][]string, toOut map[string]bool) map[string]int {
	attempts := map[string]int{}
	kind := map[string]NodeKind{}
	for _, n := range nodes {
		attempts[n.ID], kind[n.ID] = n.Attempts, n.Kind
	}
	best := map[string]int{}
	const busy = -2 // on the stack
	var visit func(id string) int
	visit = func(id string) int {
		if b, ok := best[id]; ok {
			if b == busy {
				return AttemptsUnknown
			}
			return b
		}
		if kind[id] == NodeOutbound && !slices.ContainsFunc(out[id], func(next string) bool { return toOut[next] }) {
			best[id] = 1
			return 1
		}
		best[id] = busy
		b, any := AttemptsUnknown, false
		for _, next := range out[id] {
			if !toOut[next] {
				continue
			}
			if v := visit(next); !any || compareAmp(v, b) > 0 {
				b, any = v, true
			}
		}
		if kind[id] == NodeRetry {
			b = Amplify(attempts[id], b)
		}
		best[id] = b
		return b
	}
	for _, n := range nodes {
		visit(n.ID)
	}
	return best
}

// compareAmp orders amplifications: unbounded above every number, a
// number above unknown.
func compareAmp(a, b int) int {
	rank := func(x int) int {
		switch {
		case x == AttemptsUnbounded:
			return 2
		case x > 0:
			return 1
		}
		return 0
	}
	if c := cmp.Compare(rank(a), rank(b)); c != 0 {
		return c
	}
	return cmp.Compare(a, b)
}
