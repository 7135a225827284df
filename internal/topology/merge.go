package topology

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// `retrylint report merge` joins the reports of several services, each
// made in its own repository, into one: the outbound calls of one service
// become edges to the entry points of another that serve their targets,
// and the paths and their amplification run across the services:
//
//	gateway   retry loop ×3 → POST /orders/{id}
//	orders    POST /orders/{id} → retry loop ×3 → gRPC client ×3 → /ledger.v1.Ledger/Debit
//	ledger    /ledger.v1.Ledger/Debit → ...
//
// makes 27 calls on the ledger per request to the gateway at full outage.

// Service is one merged report.
type Service struct {
	Name string `json:"name"`
	// Tool is the binary that made the report, File where it was read.
	Tool string `json:"tool"`
	File string `json:"file,omitempty"`
	// Sites, Entries and Outbound count the service's retry sites,
	// entry points and outbound calls; Unknown the outbound calls whose
	// target is not known, which no join can follow.
	Sites    int `json:"sites"`
	Entries  int `json:"entries"`
	Outbound int `json:"outbound"`
	Unknown  int `json:"unknown_targets"`
	// Calls is the most calls one request at the top reaches the
	// service with at full outage, over the links into it (1 for a
	// service no other calls); AtLeast when that is not a number.
	Calls   int `json:"calls"`
	AtLeast int `json:"at_least,omitempty"`
}

// Link is an outbound call of one service joined to an entry point of
// another that serves its target.
type Link struct {
	// From is the outbound node, To the entry node.
	From        string `json:"from"`
	To          string `json:"to"`
	FromService string `json:"from_service"`
	ToService   string `json:"to_service"`
	// Target is what the call calls; Serves the route or method of the
	// entry point it matched.
	Target Target `json:"target"`
	Serves Target `json:"serves"`
	// Calls is the most calls one request at the top makes across the
	// link at full outage: the product of the retry layers above it on
	// the worst path that reaches it; AtLeast when that is not a number.
	Calls   int `json:"calls"`
	AtLeast int `json:"at_least,omitempty"`
	// Cut says the link closes a cycle between services: it is not
	// followed (see Cycles).
	Cut bool `json:"cut,omitempty"`
}

// Unjoined is an outbound call with a known target that no entry point
// of the merged services serves, or that several services serve.
type Unjoined struct {
	Node    string `json:"node"`
	Service string `json:"service"`
	Target  Target `json:"target"`
	// Why: "no merged service serves it", "served by orders and
	// payments".
	Why string `json:"why"`
}

// Cycle is a cycle of calls between services that the merge cut: the
// links from the last service back to the first are not followed, so
// amplification is counted once around it.
type Cycle struct {
	Services []string `json:"services"`
	Cut      []string `json:"cut_links"` // From → To node ids of the links cut
}

