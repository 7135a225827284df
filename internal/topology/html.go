package topology

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	_ "embed"
)

// The page is one file that works offline: the style sheet and the script
// are embedded here and inlined, the data rides along as JSON, and a
// Content-Security-Policy forbids every fetch, so a report opened from a
// laptop or a CI artifact never reaches the network.

var (
	//go:embed assets/report.html.tmpl
	pageTemplate string
	//go:embed assets/report.css
	pageCSS string
	//go:embed assets/report.js
	pageJS string

	page = template.Must(template.New("report").Funcs(template.FuncMap{
		"add": func(a, b int) int { return a + b },
		// sortkey writes a number for the table's data-sort; +Inf
		// (unbounded) would not parse back in the script.
		"sortkey": func(f float64) string {
			return strconv.FormatFloat(min(f, math.MaxFloat64), 'g', -1, 64)
		},
	}).Parse(pageTemplate))
)

// maxPathRows is how many paths the page's table lists; the graph and the
// JSON keep them all.
const maxPathRows = 50

// HTML writes r as one self-contained HTML page: a summary, the topology
// graph as SVG (click a node for its site and source location), the top
// paths and the inventory of retry sites (sortable, filterable).
func HTML(w io.Writer, r *Report) error {
	return page.Execute(w, newPageView(r))
}

type pageView struct {
	Title     string
	Heading   string
	Tool      string
	P         string
	Cards     []card
	Graph     *graphLayout
	GraphNote string // says when the graph is not all of it
	NodeW     int
	NodeH     int
	Nodes     []graphNode
	NodeAmp   map[string]ampView // by node ID
	Legend    []ampView
	Sites     []siteView
	Paths     []pathView
	More      int       // paths not listed in the table
	Elsewhere []finding // findings at no retry site
	// A merged report's services, the calls between them, and what the
	// merge could not join or cut.
	Services []serviceView
	Links    []linkView
	Notes    []string
	Data     pageData
	CSS      template.CSS
	JS       template.JS
	CSP      string
}

// graphNode is a placed node with what its box shows: its label on one
// or two lines, a caption under it.
type graphNode struct {
	placedNode
	Lines          []textLine
	Caption        string
	CaptionY       int
	Amp            ampView
	BadgeX, BadgeW int // the amplification badge, sized to its text
	BadgeMid       int
}

type textLine struct {
	Text string
	Y    int
}

// serviceView is a service of a merged report, as its table shows it.
type serviceView struct {
	Name, File                        string
	Sites, Entries, Outbound, Unknown int
	Calls                             ampView
}

// linkView is a call from one service to another.
type linkView struct {
	From, To       string // node ids
	FromService    string
	ToService      string
	Target, Serves string
	Caller, Callee string // node labels
	Calls          ampView
	Cut            bool
}

type card struct{ Label, Value, Note, Class string }

// ampView is an amplification as the page shows it: a text and a colour
// class. Sort orders unknown < 1 < 2 < ... < unbounded.
type ampView struct {
	Text  string  `json:"text"`
	Class string  `json:"class"`
	Sort  float64 `json:"-"`
}

