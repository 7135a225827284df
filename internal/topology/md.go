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
	atSites := 0
	for _, s := range r.Sites {
		atSites += len(s.Findings)
	}
	p := formatP(r.P)
	merged := len(r.Services) > 0
	if merged {
		fmt.Fprintf(b, "## Retry topology of %s\n\n", plural(len(r.Services), "service"))
	} else {
		fmt.Fprintf(b, "## Retry topology\n\n")
	}
	fmt.Fprintf(b, "%s in %s, %s from an entry point through retry layers to an outbound call",
		plural(len(r.Sites), "retry site"), plural(packages(r), "package"), plural(len(r.Paths), "path"))
	if r.Limits.Truncated {
		fmt.Fprintf(b, " (capped: at most %d per entry point, %d in all)", r.Limits.PathsPerEntry, r.Limits.MaxPaths)
	}
	fmt.Fprintf(b, "; %s at the sites", plural(atSites, "finding"))
	if len(r.Findings) > 0 {
		fmt.Fprintf(b, ", %d elsewhere", len(r.Findings))
	}
	b.WriteString(".\n\n")
	if len(r.Paths) > 0 {
		worst := r.Paths[0]
		to := nodes[worst.Nodes[len(worst.Nodes)-1]].Label
		if nodes[worst.Nodes[len(worst.Nodes)-1]].Unresolved != "" {
			to = "what its last retry calls (not resolved: see below)"
		}
		fmt.Fprintf(b, "Worst path: one request makes up to **%s** calls to %s when it is down (%s), %s on average when each call fails with p = %s.\n\n",
			PathAmpText(&worst), to, plural(worst.Layers, "retry layer"), expectedText(worst.Expected), p)
	}
	if t := loadSummary(r); t != "" {
		fmt.Fprintf(b, "%s\n\n", t)
	}
	if merged {
		mdServices(b, r, nodes)
	}
	if len(r.Paths) > 0 {
		shown := r.Paths
		if top > 0 && len(shown) > top {
			shown = shown[:top]
		}
		fmt.Fprintf(b, "### Top paths\n\n")
		fmt.Fprintf(b, "| # | calls at full outage | E[N] at p = %s | layers | path |\n|---|---|---|---|---|\n", p)
		for i, pt := range shown {
			var hops []string
			service := ""
			for _, id := range pt.Nodes {
				n := nodes[id]
				hop := mdNode(n)
				if n.Service != service {
					service = n.Service
					hop = "**" + mdEscape(service) + "**: " + hop
				}
				hops = append(hops, hop)
			}
			fmt.Fprintf(b, "| %d | %s | %s | %d | %s |\n", i+1, mdEscape(PathAmpText(&pt)), expectedText(pt.Expected), pt.Layers, strings.Join(hops, " → "))
		}
		if len(shown) < len(r.Paths) {
			fmt.Fprintf(b, "\n%d more paths: `-top=0` lists them all, `-format=json` has every one.\n", len(r.Paths)-len(shown))
		}
		b.WriteString("\n")
	}
	if len(r.Sites) > 0 {
		fmt.Fprintf(b, "### Retry sites\n\n")
		svcCol, svcSep := "", ""
		if merged {
			svcCol, svcSep = " service |", "---|"
		}
		fmt.Fprintf(b, "| site |%s function | kind | retry | attempts | base delay | max delay | jitter | attempt timeout | worst case | load budget | findings |\n", svcCol)
		fmt.Fprintf(b, "|---|%s---|---|---|---|---|---|---|---|---|---|---|\n", svcSep)
		for _, s := range r.Sites {
			name := s.Name
			if s.Library != "" && s.Kind != "retrier" {
				name += " (" + s.Library + ")"
			}
			var fs []string
			for _, f := range s.Findings {
				fs = append(fs, f.Analyzer+": "+f.Message)
			}
			svc := ""
			if merged {
				svc = " " + mdEscape(s.Service) + " |"
			}
			fmt.Fprintf(b, "| `%s:%d` |%s `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				s.Pos.File, s.Pos.Line, svc, s.Func, s.Kind, mdEscape(name), mdEscape(SiteAttemptsText(&s)),
				delayText(s.BaseDelay, s.Delay), maxDelayText(s.MaxDelay, s.Capped), s.Jitter,
				seconds(s.AttemptTimeout), seconds(s.WorstCase), mdEscape(LoadText(&s)), mdEscape(strings.Join(fs, "; ")))
		}
		b.WriteString("\n")
	}
	mdUnknowns(b, r)
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// mdServices writes a merged report's services, the calls between them
// and what the merge could not join.
func mdServices(b *strings.Builder, r *Report, nodes map[string]*Node) {
	fmt.Fprintf(b, "### Services\n\n")
	fmt.Fprintf(b, "| service | report | retry sites | entry points | outbound calls | targets not known | calls per request at full outage |\n|---|---|---|---|---|---|---|\n")
	for _, s := range r.Services {
		fmt.Fprintf(b, "| %s | `%s` | %d | %d | %d | %d | %s |\n", mdEscape(s.Name), s.File, s.Sites, s.Entries, s.Outbound, s.Unknown,
			strings.TrimPrefix(LinkCallsText(s.Calls, s.AtLeast), "×"))
	}
	b.WriteString("\n")
	if len(r.Links) > 0 {
		fmt.Fprintf(b, "### Calls between services\n\n")
		fmt.Fprintf(b, "| from | call | to | served by | calls per request at full outage |\n|---|---|---|---|---|\n")
		for _, l := range r.Links {
			calls := LinkCallsText(l.Calls, l.AtLeast)
			if l.Cut {
				calls += " (cut: closes a cycle)"
			}
			fmt.Fprintf(b, "| %s | `%s` at `%s` | %s | `%s` (`%s`) | %s |\n", mdEscape(l.FromService), mdCode(l.Target.String()),
				mdLoc(nodes[l.From]), mdEscape(l.ToService), mdCode(nodes[l.To].Label), mdCode(l.Serves.String()), mdEscape(calls))
		}
		b.WriteString("\n")
	}
	for _, c := range r.Cycles {
		fmt.Fprintf(b, "Cycle between services cut: %s (the calls back into %s are not followed, so amplification is counted once around it).\n\n",
			mdEscape(strings.Join(c.Services, " → ")), mdEscape(c.Services[len(c.Services)-1]))
	}
	if len(r.Unjoined) > 0 {
		fmt.Fprintf(b, "Calls with a known target that no merged service takes:\n\n")
		for _, u := range r.Unjoined {
			fmt.Fprintf(b, "- %s: `%s` at `%s`: %s\n", mdEscape(u.Service), mdCode(u.Target.String()), mdLoc(nodes[u.Node]), mdEscape(u.Why))
		}
		b.WriteString("\n")
	}
}

