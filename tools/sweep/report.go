package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Report is everything the sweep writes.
type Report struct {
	Title     string `json:",omitempty"` // the set's, for the markdown heading
	Retrylint string // the commit or binary analyzed with
	Go        string
	Modules   string // the data file
	Results   []*Result
	NotRun    []string `json:",omitempty"` // modules of the data file not run (yet): see -resume
}

// Totals sums the results.
type Totals struct {
	Modules, NotRun, Skipped, Partial        int
	Targets, Analyzed, Blanked, Closure      int
	Findings, Panics, Distinct, Errors, Load int
	Wall, CPU                                float64
}

func (rep *Report) Totals() Totals {
	t := Totals{NotRun: len(rep.NotRun)}
	sigs := map[string]bool{}
	for _, r := range rep.Results {
		t.Modules++
		switch r.Status {
		case "skipped":
			t.Skipped++
		case "partial":
			t.Partial++
		}
		t.Targets += r.Targets
		t.Analyzed += r.Analyzed
		t.Blanked += r.Blanked
		t.Closure += r.Closure
		t.Findings += len(r.Findings)
		t.Panics += len(r.Panics)
		t.Errors += len(r.Errors)
		t.Load += len(r.LoadErrors)
		t.Wall += r.SetupSeconds + r.WallSeconds
		t.CPU += r.CPUSeconds
		for _, p := range r.Panics {
			sigs[p.Signature] = true
		}
	}
	t.Distinct = len(sigs)
	return t
}

func (t Totals) String() string {
	return fmt.Sprintf("%d modules of %d (%d skipped, %d partial), %d packages analyzed of %d matched (%d with dependencies), "+
		"%d blanked by a crash, %d findings, panics %d (%d distinct), errors %d, packages that do not build %d; "+
		"wall %.0f s (go get included), retrylint CPU %.0f s",
		t.Modules, t.Modules+t.NotRun, t.Skipped, t.Partial, t.Analyzed, t.Targets, t.Closure,
		t.Blanked, t.Findings, t.Panics, t.Distinct, t.Errors, t.Load, t.Wall, t.CPU)
}

// builds names the retrylint the results were analyzed with: the run's,
// or, when -merge kept results of other builds, each build with its
// modules ("binary /tmp/a (example.com/svc), abc1234 (example.com/exp)").
func (rep *Report) builds() string {
	var order []string
	mods := map[string][]string{}
	for _, r := range rep.Results {
		b := cmp.Or(r.Retrylint, rep.Retrylint)
		if mods[b] == nil {
			order = append(order, b)
		}
		mods[b] = append(mods[b], r.Module)
	}
	if len(order) < 2 {
		return rep.Retrylint
	}
	parts := make([]string, len(order))
	for i, b := range order {
		parts[i] = fmt.Sprintf("%s (%s)", b, strings.Join(mods[b], ", "))
	}
	return strings.Join(parts, "; ")
}

// WriteMarkdown writes the table, the totals, and what went wrong.
func (rep *Report) WriteMarkdown(w io.Writer) {
	title := rep.Title
	if title == "" {
		title = sets["sweep"].title
	}
	fmt.Fprintf(w, "# %s\n\n", title)
	fmt.Fprintf(w, "retrylint %s, %s, modules from `%s`. Written by `scripts/sweep.sh`; each module is analyzed in a\n", rep.builds(), rep.Go, rep.Modules)
	fmt.Fprintf(w, "temporary module that requires it, by `retrylint -format=json PATTERNS`, which runs `go vet -vettool` on the\n")
	fmt.Fprintf(w, "patterns and, for facts, on their whole import closure. *packages* is analyzed/matched (test variants apart),\n")
	fmt.Fprintf(w, "*closure* what go vet analyzed with them; times are retrylint's wall and CPU (all processes).\n\n")
	fmt.Fprintf(w, "**Total:** %s.\n\n", rep.Totals())
	fmt.Fprintf(w, "| module | kind | packages | closure | findings | panics | errors | status | wall s | CPU s |\n")
	fmt.Fprintf(w, "|---|---|---:|---:|---:|---:|---:|---|---:|---:|\n")
	for _, r := range rep.Results {
		status := r.Status
		if r.Reason != "" && r.Status != "ok" {
			status += ": " + shorten(r.Reason, 90)
		}
		fmt.Fprintf(w, "| %s@%s | %s | %d/%d | %d | %d | %d | %d | %s | %.0f | %.0f |\n",
			r.Module, r.Version, r.Kind, r.Analyzed, r.Targets, r.Closure, len(r.Findings),
			len(r.Panics), len(r.Errors), cell(status), r.WallSeconds, r.CPUSeconds)
	}
	rep.writeByKind(w)
	rep.writeApps(w)
	rep.writeProblems(w)
}

func (rep *Report) writeByKind(w io.Writer) {
	fmt.Fprintf(w, "\n## By kind\n\n| kind | modules | packages | findings | panics | errors | skipped |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, k := range kinds {
		var mods, pkgs, finds, panics, errs, skipped int
		for _, r := range rep.Results {
			if r.Kind != k {
				continue
			}
			mods++
			pkgs += r.Analyzed
			finds += len(r.Findings)
			panics += len(r.Panics)
			errs += len(r.Errors)
			if r.Status == "skipped" {
				skipped++
			}
		}
		if mods > 0 {
			fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d |\n", k, mods, pkgs, finds, panics, errs, skipped)
		}
	}
}

