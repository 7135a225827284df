package topology

import (
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// Dot writes the graph for Graphviz (dot -Tsvg), layers left to right:
// entry points, functions, retry layers and outbound calls, each retry
// node filled by the highest amplification of a path through it (white
// for none, yellow to red as it grows, dark red for unbounded), the edges
// of the worst path drawn bold. In a merged report each service is a
// cluster, and the calls between services are drawn thick and dashed,
// labelled with the calls per request that cross them.
func Dot(w io.Writer, r *Report) error {
	b := &strings.Builder{}
	through := map[string]*Path{} // node -> the path of highest amplification through it
	for i := range r.Paths {
		p := &r.Paths[i]
		for _, id := range p.Nodes {
			if q, ok := through[id]; !ok || compareAmp(p.Amplification, q.Amplification) > 0 {
				through[id] = p
			}
		}
	}
	worst := map[[2]string]bool{}
	if len(r.Paths) > 0 {
		n := r.Paths[0].Nodes
		for i := 1; i < len(n); i++ {
			worst[[2]string{n[i-1], n[i]}] = true
		}
	}
	title := fmt.Sprintf("retry topology: %s, %s (E[N] at p = %s)", plural(len(r.Sites), "site"), plural(len(r.Paths), "path"), formatP(r.P))
	if len(r.Services) > 0 {
		title = fmt.Sprintf("retry topology of %s: %s, %s (E[N] at p = %s)", plural(len(r.Services), "service"), plural(len(r.Sites), "site"), plural(len(r.Paths), "path"), formatP(r.P))
	}
	fmt.Fprintf(b, "digraph retrylint {\n")
	fmt.Fprintf(b, "\trankdir=LR;\n")
	fmt.Fprintf(b, "\tlabel=%s;\n", quote(title))
	fmt.Fprintf(b, "\tnode [fontname=\"Helvetica\", fontsize=10, style=\"rounded,filled\", fillcolor=\"white\"];\n")
	node := func(indent string, n *Node) {
		where := path.Base(n.Pos.File) + ":" + strconv.Itoa(n.Pos.Line)
		label := n.Label + "\n" + where
		shape := "box"
		fill := "white"
		switch n.Kind {
		case NodeEntry:
			shape, fill = "oval", "#dbe9f6"
			label = n.Label + " (" + n.Entry + ")\n" + where
			for _, sv := range n.Serves {
				label += "\n" + sv.String()
			}
		case NodeOutbound:
			shape, fill = "cds", "#e8e8e8"
			if n.Target.Known() {
				label += "\n→ " + n.Target.String()
			}
			if n.Unresolved != "" {
				fill = "#f7f7f7"
			}
		case NodeRetry:
			if p, ok := through[n.ID]; ok {
				label += "\npath ×" + PathAmpText(p)
				fill = heat(p.Amplification)
			} else {
				fill = heat(n.Attempts)
			}
		}
		fmt.Fprintf(b, "%s%s [label=%s, shape=%s, fillcolor=%s, tooltip=%s];\n", indent, n.ID, quote(label), shape, quote(fill), quote(n.Pos.File+":"+strconv.Itoa(n.Pos.Line)))
	}
	if len(r.Services) == 0 {
		for i := range r.Nodes {
			node("\t", &r.Nodes[i])
		}
	}
	for i, svc := range r.Services {
		fmt.Fprintf(b, "\tsubgraph cluster_%d {\n", i)
		fmt.Fprintf(b, "\t\tlabel=%s;\n\t\tstyle=\"rounded\";\n\t\tcolor=\"#9fb3c8\";\n", quote(svc.Name))
		for j := range r.Nodes {
			if r.Nodes[j].Service == svc.Name {
				node("\t\t", &r.Nodes[j])
			}
		}
		fmt.Fprintf(b, "\t}\n")
	}
	links := map[[2]string]Link{}
	for _, l := range r.Links {
		links[[2]string{l.From, l.To}] = l
	}
	for _, e := range r.Edges {
		var attrs []string
		if e.Link {
			l := links[[2]string{e.From, e.To}]
			attrs = append(attrs, "style=dashed", "penwidth=2", fmt.Sprintf("label=%s", quote(LinkCallsText(l.Calls, l.AtLeast))))
		}
		if worst[[2]string{e.From, e.To}] {
			attrs = append(attrs, "penwidth=2.5", "color=\"#b2182b\"")
		}
		attr := ""
		if len(attrs) > 0 {
			attr = " [" + strings.Join(attrs, ", ") + "]"
		}
		fmt.Fprintf(b, "\t%s -> %s%s;\n", e.From, e.To, attr)
	}
	for _, l := range r.Links {
		if l.Cut {
			fmt.Fprintf(b, "\t%s -> %s [style=dotted, constraint=false, label=%s];\n", l.From, l.To, quote("cut: closes a cycle"))
		}
	}
	fmt.Fprintf(b, "}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// heat is the fill of an amplification: the calls one request makes.
func heat(a int) string {
	switch {
	case a == AttemptsUnbounded:
		return "#67001f"
	case a <= 0:
		return "#f0f0f0" // unknown
	case a <= 1:
		return "white"
	case a <= 3:
		return "#fee08b"
	case a <= 10:
		return "#fdae61"
	case a <= 30:
		return "#f46d43"
	}
	return "#d73027"
}

// quote renders a Graphviz string: Go's quoting escapes what dot needs
// (quotes, backslashes), and "\n" stays the two characters dot reads as
// a centred line break.
func quote(s string) string { return strconv.Quote(s) }