// loadSummary counts the sites by load budget: "Load budgets: 1 site
// with a budget (a full outage adds at most 9% more calls there instead
// of multiplying them), 2 with none, 1 not known." Empty for a report
// that does not record them.
func loadSummary(r *Report) string {
	n, most := loadCounts(r)
	if len(n) == 0 {
		return ""
	}
	var parts []string
	if c := n[BudgetOn]; c > 0 {
		t := plural(c, "site") + " with a budget"
		if most >= 0 {
			t += fmt.Sprintf(" (a full outage adds at most %s more calls there instead of multiplying them)", percent(most))
		}
		parts = append(parts, t)
	}
	for _, k := range []struct{ kind, text string }{
		{BudgetLimiter, "behind a rate limiter"}, {BudgetOff, "with the budget switched off"},
		{BudgetNone, "with none"}, {BudgetUnknown, "not known"},
	} {
		if c := n[k.kind]; c > 0 {
			if len(parts) == 0 {
				parts = append(parts, plural(c, "site")+" "+k.text)
			} else {
				parts = append(parts, strconv.Itoa(c)+" "+k.text)
			}
		}
	}
	return "Load budgets: " + strings.Join(parts, ", ") + "."
}

// loadCounts counts the sites by load budget kind, with the largest
// share of a budget whose numbers are known (-1 when none is).
func loadCounts(r *Report) (n map[string]int, most float64) {
	n, most = map[string]int{}, -1
	for _, s := range r.Sites {
		if lb := s.LoadBudget; lb != nil {
			n[lb.Kind]++
			if lb.Kind == BudgetOn && lb.Share != nil {
				most = max(most, *lb.Share)
			}
		}
	}
	return n, most
}

func percent(f float64) string { return strconv.FormatFloat(f*100, 'f', 0, 64) + "%" }

// mdUnknowns lists why each unknown on the report is one: attempts the
// code does not show, attempts whose calls the report does not follow.
func mdUnknowns(b *strings.Builder, r *Report) {
	var lines []string
	for _, s := range r.Sites {
		where := fmt.Sprintf("`%s:%d` `%s`", s.Pos.File, s.Pos.Line, s.Func)
		if s.AttemptsWhy != "" {
			lines = append(lines, fmt.Sprintf("- %s: %s", where, mdEscape(s.AttemptsWhy)))
		}
		if s.Unresolved != "" {
			lines = append(lines, fmt.Sprintf("- %s: %s", where, mdEscape(s.Unresolved)))
		}
		if lb := s.LoadBudget; lb != nil && lb.Why != "" {
			lines = append(lines, fmt.Sprintf("- %s: load budget: %s", where, mdEscape(lb.Why)))
		}
	}
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(b, "### What is not known\n\n%s\n", strings.Join(lines, "\n"))
}

func mdLoc(n *Node) string {
	if n == nil {
		return "?"
	}
	return fmt.Sprintf("%s:%d", path.Base(n.Pos.File), n.Pos.Line)
}

func mdCode(s string) string { return strings.ReplaceAll(mdEscape(s), "`", "'") }

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
