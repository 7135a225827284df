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
// of the worst path drawn bold.
func Dot(w io.Writer, r *Report) error {
	b := &strings.Builder{}
	through := map[string]int{} // node -> highest amplification of a path through it
	for _, p := range r.Paths {
		for _, id := range p.Nodes {
			if a, ok := through[id]; !ok || compareAmp(p.Amplification, a) > 0 {
				through[id] = p.Amplification
			}
		}
	}
	worst := map[Edge]bool{}
	if len(r.Paths) > 0 {
		n := r.Paths[0].Nodes
		for i := 1; i < len(n); i++ {
			worst[Edge{From: n[i-1], To: n[i]}] = true
		}
	}
	fmt.Fprintf(b, "digraph retrylint {\n")
	fmt.Fprintf(b, "\trankdir=LR;\n")
	fmt.Fprintf(b, "\tlabel=%s;\n", quote(fmt.Sprintf("retry topology: %s, %s (E[N] at p = %s)", plural(len(r.Sites), "site"), plural(len(r.Paths), "path"), formatP(r.P))))
	fmt.Fprintf(b, "\tnode [fontname=\"Helvetica\", fontsize=10, style=\"rounded,filled\", fillcolor=\"white\"];\n")
	for _, n := range r.Nodes {
		where := path.Base(n.Pos.File) + ":" + strconv.Itoa(n.Pos.Line)
		label := n.Label + "\n" + where
		shape := "box"
		fill := "white"
		switch n.Kind {
		case NodeEntry:
			shape, fill = "oval", "#dbe9f6"
			label = n.Label + " (" + n.Entry + ")\n" + where
		case NodeOutbound:
			shape, fill = "cds", "#e8e8e8"
		case NodeRetry:
			if a, ok := through[n.ID]; ok {
				label += "\npath ×" + AttemptsText(a)
				fill = heat(a)
			} else {
				fill = heat(n.Attempts)
			}
		}
		fmt.Fprintf(b, "\t%s [label=%s, shape=%s, fillcolor=%s, tooltip=%s];\n", n.ID, quote(label), shape, quote(fill), quote(n.Pos.File+":"+strconv.Itoa(n.Pos.Line)))
	}
	for _, e := range r.Edges {
		attr := ""
		if worst[e] {
			attr = " [penwidth=2.5, color=\"#b2182b\"]"
		}
		fmt.Fprintf(b, "\t%s -> %s%s;\n", e.From, e.To, attr)
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