// writeApps counts the findings per analyzer in the application modules
// (issue 14); they are listed in sweep-findings.txt, not judged here.
func (rep *Report) writeApps(w io.Writer) {
	names := map[string]bool{}
	var apps []*Result
	for _, r := range rep.Results {
		if r.Kind == "app" {
			apps = append(apps, r)
			for a := range r.ByAnalyzer {
				names[a] = true
			}
		}
	}
	if len(apps) == 0 {
		return
	}
	cols := sortedSet(names)
	fmt.Fprintf(w, "\n## Findings per analyzer in the application modules (kind app)\n\n| module | %s | total |\n|---|", strings.Join(cols, " | "))
	fmt.Fprintf(w, "%s---:|\n", strings.Repeat("---:|", len(cols)))
	sum := map[string]int{}
	total := 0
	for _, r := range apps {
		fmt.Fprintf(w, "| %s |", r.Module)
		for _, c := range cols {
			fmt.Fprintf(w, " %d |", r.ByAnalyzer[c])
			sum[c] += r.ByAnalyzer[c]
		}
		fmt.Fprintf(w, " %d |\n", len(r.Findings))
		total += len(r.Findings)
	}
	fmt.Fprintf(w, "| **all** |")
	for _, c := range cols {
		fmt.Fprintf(w, " %d |", sum[c])
	}
	fmt.Fprintf(w, " %d |\n", total)
}

func (rep *Report) writeProblems(w io.Writer) {
	section := func(title string, pick func(*Result) []string) {
		first := true
		for _, r := range rep.Results {
			for _, l := range pick(r) {
				if first {
					fmt.Fprintf(w, "\n## %s\n\n", title)
					first = false
				}
				fmt.Fprintf(w, "- %s: %s\n", r.Module, shorten(l, 300))
			}
		}
	}
	section("Panics (stacks in sweep-panics.md)", func(r *Result) []string {
		var out []string
		for _, p := range r.Panics {
			out = append(out, p.Line)
		}
		return out
	})
	section("Analysis errors", func(r *Result) []string { return r.Errors })
	section("Skipped modules", func(r *Result) []string {
		if r.Status == "skipped" {
			return []string{r.Reason}
		}
		return nil
	})
	section("Packages that do not build (partial modules)", func(r *Result) []string {
		if r.Status == "skipped" {
			return nil
		}
		return r.LoadErrors
	})
	if len(rep.NotRun) > 0 {
		fmt.Fprintf(w, "\n## Not run (scripts/sweep.sh -resume runs them)\n\n%s\n", strings.Join(rep.NotRun, ", "))
	}
}

// WritePanics writes each distinct crash once: its message, the top of
// its stack, and every module and package that triggered it.
func (rep *Report) WritePanics(w io.Writer) {
	type crash struct {
		stack *Stack
		line  string
		where []string
	}
	bySig := map[string]*crash{}
	var order []string
	blanked := map[string]int{}
	for _, r := range rep.Results {
		counted := map[string]bool{} // a module's blanked packages, once per crash
		for _, p := range r.Panics {
			c := bySig[p.Signature]
			if c == nil {
				c = &crash{stack: p.Stack, line: p.Line}
				bySig[p.Signature] = c
				order = append(order, p.Signature)
			}
			c.where = append(c.where, fmt.Sprintf("%s@%s: package %s", r.Module, r.Version, p.Package))
			if c.stack == nil {
				c.stack = p.Stack
			}
			if !counted[p.Signature] {
				counted[p.Signature] = true
				blanked[p.Signature] += r.Blanked
			}
		}
	}
	fmt.Fprintf(w, "# Panics found by the robustness sweep\n\nretrylint %s, %s. %d distinct crash(es).\n", rep.Retrylint, rep.Go, len(order))
	for i, sig := range order {
		c := bySig[sig]
		fmt.Fprintf(w, "\n## %d. %s\n\n", i+1, firstField(sig))
		fmt.Fprintf(w, "Triggered in (%d packages of the sweep's targets not analyzed because of it):\n\n", blanked[sig])
		for _, x := range c.where {
			fmt.Fprintf(w, "- %s\n", x)
		}
		if c.stack == nil {
			fmt.Fprintf(w, "\nNo stack (the driver's line): `%s`\n", c.line)
			continue
		}
		fmt.Fprintf(w, "\n```\npanic: %s\n", c.stack.Message)
		for _, f := range c.stack.Frames[:min(len(c.stack.Frames), 14)] {
			fmt.Fprintf(w, "  %s\n", f)
		}
		fmt.Fprintf(w, "```\n")
	}
}

// WriteFindings writes one line per finding:
// module@version<TAB>analyzer<TAB>file:line:col<TAB>message.
func (rep *Report) WriteFindings(w io.Writer) {
	for _, r := range rep.Results {
		for _, f := range r.Findings {
			fmt.Fprintf(w, "%s@%s\t%s\t%s\t%s\n", r.Module, r.Version, f.Analyzer, f.Posn, f.Message)
		}
	}
}

// WriteJSON writes the report as data.
func (rep *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(rep, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func shorten(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// cell makes s safe in a markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func firstField(sig string) string {
	msg, frames, _ := strings.Cut(sig, " | ")
	if top, _, _ := strings.Cut(frames, " < "); top != "" {
		return msg + " at " + top
	}
	return msg
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
