// Command sweep runs retrylint over many real modules, each with its
// dependencies as go vet analyzes them, and reports per module the
// packages analyzed, findings, panics, analysis errors and whether it
// builds at all: the robustness check run before a release (issue 12).
//
//	go run ./tools/sweep [-set NAME] [-retrylint BIN] [-modules FILE] [-only REGEXP] [-j N] [-keep] [-work DIR] [-out FILE] [-merge|-resume]
//
// scripts/sweep.sh runs it. Each line of the data file names a module at
// a pinned version, its kind, and the packages to analyze. -set picks a
// named set, a data file and the report it writes (see sets): "sweep",
// the default, is tools/sweep/modules.txt, the robustness sweep over
// libraries and applications, written to reports/sweep.md; "apps" is
// tools/sweep/apps.txt, the application corpus of issue 26 (services
// nobody working on retrylint tuned it for, whose findings are judged in
// EVIDENCE.md), written to reports/apps.md. -modules and -out override
// the set's files. For each, the sweep makes a
// temporary module that requires it (go get -t PATTERNS@VERSION, so
// go.sum holds what the tests need too) and runs
//
//	retrylint -format=json PATTERNS
//
// there, which drives `go vet -vettool` over the patterns and, for
// facts, over their whole import closure. A module that cannot be
// fetched or built is "skipped", with the reason: that is not
// retrylint's failure. A panic is re-run under plain `go vet` to read its
// stack, since the driver condenses it to one line.
//
// It writes, next to -out (default reports/sweep.md): the markdown
// table, sweep.json, sweep-findings.txt (one line per finding) and
// sweep-panics.md (each distinct crash with its stack). The report is
// rewritten after each module, so a run stopped early (interrupt it)
// keeps what it did, and -resume continues it.
// The work directory is kept between runs; downloads and compiled
// packages go to the usual module and build caches, and are reused.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"
)

type options struct {
	set, bin, modules, only, work, out string
	jobs                               int
	keep, merge, resume                bool
	timeout                            time.Duration
}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("sweep: ")
	var o options
	flag.StringVar(&o.set, "set", "sweep", "named set of modules: "+setNames()+" (its data file and report, unless -modules or -out is given)")
	flag.StringVar(&o.bin, "retrylint", "", "the retrylint binary to test (default: build ./cmd/retrylint of this repository)")
	flag.StringVar(&o.modules, "modules", "", "data file: one \"kind module@version [pattern ...]\" line per module (default: the set's)")
	flag.StringVar(&o.only, "only", "", "run only the modules whose \"kind module@version\" matches this regular expression")
	flag.IntVar(&o.jobs, "j", 1, "modules analyzed at once (each go vet already uses every core)")
	flag.BoolVar(&o.keep, "keep", false, "keep each module's temporary module in the work directory")
	flag.StringVar(&o.work, "work", filepath.Join(os.TempDir(), "retrylint-sweep"), "work directory, reused across runs")
	flag.StringVar(&o.out, "out", "", "markdown report (default: the set's, like reports/sweep.md); NAME.json, NAME-findings.txt and NAME-panics.md go next to it")
	flag.BoolVar(&o.merge, "merge", false, "keep the results in the existing JSON report of the modules not run now (with -only)")
	flag.BoolVar(&o.resume, "resume", false, "continue a run stopped early: like -merge, and skip the modules that have a result already")
	flag.DurationVar(&o.timeout, "timeout", 30*time.Minute, "time limit per module")
	flag.Parse()
	if flag.NArg() > 0 || o.jobs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := o.applySet(); err != nil {
		log.Fatal(err)
	}
	if err := run(&o); err != nil {
		log.Fatal(err)
	}
}

