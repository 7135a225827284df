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

// shorten keeps the end of a long label, where the function's own name is.
func shorten(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return "…" + string(rs[len(rs)-n+1:])
}

// caption is the second line of a node's box. A retry node's label is
// its retry ("backoff.Retry ×5"); the function it is in stands just left
// of it, so the caption says how many attempts and what kind of retry.
func caption(n *Node, siteKind string) string {
	switch n.Kind {
	case NodeEntry:
		return "entry point"
	case NodeOutbound:
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
