// Command bench measures retrylint against go vet, staticcheck and a floor
// program on the package sets of the benchmark corpus. scripts/bench.sh runs
// it; BENCHMARKS.md records what it printed and explains the method.
//
// It works from a fresh clone: it copies the corpus to a work directory,
// downloads its modules, installs staticcheck, builds retrylint and the floor
// (tools/floor), and then runs every tool on every set, interleaved
// (one run of each tool per round, the order rotated each round) and
// repeated, each process timed by /usr/bin/time -v.
//
// Fairness: every cold run starts from a fresh copy of one template
// GOCACHE that holds compiled packages only (go list -export -deps -test of
// all sets, as after a CI build) and no analysis results, and from an empty
// staticcheck cache. So go vet's cached vet results are defeated, and
// go vet and staticcheck, which both need the dependencies' compiled export
// data, do not pay for a compile a CI run would not pay for either. A warm
// run repeats the cold run on the same caches and unchanged code.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"github.com/retrylint/retrylint/tools/internal/corpusset"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	var o options
	flag.StringVar(&o.corpus, "corpus", os.Getenv("RETRYLINT_CORPUS"), "corpus module to copy (default $RETRYLINT_CORPUS, else ../shared/corpus next to the repository)")
	flag.StringVar(&o.work, "work", "", "work directory (default: a new temporary directory)")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directory")
	flag.IntVar(&o.count, "count", 3, "rounds: runs of each tool per set (medians are over these)")
	flag.StringVar(&o.sets, "sets", "STD,SMALL,LARGE", "package sets from sets.txt, in order")
	flag.StringVar(&o.tools, "tools", "retrylint,floor,vet,staticcheck", "tools measured on every set")
	flag.StringVar(&o.vettoolSets, "vettool-sets", "LARGE", "sets on which go vet -vettool=retrylint and -vettool=floor are also measured")
	flag.StringVar(&o.warmSets, "warm-sets", "LARGE", "sets on which each cold run is followed by a warm re-run on the same caches")
	flag.StringVar(&o.mode, "mode", "auto", "how retrylint drives analysis standalone: standalone (in-process), vettool (runs go vet), or auto (detect); the floor is driven the same way")
	flag.StringVar(&o.staticcheck, "staticcheck", "v0.8.2", "staticcheck version to install")
	flag.StringVar(&o.rev, "rev", "HEAD", "git revision of retrylint to build and measure (git archive); empty: the working tree as it is")
	flag.StringVar(&o.base, "base", "", "git revision of retrylint to measure beside -rev, as the tool retrylint-base in the same interleaved rounds (a change's before and after)")
	flag.StringVar(&o.template, "template", "", "template build cache to use and complete (default: a new one in the work directory); filling it compiles every set with its tests, which takes long")
	flag.StringVar(&o.jsonOut, "json", "", "also write every run as JSON to this file")
	flag.DurationVar(&o.timeout, "timeout", 30*time.Minute, "kill a run after this long")
	flag.Parse()
	if err := run(&o); err != nil {
		log.Fatal(err)
	}
}

type options struct {
	corpus, work, sets, tools, vettoolSets, warmSets, mode, staticcheck, jsonOut, rev, base, template string
	keep                                                                                              bool
	count                                                                                             int
	timeout                                                                                           time.Duration
}

// env is what the setup produced: paths every run needs.
type env struct {
	repo, src, work, corpus, bin, template, timeBin string
	mode                                            string
	sets                                            map[string][]string
	// base: retrylint-base is built (from options.base) and measured.
	base bool
}

