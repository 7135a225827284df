package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/output"
)

// Result is one module's run.
type Result struct {
	Kind     string
	Module   string
	Version  string
	Patterns []string
	Note     string `json:",omitempty"`
	// Retrylint is the commit or binary the module was analyzed with
	// (results of earlier runs are kept by -merge).
	Retrylint string

	// Status is ok, partial (some packages do not build), panic, error
	// (an analysis failed) or skipped (the module cannot be fetched or
	// built here: not retrylint's failure); Reason says why when not ok.
	Status string
	Reason string `json:",omitempty"`
	// Refused is the first module version the proxy refused while the
	// targets' dependencies were listed (go list -e goes on past it): the
	// cause of the packages that then do not build for a missing go.sum
	// entry.
	Refused string `json:",omitempty"`

	Targets  int // packages the patterns match, test variants apart
	Analyzed int // targets analyzed: neither they nor a dependency failed to build or crashed
	Blanked  int // targets not analyzed because of a crash, in them or in a dependency
	Closure  int // targets, dependencies and test dependencies, std included: what go vet analyzes for facts

	Findings   []Finding      `json:",omitempty"`
	ByAnalyzer map[string]int `json:",omitempty"`
	Panics     []PanicReport  `json:",omitempty"`
	Errors     []string       `json:",omitempty"` // analysis errors
	LoadErrors []string       `json:",omitempty"` // packages that do not build
	Blocked    []string       `json:",omitempty"` // packages not analyzed for a dependency's failure

	Exit         int
	SetupSeconds float64 // go get
	WallSeconds  float64 // retrylint
	CPUSeconds   float64 // retrylint and every process under it
}

// Finding is one diagnostic, its position relative to the module cache.
type Finding struct {
	Analyzer string
	Category string `json:",omitempty"`
	Posn     string
	Message  string
}

// PanicReport is one crashing package and the stack go vet printed.
type PanicReport struct {
	Package   string
	Line      string // the driver's line
	Signature string `json:",omitempty"`
	Stack     *Stack `json:",omitempty"`
}

// runner holds what every module's run shares.
type runner struct {
	bin      string // retrylint
	work     string // work directory
	modcache string
	keep     bool
	timeout  time.Duration
	logf     func(format string, args ...any)
}

// run analyzes one module in a temporary module that requires it.
func (r *runner) run(ctx context.Context, m *Module) *Result {
	res := &Result{Kind: m.Kind, Module: m.Path, Version: m.Version, Patterns: m.Patterns, Note: m.Note}
	dir := filepath.Join(r.work, "mods", m.Name())
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res.skip(err.Error())
	}
	if !r.keep {
		defer os.RemoveAll(dir)
	}
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()

	start := time.Now()
	reason, refused := r.setup(ctx, dir, m)
	if reason != "" {
		return res.skip(reason)
	}
	res.Refused = refused
	res.SetupSeconds = time.Since(start).Seconds()
	pkgs, err := listPackages(ctx, dir, m.Targets())
	if err != nil {
		return res.skip(err.Error())
	}
	res.Targets, res.Closure = pkgs.count()
	if res.Targets == 0 {
		return res.skip("the patterns match no package")
	}

	r.logf("%s@%s: retrylint on %d packages (%d with dependencies)", m.Path, m.Version, res.Targets, res.Closure)
	out, err := command(ctx, dir, r.bin, append([]string{"-format=json"}, m.Targets()...)...)
	if err != nil {
		res.Status, res.Reason = "error", err.Error()
		return res
	}
	res.Exit, res.WallSeconds, res.CPUSeconds = out.exit, out.wall, out.cpu
	os.MkdirAll(filepath.Join(r.work, "logs"), 0o755)
	os.WriteFile(filepath.Join(r.work, "logs", m.Name()+".stderr"), out.stderr, 0o644)
	if ctx.Err() != nil {
		res.Status, res.Reason = "error", fmt.Sprintf("timed out after %v", r.timeout)
		return res
	}
	tree, err := output.ReadTrees(bytes.NewReader(out.stdout))
	if err != nil {
		res.Errors = append(res.Errors, err.Error())
		tree = output.Tree{}
	}
	res.collect(tree, out.stderr, r.modcache)
	for i := range min(len(res.Panics), 5) {
		r.stack(ctx, dir, &res.Panics[i])
	}
	res.decide(pkgs)
	return res
}

func (res *Result) skip(reason string) *Result {
	res.Status, res.Reason = "skipped", reason
	return res
}