// siteView is one Site with its values formatted once, for the table and
// for the detail panel.
type siteView struct {
	ID        string  `json:"id"`
	Node      string  `json:"node,omitempty"`
	Loc       string  `json:"loc"`
	ShortLoc  string  `json:"-"` // for the table: module cache paths cut to the module
	LocSort   string  `json:"-"`
	Package   string  `json:"package"`
	Func      string  `json:"func"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Library   string  `json:"library,omitempty"`
	Attempts  string  `json:"attempts"`
	AttSort   float64 `json:"-"`
	BaseDelay dur     `json:"base_delay"`
	MaxDelay  dur     `json:"max_delay"`
	Capped    string  `json:"capped"`
	Jitter    string  `json:"jitter"`
	Timeout   dur     `json:"attempt_timeout"`
	WorstCase dur     `json:"worst_case"`
	// Load is the load budget as LoadText words it, LoadWhy why it is
	// not known.
	Load     string    `json:"load_budget"`
	LoadWhy  string    `json:"load_budget_why,omitempty"`
	Findings []finding `json:"findings,omitempty"`
	Amp      ampView   `json:"-"`
	// Why the attempts are not a number, what ends a retry with no
	// limit, what the attempts call that the report does not follow.
	AttemptsWhy string  `json:"attempts_why,omitempty"`
	Until       string  `json:"until,omitempty"`
	Unresolved  string  `json:"unresolved,omitempty"`
	Source      *Source `json:"source,omitempty"`
	Service     string  `json:"service,omitempty"`
}

type dur struct {
	Text string  `json:"text"`
	Sort float64 `json:"-"`
}

type finding struct {
	Analyzer string `json:"analyzer"`
	Message  string `json:"message"`
	Loc      string `json:"loc"`
}

type pathStep struct {
	Label string
	Kind  NodeKind
	// Service is set on the first step of each service of a merged
	// report's path.
	Service string
}

type pathView struct {
	Index    int
	Amp      ampView
	Expected string
	Worst    dur
	Layers   int
	Steps    []pathStep
	Nodes    string // space-separated node IDs, for data-nodes
}

// pageData is the JSON the script reads: what the detail panel shows.
type pageData struct {
	Nodes map[string]nodeData `json:"nodes"`
	Sites map[string]siteView `json:"sites"`
	Paths []pathData          `json:"paths"`
}

type nodeData struct {
	Kind    NodeKind `json:"kind"`
	Label   string   `json:"label"`
	Loc     string   `json:"loc"`
	Site    string   `json:"site,omitempty"`
	Amp     string   `json:"amp"`
	Worst   int      `json:"worst"` // index of the worst path through the node, -1 for none
	What    string   `json:"what"`  // the caption's words: "entry · POST /orders/{id}"
	Entry   string   `json:"entry,omitempty"`
	Serves  []string `json:"serves,omitempty"`
	Target  string   `json:"target,omitempty"`
	Unknown string   `json:"unknown,omitempty"` // why the target, or what an unresolved node stands for, is not known
	Service string   `json:"service,omitempty"`
	Package string   `json:"package,omitempty"`
}

type pathData struct {
	Nodes    []string `json:"nodes"`
	Amp      string   `json:"amp"`
	Expected string   `json:"expected"`
	Worst    string   `json:"worst_case"`
}

func newPageView(r *Report) *pageView {
	v := &pageView{
		Tool:    r.Tool,
		P:       strconv.FormatFloat(r.P, 'g', -1, 64),
		NodeW:   nodeW,
		NodeH:   nodeH,
		NodeAmp: map[string]ampView{},
		Legend:  legend(),
		CSS:     template.CSS(pageCSS),
		JS:      template.JS(pageJS),
		CSP:     csp(pageCSS, pageJS),
		Data: pageData{
			Nodes: map[string]nodeData{},
			Sites: map[string]siteView{},
			Paths: []pathData{}, // the script indexes it: never null
		},
	}
	drawn, drawnPaths := drawnGraph(r)
	v.Graph = layoutLanes(drawn, r.Services, r.Links)
	if len(drawn.Nodes) < len(r.Nodes) {
		v.GraphNote = fmt.Sprintf("The graph draws the %s with the highest amplification (%d of %d nodes); the tables below list every path and site.",
			plural(drawnPaths, "path"), len(drawn.Nodes), len(r.Nodes))
	}
	worst := v.addPaths(r)
	v.addNodes(r, worst)
	v.addSites(r)
	v.addServices(r)
	for _, f := range r.Findings {
		v.Elsewhere = append(v.Elsewhere, finding{Analyzer: f.Analyzer, Message: f.Message,
			Loc: loc(Pos{File: shortFile(f.Pos.File), Line: f.Pos.Line, Col: f.Pos.Col})})
	}
	v.summarize(r)
	return v
}

// worse reports whether amplification a is worse than b: unbounded, then
// the larger number, then unknown.
func worse(a, b int) bool { return amp(a).Sort > amp(b).Sort }

// addPaths lists the paths and returns, for each node, the index of the
// worst path through it.
func (v *pageView) addPaths(r *Report) map[string]int {
	steps := map[string]pathStep{}
	serviceOf := map[string]string{}
	for _, n := range r.Nodes {
		steps[n.ID] = pathStep{Label: n.Label, Kind: n.Kind}
		serviceOf[n.ID] = n.Service
	}
	worst := map[string]int{}
	for i, p := range r.Paths {
		for _, id := range p.Nodes {
			if j, ok := worst[id]; !ok || worse(p.Amplification, r.Paths[j].Amplification) {
				worst[id] = i
			}
		}
		pd := pathData{
			Nodes:    p.Nodes,
			Amp:      ampOfPath(&p).Text,
			Expected: expected(p.Expected),
			Worst:    duration(p.WorstCase).Text,
		}
		v.Data.Paths = append(v.Data.Paths, pd)
		if i < maxPathRows {
			pv := pathView{Index: i, Amp: ampOfPath(&p), Expected: pd.Expected,
				Worst: duration(p.WorstCase), Layers: p.Layers, Nodes: strings.Join(p.Nodes, " ")}
			service := ""
			for _, id := range p.Nodes {
				st := steps[id]
				if svc := serviceOf[id]; svc != service {
					st.Service, service = svc, svc
				}
				pv.Steps = append(pv.Steps, st)
			}
			v.Paths = append(v.Paths, pv)
		}
	}
	v.More = len(r.Paths) - len(v.Paths)
	return worst
}

// addNodes gives every node the amplification of the worst path through
// it, and the drawn ones their boxes.
func (v *pageView) addNodes(r *Report, worst map[string]int) {
	for _, n := range r.Nodes {
		a := ampView{Text: "", Class: "amp-none"}
		j, ok := worst[n.ID]
		if ok {
			a = ampOfPath(&r.Paths[j])
		} else {
			j = -1
		}
		v.NodeAmp[n.ID] = a
	}
	siteKind := map[string]string{}
	for _, s := range r.Sites {
		siteKind[s.ID] = s.Kind
	}
	called := map[string]bool{}
	for _, e := range r.Edges {
		called[e.To] = true
	}
	for i := range r.Nodes {
		n := &r.Nodes[i]
		d := nodeData{Kind: n.Kind, Label: n.Label, Loc: loc(n.Pos), Site: n.Site, Amp: v.NodeAmp[n.ID].Text, Worst: worst[n.ID],
			What: caption(n, siteKind[n.Site], called[n.ID]), Entry: n.Entry, Service: n.Service, Package: n.Package, Unknown: n.Unresolved}
		if _, ok := worst[n.ID]; !ok {
			d.Worst = -1
		}
		for _, sv := range n.Serves {
			d.Serves = append(d.Serves, sv.String())
		}
		if n.Target != nil {
			d.Target = n.Target.String()
			d.Unknown = cmp.Or(d.Unknown, n.Target.Unknown)
		}
		v.Data.Nodes[n.ID] = d
	}
	for _, pn := range v.Graph.Nodes {
		a := v.NodeAmp[pn.ID]
		w := 14 + 7*utf8.RuneCountInString(a.Text)
		gn := graphNode{placedNode: pn, Caption: v.Data.Nodes[pn.ID].What, Amp: a,
			BadgeX: nodeW - 8 - w, BadgeW: w, BadgeMid: nodeW - 8 - w/2}
		lines := labelLines(pn.Label, labelWidth)
		y := 20
		if len(lines) > 1 {
			y = 17
		}
		for i, l := range lines {
			gn.Lines = append(gn.Lines, textLine{Text: l, Y: y + 14*i})
		}
		gn.CaptionY = nodeH - 10
		v.Nodes = append(v.Nodes, gn)
	}
}

// summarize writes the header: the counts and the worst path.
func (v *pageView) summarize(r *Report) {
	findings, layers, worst := len(r.Findings), 0, -1
	for _, s := range r.Sites {
		findings += len(s.Findings)
	}
	for i, p := range r.Paths {
		layers = max(layers, p.Layers)
		if worst < 0 || worse(p.Amplification, r.Paths[worst].Amplification) {
			worst = i
		}
	}
	worstText, worstNote, worstClass := "—", "no path reaches an outbound call", "amp-none"
	if worst >= 0 {
		p := r.Paths[worst]
		a := ampOfPath(&p)
		worstText, worstClass = a.Text, a.Class
		worstNote = "calls per request at full outage"
		if p.Expected != nil {
			worstNote = fmt.Sprintf("E[N] = %s at p = %s", expected(p.Expected), v.P)
		}
	}
	findingsNote := plural(findings, "finding")
	if len(r.Findings) > 0 {
		findingsNote += fmt.Sprintf(" (%d not at a retry site)", len(r.Findings))
	}
	v.Cards = []card{
		{Label: "Retry sites", Value: strconv.Itoa(len(r.Sites)), Note: findingsNote},
		{Label: "Deepest chain", Value: plural(layers, "layer"), Note: "retry layers on one path"},
		{Label: "Worst amplification", Value: worstText, Note: worstNote, Class: worstClass},
		{Label: "Paths", Value: strconv.Itoa(len(r.Paths)), Note: "entry point to outbound call"},
	}
	if n, _ := loadCounts(r); len(n) > 0 {
		total := 0
		for _, c := range n {
			total += c
		}
		note := fmt.Sprintf("sites whose retries a budget caps; %d with none, %d off, %d not known", n[BudgetNone], n[BudgetOff], n[BudgetUnknown])
		if n[BudgetLimiter] > 0 {
			note += fmt.Sprintf(", %d behind a rate limiter", n[BudgetLimiter])
		}
		v.Cards = append(v.Cards, card{Label: "Load budgets", Value: fmt.Sprintf("%d of %d", n[BudgetOn], total), Note: note})
	}
	v.Title = fmt.Sprintf("retrylint report: %s, %s deep, worst %s",
		plural(len(r.Sites), "retry site"), plural(layers, "layer"), worstText)
	v.Heading = "Retry topology"
	if len(r.Services) > 0 {
		v.Cards = append([]card{{Label: "Services", Value: strconv.Itoa(len(r.Services)), Note: plural(len(r.Links), "call") + " between them"}}, v.Cards...)
		v.Title = fmt.Sprintf("retrylint report: %s, %s, %s deep, worst %s",
			plural(len(r.Services), "service"), plural(len(r.Sites), "retry site"), plural(layers, "layer"), worstText)
		v.Heading = "Retry topology of " + plural(len(r.Services), "service")
	}
}
