package topology

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// join links every outbound call whose target is known to the entry
// points that serve it best: the most specific route or the gRPC method.
// Candidates in more than one service leave the call unjoined (the
// target alone does not say which service it calls: the host would);
// links that close a cycle between services are cut.
func (m *Report) join() {
	var entries []*Node
	for i := range m.Nodes {
		if n := &m.Nodes[i]; n.Kind == NodeEntry && len(n.Serves) > 0 {
			entries = append(entries, n)
		}
	}
	for _, n := range m.Nodes {
		if n.Kind != NodeOutbound || !n.Target.Known() {
			continue
		}
		type cand struct {
			entry  *Node
			serves Target
			score  int
		}
		var best []cand
		for _, e := range entries {
			for _, sv := range e.Serves {
				score, ok := match(&sv, n.Target)
				switch {
				case !ok:
					continue
				case len(best) > 0 && score < best[0].score:
					continue
				case len(best) > 0 && score > best[0].score:
					best = best[:0]
				}
				best = append(best, cand{e, sv, score})
			}
		}
		var services []string
		for _, c := range best {
			if !slices.Contains(services, c.entry.Service) {
				services = append(services, c.entry.Service)
			}
		}
		switch {
		case len(services) == 0:
			m.Unjoined = append(m.Unjoined, Unjoined{Node: n.ID, Service: n.Service, Target: *n.Target, Why: "no merged service serves it"})
			continue
		case len(services) > 1:
			slices.Sort(services)
			m.Unjoined = append(m.Unjoined, Unjoined{Node: n.ID, Service: n.Service, Target: *n.Target,
				Why: "served by " + strings.Join(services, " and ") + ": the host would say which"})
			continue
		}
		for _, c := range best {
			if slices.ContainsFunc(m.Links, func(l Link) bool { return l.From == n.ID && l.To == c.entry.ID }) {
				continue
			}
			m.Links = append(m.Links, Link{From: n.ID, To: c.entry.ID, FromService: n.Service, ToService: c.entry.Service,
				Target: *n.Target, Serves: c.serves})
		}
	}
	m.cutCycles()
	for _, l := range m.Links {
		if !l.Cut {
			m.Edges = append(m.Edges, Edge{From: l.From, To: l.To, Link: true})
		}
	}
}

// cutCycles cuts the links that close a cycle between services: a
// depth-first walk of the services' calls, from the services no other
// calls (then any left, by name), marks as cut the links to a service
// still on its stack, a service calling itself included.
func (m *Report) cutCycles() {
	calls := map[string][]string{}
	into := map[string]bool{}
	for _, l := range m.Links {
		if !slices.Contains(calls[l.FromService], l.ToService) {
			calls[l.FromService] = append(calls[l.FromService], l.ToService)
		}
		if l.FromService != l.ToService {
			into[l.ToService] = true
		}
	}
	for _, to := range calls {
		slices.Sort(to)
	}
	state := map[string]int{} // 1 on the stack, 2 done
	var stack []string
	back := map[[2]string]bool{}
	var cycles [][]string
	var visit func(s string)
	visit = func(s string) {
		state[s] = 1
		stack = append(stack, s)
		for _, t := range calls[s] {
			switch state[t] {
			case 0:
				visit(t)
			case 1:
				back[[2]string{s, t}] = true
				i := slices.Index(stack, t)
				cycles = append(cycles, append(slices.Clone(stack[i:]), t))
			}
		}
		stack = stack[:len(stack)-1]
		state[s] = 2
	}
	for _, top := range []bool{true, false} {
		for _, svc := range m.Services {
			if state[svc.Name] == 0 && into[svc.Name] != top {
				visit(svc.Name)
			}
		}
	}
	for _, c := range cycles {
		cy := Cycle{Services: c}
		from, to := c[len(c)-2], c[len(c)-1]
		for i := range m.Links {
			if l := &m.Links[i]; l.FromService == from && l.ToService == to {
				l.Cut = true
				cy.Cut = append(cy.Cut, l.From+" → "+l.To)
			}
		}
		m.Cycles = append(m.Cycles, cy)
	}
}

