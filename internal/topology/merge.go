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

// add appends r's sites, nodes, edges and findings to m under new ids,
// marked with r's service, and returns the service's summary.
func (m *Report) add(r *Report, file string) Service {
	svc := Service{Name: r.Service, Tool: r.Tool, File: file, Sites: len(r.Sites), Calls: 1}
	siteID := map[string]string{}
	for _, s := range r.Sites {
		siteID[s.ID] = "s" + strconv.Itoa(len(m.Sites))
		s.ID, s.Service = siteID[s.ID], r.Service
		s.Findings = slices.Clone(s.Findings) // the report read stays as it was
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
