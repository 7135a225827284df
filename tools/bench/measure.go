package main

import (
	"bufio"
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A tool is one command measured on a package set.
type tool struct {
	name string
	argv func(pats []string) []string
}

// plan lists the tools measured on one set. The floor is driven the way
// retrylint drives itself standalone (e.mode).
func plan(e *env, names []string, vettool bool) []tool {
	bin := func(n string) string { return filepath.Join(e.bin, n) }
	with := func(argv ...string) func([]string) []string {
		return func(pats []string) []string { return append(append([]string{}, argv...), pats...) }
	}
	var out []tool
	for _, n := range names {
		switch n {
		case "retrylint":
			out = append(out, tool{n, with(bin("retrylint"))})
			if e.base {
				out = append(out, tool{"retrylint-base", with(bin("retrylint-base"))})
			}
		case "floor":
			if e.mode == "vettool" {
				out = append(out, tool{n, with("go", "vet", "-vettool="+bin("floor"))})
			} else {
				out = append(out, tool{n, with(bin("floor"))})
			}
		case "vet":
			out = append(out, tool{n, with("go", "vet")})
		case "staticcheck":
			out = append(out, tool{n, with(bin("staticcheck"))})
		default:
			log.Fatalf("unknown tool %q", n)
		}
	}
	if vettool {
		out = append(out, tool{"vet-retrylint", with("go", "vet", "-vettool="+bin("retrylint"))})
		if e.mode != "vettool" {
			out = append(out, tool{"vet-floor", with("go", "vet", "-vettool="+bin("floor"))})
		}
	}
	return out
}

func names(ts []tool) string {
	var s []string
	for _, t := range ts {
		s = append(s, t.name)
	}
	return strings.Join(s, ",")
}

// A result is one timed process.
type result struct {
	Set, Tool, Phase string // Phase: cold or warm
	Round            int
	Wall, User, Sys  float64 // seconds
	MaxRSSKB         int64   // largest single process of the waited-for tree
	Exit             int
	Diags            int     // lines that look like file:line:col: diagnostics
	Panic            bool    // a stack trace in the output
	Load             float64 // 1-minute load average when the run started
	Cmd              string
	Stderr           string // file holding the run's stderr
}

// loadavg is the 1-minute load average, or -1.
func loadavg() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return -1
	}
	x, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return x
}

// CPU is user plus system time, children included.
func (r result) CPU() float64 { return r.User + r.Sys }

// measure runs t once cold, from a fresh copy of the template build cache
// and an empty staticcheck cache, and, with warm, once more on the same
// caches.
func measure(e *env, o *options, set string, round int, t tool, pats []string, warm bool) ([]result, error) {
	gocache := filepath.Join(e.work, "gocache-run")
	sccache := filepath.Join(e.work, "staticcheck-cache")
	for _, d := range []string{gocache, sccache} {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
	}
	defer os.RemoveAll(gocache)
	defer os.RemoveAll(sccache)
	// Hard links are enough: the go command never rewrites a cache file
	// in place (new entries are new files; it only touches mtimes).
	if exec.Command("cp", "-al", e.template, gocache).Run() != nil {
		if err := sh(e.work, nil, "cp", "-a", e.template, gocache); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(sccache, 0o755); err != nil {
		return nil, err
	}
	envv := []string{"GOCACHE=" + gocache, "STATICCHECK_CACHE=" + sccache}
	phases := []string{"cold"}
	if warm {
		phases = append(phases, "warm")
	}
	var out []result
	for _, ph := range phases {
		r, err := timed(e, o, set, round, ph, t, pats, envv)
		if err != nil {
			return nil, err
		}
		log.Printf("%-6s round %d %-13s %s: wall %6.1fs cpu %6.1fs rss %5.0f MB exit %d diags %d load %.1f%s",
			set, round+1, t.name, ph, r.Wall, r.CPU(), float64(r.MaxRSSKB)/1024, r.Exit, r.Diags, r.Load, panicNote(r))
		out = append(out, r)
	}
	return out, nil
}

func panicNote(r result) string {
	if r.Panic {
		return " PANIC (see " + r.Stderr + ")"
	}
	return ""
}

func timed(e *env, o *options, set string, round int, phase string, t tool, pats []string, envv []string) (result, error) {
	r := result{Set: set, Tool: t.name, Phase: phase, Round: round + 1, Load: loadavg()}
	argv := t.argv(pats)
	r.Cmd = strings.Join(argv, " ")
	base := filepath.Join(e.work, "out", fmt.Sprintf("%s-%s-%d-%s", set, t.name, round+1, phase))
	os.MkdirAll(filepath.Dir(base), 0o755)
	timeFile := base + ".time"
	r.Stderr = base + ".stderr"
	stdout, err := os.Create(base + ".stdout")
	if err != nil {
		return r, err
	}
	defer stdout.Close()
	stderr, err := os.Create(r.Stderr)
	if err != nil {
		return r, err
	}
	defer stderr.Close()
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.timeBin, append([]string{"-v", "-o", timeFile}, argv...)...)
	cmd.Dir = e.corpus
	cmd.Env = append(os.Environ(), envv...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	_ = cmd.Run() // non-zero exits are normal (findings); recorded below
	if ctx.Err() != nil {
		return r, fmt.Errorf("%s on %s: timed out after %v", t.name, set, o.timeout)
	}
	if err := parseTime(timeFile, &r); err != nil {
		return r, fmt.Errorf("%s on %s: %v", t.name, set, err)
	}
	for _, f := range []string{base + ".stdout", r.Stderr} {
		d, p := scanOutput(f)
		r.Diags += d
		r.Panic = r.Panic || p
	}
	return r, nil
}

// parseTime reads GNU time -v output.
func parseTime(file string, r *result) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	seen := 0
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch {
		case k == "User time (seconds)":
			r.User, _ = strconv.ParseFloat(v, 64)
			seen++
		case k == "System time (seconds)":
			r.Sys, _ = strconv.ParseFloat(v, 64)
			seen++
		case k == "Maximum resident set size (kbytes)":
			r.MaxRSSKB, _ = strconv.ParseInt(v, 10, 64)
			seen++
		case k == "Exit status":
			r.Exit, _ = strconv.Atoi(v)
			seen++
		case strings.HasPrefix(k, "Elapsed (wall clock) time"):
			r.Wall = clock(v)
			seen++
		}
	}
	if seen != 5 {
		return fmt.Errorf("unexpected /usr/bin/time -v output in %s:\n%s", file, b)
	}
	return nil
}

// clock parses h:mm:ss or m:ss.ss.
func clock(s string) float64 {
	var secs float64
	for _, f := range strings.Split(s, ":") {
		x, _ := strconv.ParseFloat(f, 64)
		secs = secs*60 + x
	}
	return secs
}

var diagLine = regexp.MustCompile(`\.go:\d+:\d+: `)

// scanOutput counts diagnostic-looking lines and spots stack traces.
func scanOutput(file string) (diags int, panicked bool) {
	f, err := os.Open(file)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if diagLine.MatchString(line) {
			diags++
		}
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "goroutine ") && strings.HasSuffix(line, ":") {
			panicked = true
		}
	}
	return diags, panicked
}