func run(o *options) error {
	mods, err := ReadModules(o.modules)
	if err != nil {
		return err
	}
	only, err := regexp.Compile(o.only)
	if err != nil {
		return fmt.Errorf("-only: %v", err)
	}
	if err := os.MkdirAll(o.work, 0o755); err != nil {
		return err
	}
	rep := &Report{Title: sets[o.set].title, Go: runtime.Version(), Modules: o.modules}
	if o.bin == "" {
		if o.bin, rep.Retrylint, err = build(o.work); err != nil {
			return err
		}
	} else {
		if o.bin, err = filepath.Abs(o.bin); err != nil {
			return err
		}
		rep.Retrylint = "binary " + o.bin
	}
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return fmt.Errorf("go env GOMODCACHE: %v", err)
	}
	r := &runner{bin: o.bin, work: o.work, modcache: strings.TrimSpace(string(out)), keep: o.keep, timeout: o.timeout, logf: log.Printf}

	prev := map[string]*Result{}
	if o.merge || o.resume {
		prev = previous(o.out)
	}
	rep.Results = make([]*Result, len(mods))
	var todo []int
	for i, m := range mods {
		p := prev[m.Path]
		if p != nil && p.Version != m.Version {
			p = nil
		}
		if only.MatchString(m.Kind+" "+m.Path+"@"+m.Version) && !(o.resume && p != nil) {
			todo = append(todo, i)
		} else {
			rep.Results[i] = p
		}
	}
	log.Printf("%d modules to analyze with retrylint %s; work directory %s", len(todo), rep.Retrylint, o.work)

	// An interrupt kills the module's process group (go vet's tool runs
	// too) and leaves the report of the modules done.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var mu sync.Mutex
	next := make(chan int)
	var wg sync.WaitGroup
	for range o.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					continue
				}
				m := mods[i]
				log.Printf("%s@%s (%s): start", m.Path, m.Version, m.Kind)
				res := r.run(ctx, m)
				if ctx.Err() != nil {
					continue // interrupted: no result
				}
				res.Retrylint = rep.Retrylint
				log.Printf("%s: %s %s (%d/%d packages, %d findings, %d panics, %d errors, %.0f s)",
					m.Path, res.Status, shorten(res.Reason, 200), res.Analyzed, res.Targets, len(res.Findings), len(res.Panics), len(res.Errors), res.WallSeconds)
				mu.Lock()
				rep.Results[i] = res
				if err := write(o.out, rep, mods); err != nil {
					log.Print(err)
				}
				mu.Unlock()
			}
		}()
	}
	for _, i := range todo {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := write(o.out, rep, mods); err != nil {
		return err
	}
	log.Printf("total: %s", done(rep, mods).Totals())
	return nil
}

// build compiles this repository's retrylint, with -trimpath so that
// stack frames name import paths, and describes the commit.
func build(work string) (bin, describe string, err error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	path, dir, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if err != nil || path != repoPath {
		return "", "", fmt.Errorf("run from the retrylint repository, or give -retrylint (go list -m: %q, %v)", path, err)
	}
	bin = filepath.Join(work, "bin", "retrylint")
	c := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/retrylint")
	c.Dir, c.Stdout, c.Stderr = dir, os.Stderr, os.Stderr
	if err := c.Run(); err != nil {
		return "", "", fmt.Errorf("building retrylint: %v", err)
	}
	describe = "(unknown commit)"
	if d, err := exec.Command("git", "-C", dir, "describe", "--always", "--dirty").Output(); err == nil {
		describe = strings.TrimSpace(string(d))
	}
	return bin, describe, nil
}

// reportFiles are the files written next to the markdown report.
func reportFiles(out string) (md, js, findings, panics string) {
	stem := strings.TrimSuffix(out, filepath.Ext(out))
	return out, stem + ".json", stem + "-findings.txt", stem + "-panics.md"
}

// done is the report of the modules done so far; the others are listed
// as not run.
func done(full *Report, mods []*Module) *Report {
	rep := *full
	rep.Results, rep.NotRun = nil, nil
	for i, r := range full.Results {
		if r != nil {
			rep.Results = append(rep.Results, r)
		} else {
			rep.NotRun = append(rep.NotRun, mods[i].Path+"@"+mods[i].Version)
		}
	}
	return &rep
}

// write writes the four report files (the modules not run yet left out).
func write(out string, full *Report, mods []*Module) error {
	rep := done(full, mods)
	md, js, findings, panics := reportFiles(out)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	for _, f := range []struct {
		name  string
		write func(*os.File) error
	}{
		{md, func(w *os.File) error { rep.WriteMarkdown(w); return nil }},
		{js, func(w *os.File) error { return rep.WriteJSON(w) }},
		{findings, func(w *os.File) error { rep.WriteFindings(w); return nil }},
		{panics, func(w *os.File) error { rep.WritePanics(w); return nil }},
	} {
		w, err := os.Create(f.name)
		if err != nil {
			return err
		}
		err = f.write(w)
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fmt.Errorf("writing %s: %v", f.name, err)
		}
	}
	return nil
}

// previous reads the results of an earlier run, by module path.
func previous(out string) map[string]*Result {
	_, js, _, _ := reportFiles(out)
	m := map[string]*Result{}
	b, err := os.ReadFile(js)
	if err != nil {
		return m
	}
	var rep Report
	if err := json.Unmarshal(b, &rep); err != nil {
		log.Printf("-merge: %s: %v (starting afresh)", js, err)
		return m
	}
	for _, r := range rep.Results {
		m[r.Module] = r
	}
	return m
}