// boundaries computes the calls across each link and into each service:
// the most calls a request at one of the roots makes to the link's
// outbound node, the product of the retry layers above it, and when that
// is not a number, the product of the known ones.
func (m *Report) boundaries(roots map[string]bool) {
	in := map[string][]string{}
	for _, e := range m.Edges {
		in[e.To] = append(in[e.To], e.From)
	}
	attempts, known := map[string]int{}, map[string]int{}
	for _, n := range m.Nodes {
		attempts[n.ID], known[n.ID] = n.Attempts, max(n.Attempts, 1)
	}
	worst := bestAbove(in, attempts, roots)
	least := bestAbove(in, known, roots)
	svc := map[string]*Service{}
	for i := range m.Services {
		svc[m.Services[i].Name] = &m.Services[i]
	}
	for i := range m.Links {
		l := &m.Links[i]
		l.Calls = worst(l.From)
		if l.Calls == AttemptsUnknown {
			l.AtLeast = least(l.From)
		}
		if s := svc[l.ToService]; !l.Cut && (compareAmp(l.Calls, s.Calls) > 0 || l.Calls == AttemptsUnknown && s.Calls == 1) {
			s.Calls, s.AtLeast = l.Calls, l.AtLeast
		} else if !l.Cut && l.Calls == AttemptsUnknown && s.Calls == AttemptsUnknown {
			s.AtLeast = max(s.AtLeast, l.AtLeast)
		}
	}
	rank := map[string]int{}
	for i, s := range m.Services {
		rank[s.Name] = i
	}
	slices.SortStableFunc(m.Links, func(a, b Link) int {
		return cmp.Or(cmp.Compare(rank[a.FromService], rank[b.FromService]), cmp.Compare(rank[a.ToService], rank[b.ToService]),
			cmp.Compare(nodeIndex(a.From), nodeIndex(b.From)), cmp.Compare(nodeIndex(a.To), nodeIndex(b.To)))
	})
}

// bestAbove returns, for a node, the highest amplification of a path from
// one of the roots down to it, the node's own attempts included. A cycle
// counts as no path, as in bestBelow.
func bestAbove(in map[string][]string, attempts map[string]int, roots map[string]bool) func(id string) int {
	memo := map[string]int{}
	const busy = -2
	var visit func(id string) int
	visit = func(id string) int {
		if a, ok := memo[id]; ok {
			if a == busy {
				return AttemptsUnknown
			}
			return a
		}
		memo[id] = busy
		a, any := 1, roots[id]
		for _, from := range in[id] {
			if v := visit(from); !any || compareAmp(v, a) > 0 {
				a, any = v, true
			}
		}
		a = Amplify(a, attempts[id])
		memo[id] = a
		return a
	}
	return visit
}

// nodeIndex is the number of a node id: "n12" is 12.
func nodeIndex(id string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(id, "n"))
	return n
}

// flowOrder orders the services of a joined report by the links that are
// followed: a service after every service that calls it, by name among
// those that could come next (Kahn's algorithm).
func flowOrder(m *Report) []string {
	indeg := map[string]int{}
	next := map[string][]string{}
	seen := map[[2]string]bool{}
	for _, l := range m.Links {
		k := [2]string{l.FromService, l.ToService}
		if l.Cut || seen[k] {
			continue
		}
		seen[k] = true
		indeg[l.ToService]++
		next[l.FromService] = append(next[l.FromService], l.ToService)
	}
	var ready, order []string
	for _, s := range m.Services {
		if indeg[s.Name] == 0 {
			ready = append(ready, s.Name)
		}
	}
	for len(ready) > 0 {
		slices.Sort(ready)
		s := ready[0]
		ready = ready[1:]
		order = append(order, s)
		for _, t := range next[s] {
			if indeg[t]--; indeg[t] == 0 {
				ready = append(ready, t)
			}
		}
	}
	for _, s := range m.Services { // none is left once cycles are cut; in case
		if !slices.Contains(order, s.Name) {
			order = append(order, s.Name)
		}
	}
	return order
}
