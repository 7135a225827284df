package topology

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Options are the settings of Build.
type Options struct {
	// P is the per-attempt failure probability E[N] is computed at.
	P float64
	// Tool names the binary: "retrylint v0.1.0".
	Tool string
	// Root is the directory file names are made relative to; files
	// outside it keep their absolute names.
	Root string
	// Limits of path enumeration; zero fields take the defaults.
	PathsPerEntry, MaxPaths, MaxDepth int
	// Service names the report's service; empty, the module the units
	// name most often.
	Service string
	// Source, when set, returns lines from to to of a file (absolute, as
	// the units name it), for the sites' Source.
	Source func(file string, from, to int) []string
}

// maxSourceLines bounds the lines of a site's Source.
const maxSourceLines = 30

// Default limits of path enumeration.
const (
	DefaultPathsPerEntry = 20
	DefaultMaxPaths      = 1000
	DefaultMaxDepth      = 32
)

// Build joins the units of the analyzed packages into a Report: the
// inventory of sites with the findings at each, the graph restricted to
// what lies on the way from an entry point through retry layers to
// outbound calls, and the paths through it, highest amplification first.
// findings are the analyzers' findings of the same run, with absolute
// file names like the units'.
func Build(units []*Unit, findings []Finding, o Options) *Report {
	g := newGraph(units)
	r := &Report{Schema: Schema, Tool: o.Tool, Service: o.Service, P: o.P, Sites: []Site{}, Nodes: []Node{}, Edges: []Edge{}, Paths: []Path{}}
	if r.Service == "" {
		r.Service = mainModule(units)
	}
	r.Limits = Limits{
		PathsPerEntry: orDefault(o.PathsPerEntry, DefaultPathsPerEntry),
		MaxPaths:      orDefault(o.MaxPaths, DefaultMaxPaths),
		MaxDepth:      orDefault(o.MaxDepth, DefaultMaxDepth),
	}
	keep := g.relevant()

	// Sites, in position order, with their findings.
	siteID := map[string]string{}
	for _, s := range g.sites {
		s.ID = "s" + strconv.Itoa(len(r.Sites))
		siteID[s.key] = s.ID
		if o.Source != nil {
			s.Source = source(&s.Site, o.Source)
		}
		r.Sites = append(r.Sites, s.Site)
	}
	r.Findings = attach(r.Sites, findings)

	// Nodes, in position order.
	nodeID := map[string]string{}
	for _, n := range g.order {
		if !keep[n.key] {
			continue
		}
		node := n.Node
		node.ID = "n" + strconv.Itoa(len(r.Nodes))
		node.Site = siteID[n.key]
		nodeID[n.key] = node.ID
		r.Nodes = append(r.Nodes, node)
	}
	for _, from := range g.order {
		for _, to := range g.out[from.key] {
			if keep[from.key] && keep[to] {
				r.Edges = append(r.Edges, Edge{From: nodeID[from.key], To: nodeID[to]})
			}
		}
	}
	r.Paths, r.Limits.Truncated = paths(r, o.P, nil)

	// File names relative to the root, once everything is placed.
	rel := func(p *Pos) { p.File = relFile(o.Root, p.File) }
	for i := range r.Sites {
		s := &r.Sites[i]
		rel(&s.Pos)
		if s.Body != nil {
			s.Body.File = relFile(o.Root, s.Body.File)
		}
		for j := range s.Findings {
			rel(&s.Findings[j].Pos)
		}
	}
	for i := range r.Nodes {
		rel(&r.Nodes[i].Pos)
	}
	for i := range r.Findings {
		rel(&r.Findings[i].Pos)
	}
	return r
}

// mainModule is the module most units name, the first in order on a
// tie: the report's service when no -service names it.
func mainModule(units []*Unit) string {
	count := map[string]int{}
	best := ""
	for _, u := range units {
		if u.Module == "" {
			continue
		}
		count[u.Module]++
		if c := count[u.Module]; c > count[best] || c == count[best] && u.Module < best {
			best = u.Module
		}
	}
	return best
}

// source reads a site's lines: from the site to the end of its attempt
// body, or the site's line alone, at most maxSourceLines.
func source(s *Site, read func(file string, from, to int) []string) *Source {
	from, to := s.Pos.Line, s.Pos.Line
	if b := s.Body; b != nil && b.File == s.Pos.File {
		from, to = min(from, b.Line), max(to, b.EndLine)
	}
	cut := false
	if to-from+1 > maxSourceLines {
		to, cut = from+maxSourceLines-1, true
	}
	lines := read(s.Pos.File, from, to)
	if len(lines) == 0 {
		return nil
	}
	return &Source{Line: from, Lines: lines, Cut: cut}
}