func run(o *options) error {
	if o.count < 1 {
		return fmt.Errorf("-count must be at least 1")
	}
	e, err := setup(o)
	if err != nil {
		return err
	}
	if !o.keep {
		defer os.RemoveAll(e.work)
	}
	var all []result
	for _, set := range split(o.sets) {
		pats, ok := e.sets[set]
		if !ok {
			return fmt.Errorf("set %s not in sets.txt", set)
		}
		tools := plan(e, split(o.tools), contains(split(o.vettoolSets), set))
		warm := contains(split(o.warmSets), set)
		log.Printf("set %s: %d patterns, tools %s, %d rounds, warm re-runs %v", set, len(pats), names(tools), o.count, warm)
		for round := 0; round < o.count; round++ {
			for i := range tools {
				t := tools[(i+round)%len(tools)] // rotate: no tool always runs first
				rs, err := measure(e, o, set, round, t, pats, warm)
				if err != nil {
					return err
				}
				all = append(all, rs...)
			}
		}
	}
	printReport(os.Stdout, e, o, all)
	if o.jsonOut != "" {
		b, _ := json.MarshalIndent(all, "", "  ")
		if err := os.WriteFile(o.jsonOut, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// setup copies the corpus, downloads modules, installs and builds the
// tools, fills the template build cache and decides the driving mode.
func setup(o *options) (*env, error) {
	e := &env{}
	var err error
	if e.repo, err = repoRoot(); err != nil {
		return nil, err
	}
	if o.corpus == "" {
		o.corpus = filepath.Join(filepath.Dir(e.repo), "shared", "corpus")
	}
	if _, err := os.Stat(filepath.Join(o.corpus, "sets.txt")); err != nil {
		return nil, fmt.Errorf("corpus %s: no sets.txt (set -corpus or $RETRYLINT_CORPUS): %v", o.corpus, err)
	}
	if e.timeBin, err = exec.LookPath("/usr/bin/time"); err != nil {
		return nil, fmt.Errorf("/usr/bin/time is missing (Debian: apt-get install -y time): %v", err)
	}
	e.work = o.work
	if e.work == "" {
		if e.work, err = os.MkdirTemp("", "retrylint-bench-"); err != nil {
			return nil, err
		}
	} else if err := os.MkdirAll(e.work, 0o755); err != nil {
		return nil, err
	}
	log.Printf("work directory %s", e.work)
	e.corpus = filepath.Join(e.work, "corpus")
	e.bin = filepath.Join(e.work, "bin")
	e.template = filepath.Join(e.work, "gocache-template")
	if o.template != "" {
		if e.template, err = filepath.Abs(o.template); err != nil {
			return nil, err
		}
	}
	os.RemoveAll(e.corpus)
	if err := sh(e.work, nil, "cp", "-r", o.corpus, e.corpus); err != nil {
		return nil, err
	}
	if e.sets, err = corpusset.Read(filepath.Join(e.corpus, "sets.txt")); err != nil {
		return nil, err
	}
	// Build retrylint from one commit, not from a working tree others
	// may be editing.
	e.src = e.repo
	if o.rev != "" {
		if e.src, err = extract(e, o.rev, "src"); err != nil {
			return nil, err
		}
	}
	if o.base != "" {
		src, err := extract(e, o.base, "src-base")
		if err != nil {
			return nil, err
		}
		if err := sh(src, nil, "go", "build", "-o", filepath.Join(e.bin, "retrylint-base"), "./cmd/retrylint"); err != nil {
			return nil, err
		}
		e.base = true
	}
	steps := []struct {
		dir  string
		env  []string
		args []string
	}{
		{e.corpus, nil, []string{"go", "mod", "download"}},
		{e.work, []string{"GOBIN=" + e.bin}, []string{"go", "install", "honnef.co/go/tools/cmd/staticcheck@" + o.staticcheck}},
		{e.src, nil, []string{"go", "build", "-o", filepath.Join(e.bin, "retrylint"), "./cmd/retrylint"}},
		{e.repo, nil, []string{"go", "build", "-o", filepath.Join(e.bin, "floor"), "./tools/floor"}},
	}
	for _, s := range steps {
		if err := sh(s.dir, s.env, s.args...); err != nil {
			return nil, err
		}
	}
	// The template cache: compiled packages (export data) of every set
	// and their tests, no analysis results.
	var pats []string
	for _, set := range split(o.sets) {
		pats = append(pats, e.sets[set]...)
	}
	log.Printf("filling the template build cache (go list -export -deps -test)")
	list := append([]string{"go", "list", "-e", "-export", "-deps", "-test", "-f", "{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}"}, pats...)
	if err := sh(e.corpus, []string{"GOCACHE=" + e.template}, list...); err != nil {
		return nil, err
	}
	if e.mode, err = detectMode(e, o.mode); err != nil {
		return nil, err
	}
	log.Printf("retrylint standalone mode: %s (the floor is driven the same way)", e.mode)
	return e, nil
}

// extract writes the tree of a git revision to a new directory of the
// work directory.
func extract(e *env, rev, name string) (string, error) {
	dir := filepath.Join(e.work, name)
	os.RemoveAll(dir)
	os.MkdirAll(dir, 0o755)
	return dir, sh(e.work, nil, "sh", "-c", fmt.Sprintf("git -C %q archive %q | tar -x -C %q", e.repo, rev, dir))
}

// detectMode finds out whether the retrylint binary, run standalone, runs
// go vet itself: it puts a logging go wrapper first on PATH and runs
// retrylint on one small package.
func detectMode(e *env, mode string) (string, error) {
	switch mode {
	case "standalone", "vettool":
		return mode, nil
	case "auto":
	default:
		return "", fmt.Errorf("-mode: want auto, standalone or vettool, not %q", mode)
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	wrap := filepath.Join(e.work, "gowrap")
	logf := filepath.Join(wrap, "log")
	os.MkdirAll(wrap, 0o755)
	script := fmt.Sprintf("#!/bin/sh\necho \"$*\" >> %q\nexec %q \"$@\"\n", logf, goBin)
	if err := os.WriteFile(filepath.Join(wrap, "go"), []byte(script), 0o755); err != nil {
		return "", err
	}
	// No flags: the command line must be one every driver accepts.
	cmd := exec.Command(filepath.Join(e.bin, "retrylint"), "github.com/cenkalti/backoff/v4")
	cmd.Dir = e.corpus
	cmd.Env = append(os.Environ(), "PATH="+wrap+string(os.PathListSeparator)+os.Getenv("PATH"), "GOCACHE="+filepath.Join(e.work, "gocache-detect"))
	out, _ := cmd.CombinedOutput() // findings make it exit non-zero
	defer os.RemoveAll(filepath.Join(e.work, "gocache-detect"))
	calls, _ := os.ReadFile(logf)
	for _, line := range strings.Split(string(calls), "\n") {
		if strings.HasPrefix(line, "vet ") {
			return "vettool", nil
		}
	}
	if len(calls) == 0 && bytes.Contains(out, []byte("vet")) {
		log.Printf("warning: could not tell how retrylint drives analysis; assuming standalone. output:\n%s", out)
	}
	return "standalone", nil
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run bench from inside the retrylint repository")
	}
	return filepath.Dir(mod), nil
}

// sh runs a setup command, echoing it, with its output on stderr.
func sh(dir string, extra []string, args ...string) error {
	log.Printf("(cd %s && %s%s)", dir, envPrefix(extra), strings.Join(args, " "))
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), extra...)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	return nil
}

func envPrefix(extra []string) string {
	if len(extra) == 0 {
		return ""
	}
	return strings.Join(extra, " ") + " "
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