// setup makes dir a module that requires m at its version, with go.sum
// entries for the targets, their tests and their dependencies, as
// go vet needs them. It returns why not, or "".
//
// `go get -t PATTERN@VERSION` would do it in one step, but for a pattern
// it also asks the proxy for VERSION of every module whose path is a
// prefix of the pattern, and a proxy that answers 403 instead of 404
// for an unknown version fails it. So: the module itself, then go list
// -mod=mod over the targets with their tests, which adds what they
// import. The second result is the first module version the proxy
// refused to that go list, which -e lets go on past.
func (r *runner) setup(ctx context.Context, dir string, m *Module) (reason, refused string) {
	for _, args := range [][]string{
		{"mod", "init", "sweep.local/" + m.Name()},
		{"get", m.Path + "@" + m.Version},
		append([]string{"list", "-mod=mod", "-e", "-deps", "-test"}, m.Targets()...),
	} {
		out, err := command(ctx, dir, "go", args...)
		if err != nil || out.exit != 0 {
			return "go " + args[0] + " failed: " + lastLine(out, err), ""
		}
		if refused == "" {
			refused = proxyRefusal(out.stderr)
		}
	}
	return "", refused
}

// whyUnbuilt says why packages do not build: the proxy's refusal when
// there was one (their load errors then only say "missing go.sum
// entry"), else the first load error.
func (res *Result) whyUnbuilt() string {
	if res.Refused != "" {
		return "the proxy refuses " + res.Refused
	}
	return res.LoadErrors[0]
}

// proxyRefusal returns the module version of the first download the
// proxy refused, from a go command's stderr:
//
//	go: knative.dev/pkg@v0.0.0-2026...: reading https://proxy.golang.org/knative.dev/pkg/@v/v0.0.0-2026....zip: 403 Forbidden
//
// as "knative.dev/pkg@v0.0.0-2026... (403 Forbidden)", or "".
func proxyRefusal(stderr []byte) string {
	for line := range strings.Lines(string(stderr)) {
		line = strings.TrimSpace(line)
		i := strings.Index(line, ": reading https://")
		j := strings.LastIndex(line, ": ")
		if i < 0 || j <= i || !strings.HasPrefix(line[j+2:], "4") {
			continue
		}
		mod := line[:i]
		if k := strings.LastIndex(mod, ": "); k >= 0 {
			mod = mod[k+2:]
		}
		return mod + " (" + line[j+2:] + ")"
	}
	return ""
}