// ReadReport reads a report of `retrylint report -format=json` for a
// merge: it must be of this Schema, name its service, and hold no
// dangling reference.
func ReadReport(data []byte) (*Report, error) {
	var head struct {
		Schema *int `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a report of retrylint report -format=json: %v", err)
	}
	switch {
	case head.Schema == nil:
		return nil, fmt.Errorf("not a report of retrylint report -format=json: no schema field")
	case *head.Schema != Schema:
		return nil, fmt.Errorf("a report of schema %d; this retrylint merges schema %d: make the report again with it", *head.Schema, Schema)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("not a report of retrylint report -format=json: %v", err)
	}
	if len(r.Services) > 0 {
		return nil, fmt.Errorf("a merged report: merge the reports of the services themselves")
	}
	if r.Service == "" {
		return nil, fmt.Errorf("the report names no service: make it in a module, or with retrylint report -service NAME")
	}
	return &r, r.check()
}

// check makes sure every id the report refers to exists, so that a merge
// of a report edited by hand fails with a message, not a panic.
func (r *Report) check() error {
	nodes, sites := map[string]bool{}, map[string]bool{}
	for _, s := range r.Sites {
		if sites[s.ID] {
			return fmt.Errorf("site %s twice", s.ID)
		}
		sites[s.ID] = true
	}
	for _, n := range r.Nodes {
		if nodes[n.ID] {
			return fmt.Errorf("node %s twice", n.ID)
		}
		nodes[n.ID] = true
		if n.Site != "" && !sites[n.Site] {
			return fmt.Errorf("node %s: no site %s", n.ID, n.Site)
		}
	}
	for _, e := range r.Edges {
		if !nodes[e.From] || !nodes[e.To] {
			return fmt.Errorf("edge %s → %s: no such node", e.From, e.To)
		}
	}
	return nil
}

// MergeOptions are the settings of Merge.
type MergeOptions struct {
	P    float64
	Tool string
	// Files name the reports, in the order given, for Service.File and
	// messages.
	Files []string
	// Limits of path enumeration; zero fields take the defaults.
	PathsPerEntry, MaxPaths, MaxDepth int
}

// in is a report to merge and the file it was read from.
type in struct {
	r    *Report
	file string
}

// Merge joins the reports of several services. Two reports of one
// service are an error. Services are ordered by name, so the same
// reports in any order merge to the same bytes.
func Merge(reports []*Report, o MergeOptions) (*Report, error) {
	var ins []in
	seen := map[string]string{}
	for i, r := range reports {
		file := ""
		if i < len(o.Files) {
			file = o.Files[i]
		}
		if prev, ok := seen[r.Service]; ok {
			return nil, fmt.Errorf("%s and %s are both reports of %s: merge one report per service (name them apart with retrylint report -service NAME)", prev, file, r.Service)
		}
		seen[r.Service] = file
		ins = append(ins, in{r, file})
	}
	// Services in the order requests flow through them: those no other
	// calls first, then each after its callers (by name among equals),
	// which the links of a first merge in name order tell.
	slices.SortStableFunc(ins, func(a, b in) int { return strings.Compare(a.r.Service, b.r.Service) })
	rank := map[string]int{}
	for i, name := range flowOrder(joined(ins, o)) {
		rank[name] = i
	}
	slices.SortStableFunc(ins, func(a, b in) int { return cmp.Compare(rank[a.r.Service], rank[b.r.Service]) })
	m := joined(ins, o)
	roots := map[string]bool{}
	called := map[string]bool{}
	for _, l := range m.Links {
		if !l.Cut {
			called[l.To] = true
		}
	}
	for _, n := range m.Nodes {
		if n.Kind == NodeEntry && !called[n.ID] {
			roots[n.ID] = true
		}
	}
	m.Paths, m.Limits.Truncated = paths(m, o.P, roots)
	m.boundaries(roots)
	return m, nil
}

// joined adds the reports to a new merged report, in order, and joins
// them.
func joined(ins []in, o MergeOptions) *Report {
	m := &Report{Schema: Schema, Tool: o.Tool, P: o.P, Sites: []Site{}, Nodes: []Node{}, Edges: []Edge{}, Paths: []Path{}}
	m.Limits = Limits{
		PathsPerEntry: orDefault(o.PathsPerEntry, DefaultPathsPerEntry),
		MaxPaths:      orDefault(o.MaxPaths, DefaultMaxPaths),
		MaxDepth:      orDefault(o.MaxDepth, DefaultMaxDepth),
	}
	for _, x := range ins {
		m.Services = append(m.Services, m.add(x.r, x.file))
	}
	m.join()
	return m
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

// add appends r's sites, nodes, edges and findings to m under new ids,
// marked with r's service, and returns the service's summary.
func (m *Report) add(r *Report, file string) Service {
	svc := Service{Name: r.Service, Tool: r.Tool, File: file, Sites: len(r.Sites), Calls: 1}
	siteID := map[string]string{}
	for _, s := range r.Sites {
		siteID[s.ID] = "s" + strconv.Itoa(len(m.Sites))
		s.ID, s.Service = siteID[s.ID], r.Service
		for i := range s.Findings {
			s.Findings[i].Service = r.Service
		}
		m.Sites = append(m.Sites, s)
	}
	nodeID := map[string]string{}
	for _, n := range r.Nodes {
		nodeID[n.ID] = "n" + strconv.Itoa(len(m.Nodes))
		n.ID, n.Site, n.Service = nodeID[n.ID], siteID[n.Site], r.Service
		switch n.Kind {
		case NodeEntry:
			svc.Entries++
		case NodeOutbound:
			if n.Unresolved == "" {
				svc.Outbound++
				if !n.Target.Known() {
					svc.Unknown++
				}
			}
		}
		m.Nodes = append(m.Nodes, n)
	}
	for _, e := range r.Edges {
		m.Edges = append(m.Edges, Edge{From: nodeID[e.From], To: nodeID[e.To]})
	}
	for _, f := range r.Findings {
		f.Service = r.Service
		m.Findings = append(m.Findings, f)
	}
	return svc
}

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
