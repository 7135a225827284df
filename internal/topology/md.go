package topology

import (
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// DefaultTop is the number of paths Markdown lists.
const DefaultTop = 10

// Markdown writes the report as Markdown that fits a pull-request
// comment: a summary, the DefaultTop paths with the highest
// amplification, then the inventory of sites.
func Markdown(w io.Writer, r *Report) error { return MarkdownTop(w, r, DefaultTop) }

// MarkdownTop is Markdown listing top paths (all of them when top <= 0).
func MarkdownTop(w io.Writer, r *Report, top int) error {
	b := &strings.Builder{}
	nodes := map[string]*Node{}
	for i := range r.Nodes {
		nodes[r.Nodes[i].ID] = &r.Nodes[i]
	}
	findings := 0
	for _, s := range r.Sites {
		findings += len(s.Findings)
	}
	p := formatP(r.P)
	fmt.Fprintf(b, "## Retry topology\n\n")
	fmt.Fprintf(b, "%s in %s, %s from an entry point through retry layers to an outbound call",
		plural(len(r.Sites), "retry site"), plural(packages(r), "package"), plural(len(r.Paths), "path"))
	if r.Limits.Truncated {
		fmt.Fprintf(b, " (capped: at most %d per entry point, %d in all)", r.Limits.PathsPerEntry, r.Limits.MaxPaths)
	}
	fmt.Fprintf(b, "; %s at the sites.\n\n", plural(findings, "finding"))
	if len(r.Paths) > 0 {
		worst := r.Paths[0]
		fmt.Fprintf(b, "Worst path: one request makes up to **%s** calls to %s when it is down (%s), %s on average when each call fails with p = %s.\n\n",
			AttemptsText(worst.Amplification), nodes[worst.Nodes[len(worst.Nodes)-1]].Label, plural(worst.Layers, "retry layer"), expectedText(worst.Expected), p)

		shown := r.Paths
		if top > 0 && len(shown) > top {
			shown = shown[:top]
		}
		fmt.Fprintf(b, "### Top paths\n\n")
		fmt.Fprintf(b, "| # | calls at full outage | E[N] at p = %s | layers | path |\n|---|---|---|---|---|\n", p)
		for i, pt := range shown {
			var hops []string
			for _, id := range pt.Nodes {
				hops = append(hops, mdNode(nodes[id]))
			}
			fmt.Fprintf(b, "| %d | %s | %s | %d | %s |\n", i+1, AttemptsText(pt.Amplification), expectedText(pt.Expected), pt.Layers, strings.Join(hops, " → "))
		}
		if len(shown) < len(r.Paths) {
			fmt.Fprintf(b, "\n%d more paths: `-top=0` lists them all, `-format=json` has every one.\n", len(r.Paths)-len(shown))
		}
		b.WriteString("\n")
	}
	if len(r.Sites) > 0 {
		fmt.Fprintf(b, "### Retry sites\n\n")
		fmt.Fprintf(b, "| site | function | kind | retry | attempts | base delay | max delay | jitter | attempt timeout | worst case | findings |\n")
		fmt.Fprintf(b, "|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, s := range r.Sites {
			name := s.Name
			if s.Library != "" && s.Kind != "retrier" {
				name += " (" + s.Library + ")"
			}
			var fs []string
			for _, f := range s.Findings {
				fs = append(fs, f.Analyzer+": "+f.Message)
			}
			fmt.Fprintf(b, "| `%s:%d` | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				s.Pos.File, s.Pos.Line, s.Func, s.Kind, mdEscape(name), AttemptsText(s.Attempts),
				delayText(s.BaseDelay, s.Delay), maxDelayText(s.MaxDelay, s.Capped), s.Jitter,
				seconds(s.AttemptTimeout), seconds(s.WorstCase), mdEscape(strings.Join(fs, "; ")))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdNode(n *Node) string {
	label := mdEscape(n.Label)
	if n.Kind == NodeRetry {
		return fmt.Sprintf("**%s** (`%s:%d`)", label, path.Base(n.Pos.File), n.Pos.Line)
	}
	return "`" + strings.ReplaceAll(n.Label, "`", "'") + "`"
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func packages(r *Report) int {
	seen := map[string]bool{}
	for _, s := range r.Sites {
		seen[s.Package] = true
	}
	return len(seen)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func formatP(p float64) string { return strconv.FormatFloat(p, 'g', -1, 64) }

func expectedText(e *float64) string {
	if e == nil {
		return "unknown"
	}
	return strconv.FormatFloat(*e, 'f', 2, 64)
}

// seconds renders a duration in seconds: "1.5s", or "?" when absent.
func seconds(s *float64) string {
	if s == nil {
		return "?"
	}
	return strconv.FormatFloat(*s, 'f', -1, 64) + "s"
}

func delayText(base *float64, shape string) string {
	t := seconds(base)
	if shape != "" {
		t += " " + shape
	}
	return t
}

func maxDelayText(max *float64, capped string) string {
	if max != nil {
		return seconds(max)
	}
	switch capped {
	case "yes":
		return "capped"
	case "no":
		return "none"
	}
	return "?"
}