// lastLine is the error of a failed go command: its last "go: " line,
// else its last line. A "go: " line that ends in "imports" heads an
// import stack, whose first line not ending so says what failed:
//
//	go: example.com/m imports
//		example.com/m/p imports
//		example.com/dep/q: example.com/dep@v1.0.0: reading ...: 403 Forbidden
func lastLine(out *cmdOut, err error) string {
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimSpace(string(out.stderr)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if !strings.HasPrefix(lines[i], "go: ") || strings.HasPrefix(lines[i], "go: downloading") {
			continue
		}
		line := strings.TrimSpace(lines[i])
		if !strings.HasSuffix(line, " imports") {
			return line
		}
		for _, l := range lines[i+1:] {
			if l = strings.TrimSpace(l); !strings.HasSuffix(l, " imports") {
				return line + " ... " + l
			}
		}
		return line
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// collect reads the findings and sorts the stderr lines into panics,
// analysis errors, load errors and blocked packages.
func (res *Result) collect(tree output.Tree, stderr []byte, modcache string) {
	res.ByAnalyzer = map[string]int{}
	for _, f := range output.Findings(tree) {
		posn := f.Posn
		if rel, ok := strings.CutPrefix(posn, modcache+string(filepath.Separator)); ok {
			posn = unescapePath(filepath.ToSlash(rel))
		}
		res.Findings = append(res.Findings, Finding{Analyzer: f.Analyzer, Category: f.Category, Posn: posn, Message: f.Message})
		res.ByAnalyzer[f.Analyzer]++
	}
	lines := strings.Split(string(stderr), "\n")
	lines = append(lines, output.Errors(tree)...)
	seen := map[string]bool{}
	for _, line := range lines {
		line = strings.TrimSpace(strings.TrimPrefix(line, "retrylint: "))
		if seen[line] {
			continue
		}
		seen[line] = true
		pkg, _ := SplitPkg(line)
		switch Classify(line) {
		case Panic:
			res.Panics = append(res.Panics, PanicReport{Package: pkg, Line: line})
		case Blocked:
			res.Blocked = append(res.Blocked, line)
		case Load:
			res.LoadErrors = append(res.LoadErrors, line)
		case Analysis:
			res.Errors = append(res.Errors, line)
		}
	}
}

// unescapePath undoes the module cache's case encoding, in which "!d"
// stands for "D" (github.com/!data!dog -> github.com/DataDog).
func unescapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == '!' && i+1 < len(p) && 'a' <= p[i+1] && p[i+1] <= 'z' {
			b.WriteByte(p[i+1] - 'a' + 'A')
			i++
			continue
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// stack re-runs go vet on a crashing package to read the stack trace the
// driver condenses into one line.
func (r *runner) stack(ctx context.Context, dir string, p *PanicReport) {
	if p.Package == "" {
		p.Signature = numRE.ReplaceAllString(p.Line, "N")
		return
	}
	// -mod=mod: a crashing dependency's tests may import what the
	// module's go.sum does not cover yet; go vet analyzes them too.
	out, err := command(ctx, dir, "go", "vet", "-mod=mod", "-vettool="+r.bin, p.Package)
	if err == nil {
		if st, ok := ParseStack(string(out.stderr)); ok {
			p.Stack = &st
			p.Signature = st.Signature()
			return
		}
	}
	// A recovered panic: the driver's line is all there is.
	_, msg := SplitPkg(p.Line)
	p.Signature = numRE.ReplaceAllString(msg, "N")
}

// decide counts the targets analyzed and sets the status.
func (res *Result) decide(pkgs packages) {
	failed := map[string]bool{}
	crashed := map[string]bool{}
	for _, l := range res.LoadErrors {
		p, _ := SplitPkg(l)
		failed[p] = true
	}
	for _, p := range res.Panics {
		failed[p.Package], crashed[p.Package] = true, true
	}
	for _, l := range res.Blocked {
		p, _ := SplitPkg(l)
		failed[p], crashed[p] = true, true
	}
	// A load error that names no package, when retrylint did not get to
	// analyze (it exited neither 0 nor 3), stopped the go command before
	// any package: pkg-config not finding a cgo library, a go.mod the go
	// command rejects. Nothing was analyzed.
	whole := failed[""] && res.Exit != 0 && res.Exit != 3
	delete(failed, "")
	delete(crashed, "")
	for _, t := range pkgs.targets() {
		switch {
		case pkgs.hits(t, crashed):
			res.Blanked++
		case !whole && !pkgs.hits(t, failed):
			res.Analyzed++
		}
	}
	switch {
	case len(res.Panics) > 0:
		res.Status, res.Reason = "panic", res.Panics[0].Line
	case len(res.Errors) > 0:
		res.Status, res.Reason = "error", res.Errors[0]
	case res.Analyzed == 0 && len(res.LoadErrors) > 0:
		res.Status, res.Reason = "skipped", "does not build: "+res.whyUnbuilt()
	case len(res.LoadErrors) > 0:
		res.Status, res.Reason = "partial", fmt.Sprintf("%d of %d packages do not build: %s", res.Targets-res.Analyzed, res.Targets, res.whyUnbuilt())
	case res.Exit != 0 && res.Exit != 3:
		res.Status, res.Reason = "error", fmt.Sprintf("retrylint exited with status %d and said nothing", res.Exit)
	default:
		res.Status = "ok"
	}
}

// packages is what `go list -deps -test` says of the targets.
type packages map[string]*listed

type listed struct {
	ImportPath string
	DepOnly    bool
	ForTest    string
	Deps       []string
}

// base is a package's path without its test variant: "p [p.test]" -> "p".
func base(id string) string {
	p, _, _ := strings.Cut(id, " ")
	return p
}

func listPackages(ctx context.Context, dir string, targets []string) (packages, error) {
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,DepOnly,ForTest,Deps"}, targets...)
	out, err := command(ctx, dir, "go", args...)
	if err == nil && out.exit != 0 {
		err = errors.New(lastLine(out, nil))
	}
	if err != nil {
		return nil, fmt.Errorf("go list failed: %v", err)
	}
	pkgs := packages{}
	dec := json.NewDecoder(bytes.NewReader(out.stdout))
	for {
		var l listed
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list: %v", err)
		}
		if !strings.HasSuffix(l.ImportPath, ".test") {
			pkgs[l.ImportPath] = &l
		}
	}
	return pkgs, nil
}

// count returns the targets (plain packages the patterns match) and the
// closure (every plain package, external test packages apart).
func (p packages) count() (targets, closure int) {
	all := map[string]bool{}
	for id := range p {
		if b := base(id); !strings.HasSuffix(b, "_test") {
			all[b] = true
		}
	}
	return len(p.targets()), len(all)
}

func (p packages) targets() []string {
	var out []string
	for id, l := range p {
		if !l.DepOnly && l.ForTest == "" && !strings.Contains(id, " ") && !strings.HasSuffix(id, "_test") {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// hits reports whether target t or one of its (non-test) dependencies
// is in set.
func (p packages) hits(t string, set map[string]bool) bool {
	if set[t] {
		return true
	}
	if l := p[t]; l != nil {
		for _, d := range l.Deps {
			if set[d] {
				return true
			}
		}
	}
	return false
}
