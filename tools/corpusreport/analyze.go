package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Report is everything the report files show.
type Report struct {
	Retrylint string
	Go        string
	Corpus    []string // the corpus's direct requirements
	Sets      []*SetReport
	Totals    map[string]map[string]int // analyzer -> category -> findings, all sets, duplicates across sets counted once
	Unique    int                       // findings over all sets, duplicates across sets counted once
	Sample    []*Finding
	SampleOf  string // how the sample was drawn
}

// SetReport is one package set's run.
type SetReport struct {
	Name        string
	Patterns    []string
	Packages    int // packages the patterns match, test variants apart (go list -test)
	Exit        int
	Errors      []string // what retrylint printed as errors, and analyzer errors in the tree
	Panics      int
	Determinism []string // the comparisons made and their outcome
	Counts      map[string]map[string]int
	Findings    []*Finding
}

// Finding is one diagnostic, its paths relative to the module cache
// (module@version/file.go) or to GOROOT (GOROOT/src/...).
type Finding struct {
	Module   string
	Package  string
	Analyzer string
	Category string
	Posn     string
	Message  string
	Related  []Related `json:",omitempty"`
}

// Related is one related position of a finding.
type Related struct {
	Posn    string
	Message string
}

// vetTree is go vet's JSON tree: package ID -> analyzer -> diagnostics,
// or {"error": "..."}.
type vetTree map[string]map[string]json.RawMessage

type vetDiag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
	Related  []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

type runOut struct {
	stdout, stderr []byte
	exit           int
}

func runRetrylint(corpus, bin, gocache string, flags []string, pats []string) (*runOut, error) {
	cmd := exec.Command(bin, append(append([]string{}, flags...), pats...)...)
	cmd.Dir = corpus
	cmd.Env = append(os.Environ(), "GOCACHE="+gocache)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := &runOut{stdout: out.Bytes(), stderr: errb.Bytes()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.exit = ee.ExitCode()
	} else if err != nil {
		return nil, err
	}
	return r, nil
}

// analyzeSet runs retrylint on one set: cold with JSON output (the
// findings), and with rerun, cold again from a second cache, then
// warm from each cache in every output format, comparing the outputs.
func analyzeSet(work, template, corpus, bin, name string, pats []string, env map[string]string, rerun bool) (*SetReport, error) {
	sr := &SetReport{Name: name, Patterns: pats, Counts: map[string]map[string]int{}}
	cache := func(s string) string { return filepath.Join(work, "gocache-"+name+"-"+s) }
	for _, c := range []string{"A", "B"} {
		os.RemoveAll(cache(c))
		defer os.RemoveAll(cache(c))
		// Hard links: the go command never rewrites a cache file in place.
		if exec.Command("cp", "-al", template, cache(c)).Run() != nil {
			if err := sh(work, nil, "cp", "-a", template, cache(c)); err != nil {
				return nil, err
			}
		}
	}
	log.Printf("%s: retrylint -format=json (cold)", name)
	a, err := runRetrylint(corpus, bin, cache("A"), []string{"-format=json"}, pats)
	if err != nil {
		return nil, err
	}
	sr.Exit = a.exit
	sr.scanStderr(a.stderr)
	var tree vetTree
	if err := json.Unmarshal(a.stdout, &tree); err != nil {
		return nil, fmt.Errorf("%s: retrylint -format=json printed no JSON tree (exit %d): %v\n%s", name, a.exit, err, firstLines(a.stderr, 20))
	}
	sr.Packages = countPackages(corpus, pats)
	sr.collect(tree, env)
	if !rerun {
		return sr, nil
	}
	log.Printf("%s: retrylint -format=json (cold, second cache)", name)
	b, err := runRetrylint(corpus, bin, cache("B"), []string{"-format=json"}, pats)
	if err != nil {
		return nil, err
	}
	sr.compare("json, cold run 1 vs cold run 2", a, b)
	for _, f := range []string{"json", "text", "sarif"} {
		log.Printf("%s: retrylint -format=%s (warm, both caches)", name, f)
		x, err := runRetrylint(corpus, bin, cache("A"), []string{"-format=" + f}, pats)
		if err != nil {
			return nil, err
		}
		y, err := runRetrylint(corpus, bin, cache("B"), []string{"-format=" + f}, pats)
		if err != nil {
			return nil, err
		}
		sr.compare(f+", warm from cache 1 vs warm from cache 2", x, y)
		if f == "json" {
			sr.compare("json, cold vs warm (cache replay)", a, x)
		}
	}
	return sr, nil
}

// countPackages counts what the patterns match, test variants included,
// as go vet analyzes them.
func countPackages(corpus string, pats []string) int {
	cmd := exec.Command("go", append([]string{"list", "-e", "-test"}, pats...)...)
	cmd.Dir = corpus
	out, _ := cmd.Output()
	n := 0
	for _, l := range strings.Split(string(out), "\n") {
		if l != "" && !strings.HasSuffix(l, ".test") { // skip the generated test mains
			n++
		}
	}
	return n
}