func orDefault(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

func relFile(root, file string) string {
	if root == "" || !filepath.IsAbs(file) {
		return file
	}
	if rel, err := filepath.Rel(root, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return file
}

// graph is the joined units, keyed as in Unit.
type graph struct {
	sites []*gsite // kept sites, position order
	order []*gnode // every node, position order
	nodes map[string]*gnode
	out   map[string][]string // edges, deduplicated, in order
}

type gsite struct {
	Site
	key string
}

type gnode struct {
	Node
	key string
}

func newGraph(units []*Unit) *graph {
	g := &graph{nodes: map[string]*gnode{}, out: map[string][]string{}}
	funcs := map[string]bool{}
	for _, u := range units {
		for _, f := range u.Funcs {
			funcs[f.Key] = true
		}
	}
	// A call of a retrier whose code is in the report is a call edge to
	// it: its own sites are the layers.
	redirect := map[string]string{}
	var reaches []UnitSite
	add := func(key string, n Node) {
		if g.nodes[key] == nil {
			gn := &gnode{Node: n, key: key}
			g.nodes[key] = gn
			g.order = append(g.order, gn)
		}
	}
	for _, u := range units {
		for _, f := range u.Funcs {
			kind := NodeFunc
			if f.Entry != "" {
				kind = NodeEntry
			}
			add(f.Key, Node{Kind: kind, Label: f.Label, Pos: f.Pos, Entry: f.Entry, Package: u.Package, Attempts: 1})
		}
		for _, o := range u.Outbound {
			if fn, ok := strings.CutPrefix(o.Key, ExternPrefix); ok && funcs[fn] {
				continue // the function is in the report
			}
			label := o.Label + " (" + o.Family + ")"
			if strings.HasPrefix(o.Key, ExternPrefix) {
				label = o.Label + " (" + o.Family + " inside)"
			}
			add(o.Key, Node{Kind: NodeOutbound, Label: label, Pos: o.Pos, Package: u.Package, Attempts: 1, Target: o.Target})
		}
		for _, s := range u.Sites {
			if s.Callee != "" && funcs[s.Callee] {
				redirect[s.ID] = s.Callee
				continue
			}
			if g.nodes[s.ID] != nil {
				continue
			}
			site := s.Site
			site.Package = u.Package
			g.sites = append(g.sites, &gsite{Site: site, key: s.ID})
			add(s.ID, Node{Kind: NodeRetry, Label: retryLabel(&site), Pos: site.Pos, Package: u.Package, Attempts: site.Attempts})
			if s.Reaches != "" {
				reaches = append(reaches, s)
			}
		}
	}
	// What the packages register: the serving function becomes an entry
	// point of the registration's kind when its own unit did not make it
	// one (a handler of another package).
	for _, u := range units {
		for _, sv := range u.Serves {
			if g.nodes[sv.Key] == nil {
				add(sv.Key, Node{Kind: NodeEntry, Label: sv.Label, Pos: sv.Pos, Entry: sv.Entry, Package: u.Package, Attempts: 1})
			}
			n := g.nodes[sv.Key]
			if n.Kind == NodeFunc || n.Entry == EntryExported {
				n.Kind, n.Entry = NodeEntry, sv.Entry
			}
			if !slices.Contains(n.Serves, sv.Target) {
				n.Serves = append(n.Serves, sv.Target)
			}
		}
	}
	for _, u := range units {
		for _, e := range u.Edges {
			from, to := e.From, e.To
			if r, ok := redirect[to]; ok {
				to = r
			}
			if g.nodes[from] != nil && g.nodes[to] != nil && from != to {
				g.edge(from, to)
			}
		}
	}
	for _, s := range reaches {
		// The site's attempts run code of a package outside the report
		// (a retrying client, a function that retries inside): one
		// outbound node stands for what they call. When the code is in
		// the report, its own nodes say it.
		if slices.ContainsFunc(g.out[s.ID], func(to string) bool { return g.nodes[to].Kind != NodeOutbound }) {
			continue
		}
		out := "r:" + s.ID
		add(out, Node{Kind: NodeOutbound, Label: s.Name + " (" + s.Reaches + ")", Pos: s.Pos, Package: g.nodes[s.ID].Package, Attempts: 1, Target: s.Target})
		g.edge(s.ID, out)
	}
	g.demoteInternal()
	g.unresolved()
	slices.SortStableFunc(g.sites, func(a, b *gsite) int { return comparePos(a.Pos, b.Pos) })
	slices.SortStableFunc(g.order, func(a, b *gnode) int {
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	return g
}

func (g *graph) edge(from, to string) {
	if !slices.Contains(g.out[from], to) {
		g.out[from] = append(g.out[from], to)
	}
}

// retryLabel is a retry node's label: "backoff.Retry ×5", "retry loop ×N".
func retryLabel(s *Site) string {
	return s.Name + " ×" + AttemptsText(s.Attempts)
}

// AttemptsText renders an attempt count or amplification: "3", "N"
// (unknown), "∞" (unbounded).
func AttemptsText(n int) string {
	switch {
	case n == AttemptsUnbounded:
		return "∞"
	case n <= 0:
		return "N"
	}
	return strconv.Itoa(n)
}

func comparePos(a, b Pos) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	return a.Col - b.Col
}

// attach gives each finding to the site it is about: the site reported
// at its line, else the innermost site whose attempt body holds it, and
// returns those at no site.
func attach(sites []Site, findings []Finding) (rest []Finding) {
	for _, f := range findings {
		best := -1
		for i := range sites {
			s := &sites[i]
			if s.Pos.File == f.Pos.File && s.Pos.Line == f.Pos.Line {
				if best < 0 || !atLine(&sites[best], f.Pos) || s.Pos.Col <= f.Pos.Col {
					best = i
				}
				continue
			}
			if b := s.Body; b != nil && b.File == f.Pos.File && b.Line <= f.Pos.Line && f.Pos.Line <= b.EndLine {
				if best < 0 || !atLine(&sites[best], f.Pos) && narrower(b, sites[best].Body) {
					best = i
				}
			}
		}
		if best >= 0 {
			sites[best].Findings = append(sites[best].Findings, f)
		} else {
			rest = append(rest, f)
		}
	}
	return rest
}

func atLine(s *Site, p Pos) bool { return s.Pos.File == p.File && s.Pos.Line == p.Line }

func narrower(a, b *Span) bool {
	return b == nil || a.EndLine-a.Line < b.EndLine-b.Line
}
