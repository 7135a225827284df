package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"time"
)

// summary is the medians of one tool's runs in one phase on one set.
type summary struct {
	n              int
	wall, cpu, rss float64 // seconds, seconds, MB
	exits          string
	diags          string
	panics         int
}

func summarize(rs []result) summary {
	var s summary
	var wall, cpu, rss []float64
	exits := map[int]bool{}
	diags := map[int]bool{}
	for _, r := range rs {
		wall = append(wall, r.Wall)
		cpu = append(cpu, r.CPU())
		rss = append(rss, float64(r.MaxRSSKB)/1024)
		exits[r.Exit] = true
		diags[r.Diags] = true
		if r.Panic {
			s.panics++
		}
	}
	s.n = len(rs)
	s.wall, s.cpu, s.rss = median(wall), median(cpu), median(rss)
	s.exits, s.diags = keys(exits), keys(diags)
	return s
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func keys(m map[int]bool) string {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	var ss []string
	for _, k := range ks {
		ss = append(ss, fmt.Sprint(k))
	}
	return strings.Join(ss, "/")
}

// printReport prints Markdown: the machine, then per set a table of medians
// and the ratios the targets are stated in.
func printReport(w io.Writer, e *env, o *options, all []result) {
	fmt.Fprintf(w, "## Run of %s\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "- machine: %s\n", machine())
	fmt.Fprintf(w, "- retrylint: %s\n", gitDescribe(e.repo, o.rev))
	if e.base {
		fmt.Fprintf(w, "- retrylint-base: %s\n", gitDescribe(e.repo, o.base))
	}
	fmt.Fprintf(w, "- rounds: %d (interleaved, order rotated each round); retrylint standalone mode: %s\n", o.count, e.mode)
	fmt.Fprintf(w, "- figures: medians; CPU = user+sys of the whole process tree; RSS = peak resident set of the largest single process\n")
	var loads []float64
	for _, r := range all {
		loads = append(loads, r.Load)
	}
	sort.Float64s(loads)
	if len(loads) > 0 {
		fmt.Fprintf(w, "- 1-minute load average at the start of the runs: min %.1f, median %.1f, max %.1f", loads[0], median(loads), loads[len(loads)-1])
		if median(loads) > float64(runtime.NumCPU()) {
			fmt.Fprintf(w, " (**busy machine: wall times are inflated; CPU times and ratios are the more reliable figures**)")
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)

	group := map[string][]result{}
	var order []string
	for _, r := range all {
		k := r.Set + "\x00" + r.Tool + "\x00" + r.Phase
		if _, ok := group[k]; !ok {
			order = append(order, k)
		}
		group[k] = append(group[k], r)
	}
	get := func(set, tool, phase string) (summary, bool) {
		rs, ok := group[set+"\x00"+tool+"\x00"+phase]
		if !ok {
			return summary{}, false
		}
		return summarize(rs), true
	}
	var sets []string
	for _, k := range order {
		set := strings.Split(k, "\x00")[0]
		if !contains(sets, set) {
			sets = append(sets, set)
		}
	}
	for _, set := range sets {
		fmt.Fprintf(w, "### %s: %s\n\n", set, strings.Join(e.sets[set], " "))
		fmt.Fprintf(w, "| tool | phase | runs | wall s | CPU s | peak RSS MB | exit | diagnostics | panics | command |\n")
		fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|---|\n")
		for _, k := range order {
			f := strings.Split(k, "\x00")
			if f[0] != set {
				continue
			}
			s, _ := get(f[0], f[1], f[2])
			cmd := strings.Fields(group[k][0].Cmd)
			fmt.Fprintf(w, "| %s | %s | %d | %.1f | %.1f | %.0f | %s | %s | %d | `%s` |\n",
				f[1], f[2], s.n, s.wall, s.cpu, s.rss, s.exits, s.diags, s.panics, shortCmd(e, cmd))
		}
		fmt.Fprintln(w)
		ratio := func(a, b, phaseA, phaseB string) {
			x, ok1 := get(set, a, phaseA)
			y, ok2 := get(set, b, phaseB)
			if !ok1 || !ok2 || y.wall == 0 || y.cpu == 0 || y.rss == 0 {
				return
			}
			fmt.Fprintf(w, "| %s %s / %s %s | %.2fx | %.2fx | %.2fx |\n", a, phaseA, b, phaseB, x.wall/y.wall, x.cpu/y.cpu, x.rss/y.rss)
		}
		fmt.Fprintf(w, "| ratio | wall | CPU | peak RSS |\n|---|---|---|---|\n")
		ratio("retrylint", "retrylint-base", "cold", "cold")
		ratio("retrylint", "floor", "cold", "cold")
		ratio("retrylint", "vet", "cold", "cold")
		ratio("retrylint", "staticcheck", "cold", "cold")
		ratio("vet-retrylint", "vet", "cold", "cold")
		ratio("vet-retrylint", "vet-floor", "cold", "cold")
		ratio("retrylint", "vet-floor", "cold", "cold")
		ratio("vet-retrylint", "floor", "cold", "cold")
		for _, t := range []string{"retrylint", "retrylint-base", "floor", "vet", "staticcheck", "vet-retrylint", "vet-floor"} {
			ratio(t, t, "warm", "cold")
		}
		fmt.Fprintln(w)
	}
}

// shortCmd abbreviates the work directory's bin paths and the patterns.
func shortCmd(e *env, argv []string) string {
	var out []string
	for _, a := range argv {
		a = strings.ReplaceAll(a, e.bin+"/", "")
		if strings.Contains(a, "/") || a == "std" {
			out = append(out, "$SET")
			break
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

func machine() string {
	var mem string
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "MemTotal:") {
				var kb int64
				fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(line, "MemTotal:")), "%d", &kb)
				mem = fmt.Sprintf("%.1f GB RAM", float64(kb)/1024/1024)
			}
		}
	}
	var cpu string
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				_, cpu, _ = strings.Cut(line, ": ")
				break
			}
		}
	}
	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	return fmt.Sprintf("%s/%s, %d CPUs (%s), %s, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), cpu, mem, strings.TrimSpace(string(goVersion)))
}

// gitDescribe names the measured commit; rev "" is the working tree.
func gitDescribe(dir, rev string) string {
	r := rev
	if r == "" {
		r = "HEAD"
	}
	out, err := exec.Command("git", "-C", dir, "log", "-1", "--format=commit %h (%cI) %s", r).Output()
	if err != nil {
		return "unknown (not a git checkout)"
	}
	s := strings.TrimSpace(string(out))
	if rev == "" {
		s = "working tree at " + s
		if st, _ := exec.Command("git", "-C", dir, "status", "--porcelain").Output(); len(st) > 0 {
			s += " + uncommitted changes"
		}
	}
	return s
}