func (sr *SetReport) compare(what string, x, y *runOut) {
	switch {
	case x.exit != y.exit:
		sr.Determinism = append(sr.Determinism, fmt.Sprintf("%s: DIFFERENT exit codes %d and %d", what, x.exit, y.exit))
	case !bytes.Equal(x.stdout, y.stdout):
		sr.Determinism = append(sr.Determinism, fmt.Sprintf("%s: DIFFERENT output (%d and %d bytes; first difference at line %d)", what, len(x.stdout), len(y.stdout), firstDiff(x.stdout, y.stdout)))
	default:
		sr.Determinism = append(sr.Determinism, fmt.Sprintf("%s: identical (%d bytes, exit %d)", what, len(x.stdout), x.exit))
	}
}

func firstDiff(a, b []byte) int {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// scanStderr records the error lines the driver printed (one per failing
// package) and counts stack traces.
func (sr *SetReport) scanStderr(stderr []byte) {
	for _, line := range strings.Split(string(stderr), "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "go: downloading") {
			continue
		}
		if strings.Contains(line, "panic:") || strings.HasPrefix(line, "goroutine ") {
			sr.Panics++
		}
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "goroutine ") {
			continue // stack frames: the panic line says enough
		}
		sr.Errors = append(sr.Errors, line)
	}
}

func (sr *SetReport) collect(tree vetTree, env map[string]string) {
	seen := map[string]bool{}
	ids := make([]string, 0, len(tree))
	for id := range tree {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		pkg, _, _ := strings.Cut(id, " ")
		names := make([]string, 0, len(tree[id]))
		for a := range tree[id] {
			names = append(names, a)
		}
		sort.Strings(names)
		for _, an := range names {
			raw := bytes.TrimSpace(tree[id][an])
			if len(raw) > 0 && raw[0] == '{' {
				var e struct{ Error string }
				json.Unmarshal(raw, &e)
				sr.Errors = append(sr.Errors, fmt.Sprintf("%s: %s: %s", id, an, e.Error))
				continue
			}
			var ds []vetDiag
			if err := json.Unmarshal(raw, &ds); err != nil {
				sr.Errors = append(sr.Errors, fmt.Sprintf("%s: %s: unreadable diagnostics: %v", id, an, err))
				continue
			}
			for _, d := range ds {
				f := &Finding{Package: pkg, Analyzer: an, Category: d.Category, Message: d.Message}
				f.Module, f.Posn = relPosn(d.Posn, env)
				for _, r := range d.Related {
					_, p := relPosn(r.Posn, env)
					f.Related = append(f.Related, Related{p, r.Message})
				}
				k := f.key()
				if seen[k] { // the same file in p and p [p.test]
					continue
				}
				seen[k] = true
				sr.Findings = append(sr.Findings, f)
				if sr.Counts[an] == nil {
					sr.Counts[an] = map[string]int{}
				}
				sr.Counts[an][f.Category]++
			}
		}
	}
	sortFindings(sr.Findings)
}

func (f *Finding) key() string { return f.Posn + "\x00" + f.Analyzer + "\x00" + f.Message }

func sortFindings(fs []*Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Posn != b.Posn {
			fa, la := splitPosn(a.Posn)
			fb, lb := splitPosn(b.Posn)
			if fa != fb {
				return fa < fb
			}
			if la != lb {
				return la < lb
			}
			return a.Posn < b.Posn
		}
		if a.Analyzer != b.Analyzer {
			return a.Analyzer < b.Analyzer
		}
		return a.Message < b.Message
	})
}

// splitPosn splits file.go:line:col into the file and the line.
func splitPosn(p string) (string, int) {
	parts := strings.Split(p, ":")
	if len(parts) < 3 {
		return p, 0
	}
	var line int
	fmt.Sscanf(parts[len(parts)-2], "%d", &line)
	return strings.Join(parts[:len(parts)-2], ":"), line
}

// relPosn makes a position relative to the module cache or GOROOT and
// names its module ("std" for GOROOT).
func relPosn(p string, env map[string]string) (module, rel string) {
	if mc := env["GOMODCACHE"]; mc != "" && strings.HasPrefix(p, mc+"/") {
		rel = strings.TrimPrefix(p, mc+"/")
		// module@version is the path up to the first element holding "@".
		parts := strings.Split(rel, "/")
		for i, e := range parts {
			if strings.Contains(e, "@") {
				return strings.Join(parts[:i+1], "/"), rel
			}
		}
		return "", rel
	}
	if gr := env["GOROOT"]; gr != "" && strings.HasPrefix(p, gr+"/") {
		return "std", "GOROOT/" + strings.TrimPrefix(p, gr+"/")
	}
	return "", p
}

// absPosn undoes relPosn, to read excerpts.
func absPosn(rel string, env map[string]string) string {
	if strings.HasPrefix(rel, "GOROOT/") {
		return filepath.Join(env["GOROOT"], strings.TrimPrefix(rel, "GOROOT/"))
	}
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(env["GOMODCACHE"], rel)
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
