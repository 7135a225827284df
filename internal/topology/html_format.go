package topology

import (
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// How the page writes numbers, durations, places and names.

// legend is the colour scale of amplification, as the page's key shows it.
func legend() []ampView {
	var l []ampView
	for _, a := range []int{1, 5, 10, 30, 100, 101, AttemptsUnbounded, AttemptsUnknown} {
		v := amp(a)
		switch {
		case a == 1:
		case a == 101:
			v.Text = "> ×100"
		case a > 1:
			v.Text = "≤ " + v.Text
		case a == AttemptsUnbounded:
			v.Text = "∞ unbounded"
		default:
			v.Text = "? unknown"
		}
		l = append(l, v)
	}
	return l
}

// amp formats an amplification (or an attempt count) and picks its
// colour: a single retry of a few attempts is normal, three layers of
// three (27) is an outage multiplier, 243 is five.
func amp(a int) ampView {
	switch {
	case a == AttemptsUnbounded:
		return ampView{Text: "∞", Class: "amp-inf", Sort: math.Inf(1)}
	case a <= 0:
		return ampView{Text: "?", Class: "amp-unknown", Sort: 0}
	}
	class := "amp-5"
	for i, limit := range []int{1, 5, 10, 30, 100} {
		if a <= limit {
			class = "amp-" + strconv.Itoa(i)
			break
		}
	}
	return ampView{Text: "×" + strconv.Itoa(a), Class: class, Sort: float64(a)}
}

// ampOfPath is a path's amplification as the page shows it: when it is
// not a number, what is known of it ("≥ ×3").
func ampOfPath(p *Path) ampView {
	if p.Amplification == AttemptsUnknown {
		return ampAtLeast(p.AtLeast)
	}
	return amp(p.Amplification)
}

// ampAtLeast is an unknown amplification of which at least is known:
// it sorts above the unknowns that know less.
func ampAtLeast(atLeast int) ampView {
	a := amp(AttemptsUnknown)
	if atLeast > 1 {
		a.Text = "≥×" + strconv.Itoa(atLeast)
		a.Sort = float64(atLeast) / 1e9
	}
	return a
}

// duration formats a duration the code shows as a constant; "—" when it
// does not.
func duration(s *float64) dur {
	if s == nil {
		return dur{Text: "—", Sort: -1}
	}
	return dur{Text: time.Duration(*s * float64(time.Second)).String(), Sort: *s}
}

func expected(e *float64) string {
	if e == nil {
		return "—"
	}
	return strconv.FormatFloat(*e, 'f', 2, 64)
}

// shortFile cuts a file in the module cache to its module path and
// version: ".../pkg/mod/github.com/x/y@v1.2.3/z.go" is
// "github.com/x/y@v1.2.3/z.go".
func shortFile(f string) string {
	if i := strings.LastIndex(f, "/pkg/mod/"); i >= 0 {
		return f[i+len("/pkg/mod/"):]
	}
	return f
}

func loc(p Pos) string {
	switch {
	case p.File == "":
		return "—"
	case p.Col > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d", p.File, p.Line)
}

// labelWidth is how many characters of a label fit on one line of a
// node's box.
const labelWidth = 28

// captionWidth is how many characters of a caption fit beside the
// amplification badge.
const captionWidth = 22

// labelLines breaks a node's label into at most two lines that fit its
// box: after a dot or a space where one falls on the first line, so that
// "(*checkout.Handler)." and "Checkout" stand apart, and a part still too
// long loses its middle, never its ends: the receiver's package and the
// function's own name both stay readable ("(*http.Client).Do" of a
// long path stays whole). The full name is the node's tooltip.
func labelLines(s string, width int) []string {
	rs := []rune(s)
	if len(rs) <= width {
		return []string{s}
	}
	cut := -1
	for i := min(width, len(rs)) - 1; i > 0; i-- {
		if rs[i] == '.' || rs[i] == ' ' || rs[i] == '/' {
			cut = i + 1
			break
		}
	}
	if cut <= 0 {
		return []string{middle(s, width)}
	}
	first := strings.TrimRight(string(rs[:cut]), " ")
	return []string{first, middle(strings.TrimLeft(string(rs[cut:]), " "), width)}
}

// middle shortens s to n characters by cutting out its middle.
func middle(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	head := (n - 1) / 2
	tail := n - 1 - head
	return string(rs[:head]) + "…" + string(rs[len(rs)-tail:])
}

// caption is the last line of a node's box: what the node is. A retry
// node's label is its retry ("backoff.Retry ×5"); the function it is in
// stands just left of it, so the caption says how many attempts and what
// kind of retry. Only an entry point nothing in the graph calls is
// called one: an exported function that others call is a function with
// callers, where the request does not come in.
func caption(n *Node, siteKind string, called bool) string {
	switch n.Kind {
	case NodeEntry:
		var what string
		switch n.Entry {
		case EntryHTTP:
			what = "HTTP handler"
		case EntryGRPC:
			what = "gRPC method"
		case EntryMain:
			what = "main"
		default:
			what = "exported"
			if called {
				what = "exported function"
			}
		}
		if len(n.Serves) > 0 {
			// The route says where requests come in; the column title
			// says entry points.
			what = n.Serves[0].String()
			if len(n.Serves) > 1 {
				what += fmt.Sprintf(" +%d", len(n.Serves)-1)
			}
			return middle(what, captionWidth)
		}
		if called {
			return what
		}
		return "entry point · " + what
	case NodeOutbound:
		switch {
		case n.Unresolved != "":
			return "not resolved: see details"
		case n.Target.Known():
			return middle("→ "+n.Target.String(), captionWidth)
		}
		return "outbound call"
	case NodeRetry:
		kind := cmp.Or(siteKind, "retry")
		switch a := n.Attempts; {
		case a == AttemptsUnbounded:
			return "unbounded · " + kind
		case a <= 0:
			return "? attempts · " + kind
		default:
			return plural(a, "attempt") + " · " + kind
		}
	}
	return "function"
}

// csp allows the inline style sheet and script by their hashes and
// nothing else: no fetch, no image, no font, no frame.
func csp(css, js string) string {
	h := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'none'; style-src " + h(css) + "; script-src " + h(js) + "; base-uri 'none'; form-action 'none'"
}
