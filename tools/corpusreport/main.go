// Command corpusreport runs retrylint over the package sets of the
// benchmark corpus and writes what it found, for the precision review:
//
//	reports/corpus-findings.txt   counts per analyzer and category, robustness, every finding
//	reports/corpus-findings.json  the same as data
//	reports/corpus-sample.md      a random sample (fixed seed) with code excerpts and a verdict column
//
// scripts/corpus-report.sh runs it. The files hold no timestamps or
// durations and only module-relative paths, so two runs on the same
// commit and corpus write identical files.
//
// Besides the findings it checks robustness: every set is analyzed twice
// from an empty build cache (JSON), and once more from each cache (text,
// SARIF, JSON again), and the outputs of the two caches must be
// byte-identical; any panic, analysis error or package error is recorded.
package main

import (
	"flag"
	"fmt"
	"github.com/retrylint/retrylint/tools/internal/corpusset"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

type options struct {
	corpus, work, sets, out, rev, bin, template string
	sample, minPer                              int
	seed                                        uint64
	keep, noRerun                               bool
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("corpusreport: ")
	var o options
	flag.StringVar(&o.corpus, "corpus", os.Getenv("RETRYLINT_CORPUS"), "corpus module to copy (default $RETRYLINT_CORPUS, else ../shared/corpus next to the repository)")
	flag.StringVar(&o.work, "work", "", "work directory (default: a new temporary directory)")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directory")
	flag.StringVar(&o.sets, "sets", "STD,SMALL,LARGE", "package sets from sets.txt")
	flag.StringVar(&o.out, "out", "", "directory for the report files (default: reports/ in the repository)")
	flag.StringVar(&o.rev, "rev", "HEAD", "git revision of retrylint to build (git archive); empty: the working tree")
	flag.StringVar(&o.bin, "bin", "", "use this retrylint binary instead of building one")
	flag.StringVar(&o.template, "template", "", "template build cache to use and complete (default: a new one in the work directory); filling it compiles every set with its tests, which takes long")
	flag.IntVar(&o.sample, "sample", 60, "findings in the review sample (all of them when there are fewer)")
	flag.IntVar(&o.minPer, "min-per-analyzer", 5, "the sample takes at least this many findings of every analyzer that has them")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the sample")
	flag.BoolVar(&o.noRerun, "no-rerun", false, "skip the determinism re-runs (one cold run per set)")
	flag.Parse()
	if err := run(&o); err != nil {
		log.Fatal(err)
	}
}

func run(o *options) error {
	repo, err := repoRoot()
	if err != nil {
		return err
	}
	if o.corpus == "" {
		o.corpus = filepath.Join(filepath.Dir(repo), "shared", "corpus")
	}
	if o.out == "" {
		o.out = filepath.Join(repo, "reports")
	}
	if _, err := os.Stat(filepath.Join(o.corpus, "sets.txt")); err != nil {
		return fmt.Errorf("corpus %s: no sets.txt (set -corpus or $RETRYLINT_CORPUS): %v", o.corpus, err)
	}
	work := o.work
	if work == "" {
		if work, err = os.MkdirTemp("", "retrylint-corpus-"); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if !o.keep {
		defer os.RemoveAll(work)
	}
	log.Printf("work directory %s", work)
	corpus := filepath.Join(work, "corpus")
	os.RemoveAll(corpus)
	if err := sh(work, nil, "cp", "-r", o.corpus, corpus); err != nil {
		return err
	}
	if err := sh(corpus, nil, "go", "mod", "download"); err != nil {
		return err
	}
	bin := o.bin
	commit := "binary " + o.bin
	if bin == "" {
		src := repo
		if o.rev != "" {
			src = filepath.Join(work, "src")
			os.RemoveAll(src)
			os.MkdirAll(src, 0o755)
			if err := sh(work, nil, "sh", "-c", fmt.Sprintf("git -C %q archive %q | tar -x -C %q", repo, o.rev, src)); err != nil {
				return err
			}
		}
		bin = filepath.Join(work, "bin", "retrylint")
		if err := sh(src, nil, "go", "build", "-o", bin, "./cmd/retrylint"); err != nil {
			return err
		}
		commit = describe(repo, o.rev)
	} else if bin, err = filepath.Abs(bin); err != nil {
		return err
	}
	sets, err := corpusset.Read(filepath.Join(corpus, "sets.txt"))
	if err != nil {
		return err
	}
	// Cold runs start from copies of one build cache holding the compiled
	// packages of every set (go vet needs the dependencies' export data):
	// no analysis results, and no full compile per run.
	var pats []string
	for _, name := range split(o.sets) {
		if _, ok := sets[name]; !ok {
			return fmt.Errorf("set %s not in sets.txt", name)
		}
		pats = append(pats, sets[name]...)
	}
	template := filepath.Join(work, "gocache-template")
	if o.template != "" {
		if template, err = filepath.Abs(o.template); err != nil {
			return err
		}
	}
	log.Printf("filling the template build cache (go list -export -deps -test)")
	list := append([]string{"go", "list", "-e", "-export", "-deps", "-test", "-f", "{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}"}, pats...)
	if err := sh(corpus, []string{"GOCACHE=" + template}, list...); err != nil {
		return err
	}
	env := goEnv()
	rep := &Report{Retrylint: commit, Go: env["GOVERSION"], Corpus: modulesOf(corpus)}
	for _, name := range split(o.sets) {
		sr, err := analyzeSet(work, template, corpus, bin, name, sets[name], env, !o.noRerun)
		if err != nil {
			return err
		}
		rep.Sets = append(rep.Sets, sr)
	}
	rep.finish(o)
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	for name, write := range map[string]func(*strings.Builder){
		"corpus-findings.txt":  rep.writeText,
		"corpus-findings.json": rep.writeJSON,
		"corpus-sample.md":     func(b *strings.Builder) { rep.writeSample(b, env) },
	} {
		var b strings.Builder
		write(&b)
		if err := os.WriteFile(filepath.Join(o.out, name), []byte(b.String()), 0o644); err != nil {
			return err
		}
		log.Printf("wrote %s", filepath.Join(o.out, name))
	}
	var summary strings.Builder
	rep.writeSummary(&summary)
	fmt.Print(summary.String())
	return nil
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("run corpusreport from inside the retrylint repository")
	}
	return filepath.Dir(mod), nil
}

func describe(repo, rev string) string {
	r := rev
	if r == "" {
		r = "HEAD"
	}
	out, err := exec.Command("git", "-C", repo, "log", "-1", "--format=commit %h %s", r).Output()
	if err != nil {
		return "unknown"
	}
	s := strings.TrimSpace(string(out))
	if rev == "" {
		s = "working tree at " + s
	}
	return s
}

func goEnv() map[string]string {
	m := map[string]string{}
	out, _ := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOMODCACHE").Output()
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		m[[]string{"GOVERSION", "GOROOT", "GOMODCACHE"}[min(i, 2)]] = strings.TrimSpace(v)
	}
	return m
}

// modulesOf lists the corpus's direct requirements, for the report header.
func modulesOf(corpus string) []string {
	cmd := exec.Command("go", "list", "-m", "-f", "{{if not .Indirect}}{{.Path}} {{.Version}}{{end}}", "all")
	cmd.Dir = corpus
	out, _ := cmd.Output()
	var mods []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" && strings.Contains(l, " ") {
			mods = append(mods, l)
		}
	}
	return mods
}

func sh(dir string, extra []string, args ...string) error {
	log.Printf("(cd %s && %s)", dir, strings.Join(append(append([]string{}, extra...), args...), " "))
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), extra...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	return nil
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
