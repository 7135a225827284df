package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseModules(t *testing.T) {
	mods, err := ParseModules(`
# comment
app github.com/a/b@v1.2.3 notify/... .  # why narrow
web github.com/c/d/v2@v2.0.0-20250101000000-abcdefabcdef
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) != 2 {
		t.Fatalf("got %d modules, want 2", len(mods))
	}
	a, c := mods[0], mods[1]
	if a.Kind != "app" || a.Path != "github.com/a/b" || a.Version != "v1.2.3" || a.Note != "why narrow" || a.Line != 3 {
		t.Errorf("first module parsed as %+v", a)
	}
	if got, want := a.Targets(), []string{"github.com/a/b/notify/...", "github.com/a/b"}; !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
	if got, want := c.Targets(), []string{"github.com/c/d/v2/..."}; !slices.Equal(got, want) {
		t.Errorf("default targets %v, want %v", got, want)
	}
	if c.Name() != "github_com_c_d_v2" {
		t.Errorf("name %q", c.Name())
	}
}

func TestParseModulesErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"lib github.com/a/b@v1.0.0", `1: unknown kind "lib"`},
		{"web github.com/a/b", "want module@version"},
		{"web github.com/a/b@latest", "not a query"},
		{"web github.com/a/b@v1.0.0 /abs", `pattern "/abs"`},
		{"web github.com/a/b@v1.0.0 ../up", `pattern "../up"`},
		{"web github.com/a/b@v1.0.0 x/../y", `pattern "x/../y"`},
		{"web github.com/a/b@v1.0.0 ./x", `pattern "./x"`},
		{"web github.com/a/b@v1.0.0 ..", `pattern ".."`},
		{"web github.com/a/b@v1.0.0 a//b", `pattern "a//b"`},
		{"web github.com/a/b@v1.0.0\n\nweb github.com/a/b@v1.1.0", "3: github.com/a/b is already listed on line 1"},
		{"web", "1: want"},
		{"# nothing\n", "no modules"},
	} {
		_, err := ParseModules(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseModules(%q) = %v, want an error containing %q", c.text, err, c.want)
		}
	}
}

// The data file itself meets issue 12 (at least 50 modules of every kind)
// and issue 14 (at least eight applications).
func TestModulesFile(t *testing.T) {
	mods, err := ReadModules("modules.txt")
	if err != nil {
		t.Fatal(err)
	}
	perKind := map[string]int{}
	for _, m := range mods {
		perKind[m.Kind]++
	}
	if len(mods) < 50 {
		t.Errorf("%d modules, want at least 50", len(mods))
	}
	if perKind["app"] < 8 {
		t.Errorf("%d application modules, want at least 8", perKind["app"])
	}
	for _, k := range kinds {
		if perKind[k] == 0 {
			t.Errorf("no module of kind %s", k)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		line string
		want Class
	}{
		{"retrylint: example.com/p/retry: panic: runtime error: invalid memory address or nil pointer dereference", Panic},
		{"example.com/p: nestedretry: analysis panicked: index out of range [3] with length 3", Panic},
		{"example.com/p: /m/x.go:3:1: internal error: recovered panic in keyregen", Panic},
		{"example.com/p: /m/x.go:26:2: could not import example.com/q (no package vetx file for \"example.com/q\")", Blocked},
		{"example.com/p: /m/x.go:12:5: undefined: panicHandler", Load},
		{"example.com/p: /m/panic.go:12:5: x declared and not used", Load},
		{"example.com/p: build constraints exclude all Go files in /m/p", Load},
		{"go: example.com/p@v1.0.0: missing go.sum entry for go.mod file", Load},
		{`go: example.com/p: cgo: C compiler "gcc" not found: exec: "gcc": executable file not found in $PATH`, Load},
		{"example.com/p: not analyzed: it imports example.com/q, which does not build", Load},
		{"pkg-config: Package flux was not found in the pkg-config search path.", Load},
		{"example.com/p: nodeadline: unexpected nil type for expression", Analysis},
		{"go vet exited with status 1", Noise},
		{"", Noise},
	} {
		if got := Classify(c.line); got != c.want {
			t.Errorf("Classify(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestSplitPkg(t *testing.T) {
	for _, c := range []struct{ line, pkg, msg string }{
		{"retrylint: example.com/p: panic: boom", "example.com/p", "panic: boom"},
		{"/m/x.go:1:2: undefined: y", "", "/m/x.go:1:2: undefined: y"},
		{"go: downloading x", "", "go: downloading x"},
		{"pkg-config: Package flux was not found", "", "pkg-config: Package flux was not found"},
		{"panic: boom", "", "panic: boom"},
	} {
		if pkg, msg := SplitPkg(c.line); pkg != c.pkg || msg != c.msg {
			t.Errorf("SplitPkg(%q) = %q, %q; want %q, %q", c.line, pkg, msg, c.pkg, c.msg)
		}
	}
}

// A stack as go vet prints a tool run's crash (shortened from the one
// the sweep found in otlptracegrpc).
const stackText = `# example.com/p/retry
panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x596d80]

goroutine 31 [running]:
go/types.(*Func).Pkg(0x7e81b0?)
	/usr/local/go/src/go/types/object.go:468
github.com/retrylint/retrylint/internal/analysisutil.PkgPath({0x7f0e80, 0x0})
	github.com/retrylint/retrylint/internal/analysisutil/funcs.go:57 +0x30
go/ast.walkList[...](...)
	/usr/local/go/src/go/ast/walk.go:21
github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).initBound.func1({0x7e8340?, 0x2591a5d94f00?})
	github.com/retrylint/retrylint/analyzers/retryscan/bound.go:201 +0x66
github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).mergeExits.func1(0x2591a5d95000, {0x1?, 0x1?, 0x420d00?}, 0x0)
	github.com/retrylint/retrylint/analyzers/retryscan/bound.go:98 +0x1bb
github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).loopSite(0x2591a5e69950)
	github.com/retrylint/retrylint/analyzers/retryscan/loop.go:73 +0x510
created by golang.org/x/tools/go/analysis/unitchecker.run in goroutine 1
	/root/go/pkg/mod/golang.org/x/tools@v0.52.0/go/analysis/unitchecker/unitchecker.go:400 +0x1
`

func TestParseStack(t *testing.T) {
	st, ok := ParseStack(stackText)
	if !ok {
		t.Fatal("no panic found")
	}
	if st.Message != "runtime error: invalid memory address or nil pointer dereference" {
		t.Errorf("message %q", st.Message)
	}
	want := []string{
		"go/types.(*Func).Pkg go/types/object.go:468",
		"github.com/retrylint/retrylint/internal/analysisutil.PkgPath github.com/retrylint/retrylint/internal/analysisutil/funcs.go:57",
		"go/ast.walkList[...] go/ast/walk.go:21",
		"github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).initBound.func1 github.com/retrylint/retrylint/analyzers/retryscan/bound.go:201",
		"github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).mergeExits.func1 github.com/retrylint/retrylint/analyzers/retryscan/bound.go:98",
		"github.com/retrylint/retrylint/analyzers/retryscan.(*scanner).loopSite github.com/retrylint/retrylint/analyzers/retryscan/loop.go:73",
	}
	if !slices.Equal(st.Frames, want) {
		t.Errorf("frames:\n%s\nwant:\n%s", strings.Join(st.Frames, "\n"), strings.Join(want, "\n"))
	}
	sig := st.Signature()
	wantSig := "runtime error: invalid memory address or nil pointer dereference | " +
		"internal/analysisutil.PkgPath internal/analysisutil/funcs.go:57 < " +
		"analyzers/retryscan.(*scanner).initBound.func1 analyzers/retryscan/bound.go:201 < " +
		"analyzers/retryscan.(*scanner).mergeExits.func1 analyzers/retryscan/bound.go:98"
	if sig != wantSig {
		t.Errorf("signature\n%s\nwant\n%s", sig, wantSig)
	}
	if _, ok := ParseStack("# example.com/p\nx.go:1:1: undefined: y\n"); ok {
		t.Error("a type error parsed as a panic")
	}
}

// pkgs is a three-package chain, app -> lib -> retry, plus an unrelated
// package that does not build and a dependency outside the targets.
func chain() packages {
	return packages{
		"m/app":                  {ImportPath: "m/app", Deps: []string{"m/lib", "m/retry", "fmt"}},
		"m/lib":                  {ImportPath: "m/lib", Deps: []string{"m/retry", "fmt"}},
		"m/retry":                {ImportPath: "m/retry", Deps: []string{"fmt"}},
		"m/retry [m/retry.test]": {ImportPath: "m/retry [m/retry.test]", ForTest: "m/retry", Deps: []string{"fmt", "testing"}},
		"m/broken":               {ImportPath: "m/broken", Deps: []string{"fmt"}},
		"fmt":                    {ImportPath: "fmt", DepOnly: true},
		"testing":                {ImportPath: "testing", DepOnly: true},
	}
}

func TestDecide(t *testing.T) {
	pkgs := chain()
	if tg, cl := pkgs.count(); tg != 4 || cl != 6 {
		t.Errorf("count = %d targets, %d closure; want 4, 6", tg, cl)
	}

	// A crash in retry blanks lib and app; broken only does not build.
	res := &Result{}
	res.collect(nil, []byte(strings.Join([]string{
		"retrylint: m/retry: panic: runtime error: invalid memory address or nil pointer dereference",
		"retrylint: m/lib: /m/lib/lib.go:3:2: could not import m/retry (no package vetx file for \"m/retry\")",
		"retrylint: m/broken: /m/broken/b.go:1:1: undefined: x",
		"go vet exited with status 1",
	}, "\n")), "/mod")
	res.decide(pkgs)
	if res.Status != "panic" || res.Analyzed != 0 || res.Blanked != 3 || len(res.Panics) != 1 || len(res.Blocked) != 1 || len(res.LoadErrors) != 1 {
		t.Errorf("crash: %s, analyzed %d, blanked %d, panics %d, blocked %d, load %d; want panic, 0, 3, 1, 1, 1",
			res.Status, res.Analyzed, res.Blanked, len(res.Panics), len(res.Blocked), len(res.LoadErrors))
	}

	// Only broken fails: partial, three analyzed.
	res = &Result{}
	res.collect(nil, []byte("retrylint: m/broken: /m/broken/b.go:1:1: undefined: x\n"), "/mod")
	res.decide(pkgs)
	if res.Status != "partial" || res.Analyzed != 3 || res.Blanked != 0 {
		t.Errorf("partial: %s (%s), analyzed %d, blanked %d", res.Status, res.Reason, res.Analyzed, res.Blanked)
	}

	// retry does not build: nothing above it is analyzed either; that is
	// not retrylint's failure, and with broken failing too, the module
	// is skipped.
	res = &Result{}
	res.collect(nil, []byte("retrylint: m/retry: /m/retry/r.go:1:1: undefined: x\nretrylint: m/broken: build constraints exclude all Go files in /m/broken\n"), "/mod")
	res.decide(pkgs)
	if res.Status != "skipped" || res.Analyzed != 0 || res.Blanked != 0 || !strings.HasPrefix(res.Reason, "does not build: m/retry:") {
		t.Errorf("skipped: %s (%s), analyzed %d, blanked %d", res.Status, res.Reason, res.Analyzed, res.Blanked)
	}

	// The go command stopped before any package (a cgo library that
	// pkg-config cannot find): nothing analyzed, the module skipped, not
	// an analysis error. The same line after a run that finished
	// analyzing (exit 3) blocks nothing.
	res = &Result{Exit: 1}
	res.collect(nil, []byte("retrylint: pkg-config: Package flux was not found in the pkg-config search path.\n"), "/mod")
	res.decide(pkgs)
	if res.Status != "skipped" || res.Analyzed != 0 || len(res.Errors) != 0 || !strings.Contains(res.Reason, "pkg-config") {
		t.Errorf("pkg-config: %s (%s), analyzed %d, errors %v", res.Status, res.Reason, res.Analyzed, res.Errors)
	}
	res = &Result{Exit: 3}
	res.collect(nil, []byte("go: warning: something said\n"), "/mod")
	res.decide(pkgs)
	if res.Status != "partial" || res.Analyzed != 4 {
		t.Errorf("finished run with a stray go line: %s, analyzed %d", res.Status, res.Analyzed)
	}

	// An analysis error without a crash; a clean run.
	res = &Result{}
	res.collect(nil, []byte("retrylint: m/lib: nodeadline: unexpected nil type\n"), "/mod")
	res.decide(pkgs)
	if res.Status != "error" || res.Analyzed != 4 {
		t.Errorf("error: %s, analyzed %d", res.Status, res.Analyzed)
	}
	res = &Result{Exit: 3}
	res.collect(nil, nil, "/mod")
	res.decide(pkgs)
	if res.Status != "ok" || res.Analyzed != 4 {
		t.Errorf("clean: %s, analyzed %d", res.Status, res.Analyzed)
	}
}

func TestUnescapePath(t *testing.T) {
	if got, want := unescapePath("github.com/!data!dog/dd-trace-go/v2@v2.12.0/x.go:1:2"), "github.com/DataDog/dd-trace-go/v2@v2.12.0/x.go:1:2"; got != want {
		t.Errorf("unescapePath = %q, want %q", got, want)
	}
}

func TestReport(t *testing.T) {
	st, _ := ParseStack(stackText)
	crash := PanicReport{Package: "m/retry", Line: "m/retry: panic: boom", Stack: &st, Signature: st.Signature()}
	rep := &Report{Retrylint: "abc1234", Go: "go1.26", Modules: "modules.txt", Results: []*Result{
		{Kind: "app", Module: "example.com/svc", Version: "v1.0.0", Status: "ok", Targets: 5, Analyzed: 5, Closure: 90,
			Findings:   []Finding{{Analyzer: "nestedretry", Posn: "example.com/svc@v1.0.0/a.go:3:4", Message: "retry loop calls x, which retries again"}},
			ByAnalyzer: map[string]int{"nestedretry": 1}, WallSeconds: 12.4, CPUSeconds: 20},
		{Kind: "exporter", Module: "example.com/exp", Version: "v2.0.0", Status: "panic", Reason: "m/retry: panic: boom | x",
			Targets: 4, Analyzed: 1, Blanked: 3, Closure: 50, Panics: []PanicReport{crash, crash}},
		{Kind: "db", Module: "example.com/cgo", Version: "v0.1.0", Status: "skipped", Reason: "does not build: cgo"},
	}, NotRun: []string{"example.com/later@v1.0.0"}}
	tot := rep.Totals()
	if tot.Modules != 3 || tot.Skipped != 1 || tot.Analyzed != 6 || tot.Targets != 9 || tot.Panics != 2 || tot.Distinct != 1 || tot.Findings != 1 {
		t.Errorf("totals %+v", tot)
	}

	var md bytes.Buffer
	rep.WriteMarkdown(&md)
	for _, want := range []string{
		"| example.com/svc@v1.0.0 | app | 5/5 | 90 | 1 | 0 | 0 | ok | 12 | 20 |",
		`| example.com/exp@v2.0.0 | exporter | 1/4 | 50 | 0 | 2 | 0 | panic: m/retry: panic: boom \| x | 0 | 0 |`,
		"| example.com/cgo@v0.1.0 | db | 0/0 | 0 | 0 | 0 | 0 | skipped: does not build: cgo | 0 | 0 |",
		"**Total:** 3 modules of 4 (1 skipped, 0 partial), 6 packages analyzed of 9 matched",
		"## Not run (scripts/sweep.sh -resume runs them)\n\nexample.com/later@v1.0.0\n",
		"| example.com/svc | 1 | 1 |", // findings per analyzer in the applications
		"- example.com/cgo: does not build: cgo",
		"retrylint abc1234, go1.26,", // one build
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}

	var f bytes.Buffer
	rep.WriteFindings(&f)
	if want := "example.com/svc@v1.0.0\tnestedretry\texample.com/svc@v1.0.0/a.go:3:4\tretry loop calls x, which retries again\n"; f.String() != want {
		t.Errorf("findings file %q, want %q", f.String(), want)
	}

	var p bytes.Buffer
	rep.WritePanics(&p)
	if n := strings.Count(p.String(), "\n## "); n != 1 {
		t.Errorf("%d crashes listed, want the two reports grouped as one:\n%s", n, p.String())
	}
	for _, want := range []string{"at internal/analysisutil.PkgPath", "Triggered in (3 packages", "- example.com/exp@v2.0.0: package m/retry", "analyzers/retryscan/bound.go:201"} {
		if !strings.Contains(p.String(), want) {
			t.Errorf("panics report lacks %q:\n%s", want, p.String())
		}
	}
}

func TestLastLine(t *testing.T) {
	for _, c := range []struct{ stderr, want string }{
		{"go: downloading a v1\ngo: a@v1 requires go >= 1.27.0\n", "go: a@v1 requires go >= 1.27.0"},
		{"go: m imports\n\tm/p imports\n\tdep/q: dep@v1: reading q.zip: 403 Forbidden\n\tserver response: not available\n",
			"go: m imports ... dep/q: dep@v1: reading q.zip: 403 Forbidden"},
		{"no go line\nlast\n", "last"},
	} {
		if got := lastLine(&cmdOut{stderr: []byte(c.stderr)}, nil); got != c.want {
			t.Errorf("lastLine(%q) = %q, want %q", c.stderr, got, c.want)
		}
	}
}

// The application corpus (issue 26): at least 15 services, every one of
// kind app with a note that says what it is, none of them already in the
// robustness sweep.
func TestAppsFile(t *testing.T) {
	apps, err := ReadModules(filepath.Base(sets["apps"].modules))
	if err != nil {
		t.Fatal(err)
	}
	if len(apps) < 15 {
		t.Errorf("%d services, want at least 15", len(apps))
	}
	sweep, err := ReadModules(filepath.Base(sets["sweep"].modules))
	if err != nil {
		t.Fatal(err)
	}
	inSweep := map[string]bool{}
	for _, m := range sweep {
		inSweep[m.Path] = true
	}
	for _, m := range apps {
		if m.Kind != "app" {
			t.Errorf("line %d: %s is of kind %s, want app", m.Line, m.Path, m.Kind)
		}
		if m.Note == "" {
			t.Errorf("line %d: %s has no note saying what the service is", m.Line, m.Path)
		}
		if inSweep[m.Path] {
			t.Errorf("line %d: %s is in the sweep's modules.txt already", m.Line, m.Path)
		}
	}
}

func TestSets(t *testing.T) {
	o := &options{set: "apps"}
	if err := o.applySet(); err != nil || o.modules != "tools/sweep/apps.txt" || o.out != "reports/apps.md" {
		t.Errorf("-set apps: modules %q, out %q, err %v", o.modules, o.out, err)
	}
	o = &options{set: "apps", modules: "m.txt", out: "r/x.md"}
	if err := o.applySet(); err != nil || o.modules != "m.txt" || o.out != "r/x.md" {
		t.Errorf("-set apps with -modules and -out: modules %q, out %q, err %v", o.modules, o.out, err)
	}
	o = &options{set: "nope"}
	if err := o.applySet(); err == nil || !strings.Contains(err.Error(), `-set "nope": no such set (want one of apps, sweep)`) {
		t.Errorf("-set nope: %v", err)
	}

	var md bytes.Buffer
	(&Report{Title: sets["apps"].title}).WriteMarkdown(&md)
	if !strings.HasPrefix(md.String(), "# retrylint on the application corpus\n") {
		t.Errorf("apps report starts %q", md.String()[:40])
	}
	md.Reset()
	(&Report{}).WriteMarkdown(&md)
	if !strings.HasPrefix(md.String(), "# retrylint robustness sweep\n") {
		t.Errorf("default report starts %q", md.String()[:40])
	}
}

func TestProxyRefusal(t *testing.T) {
	for _, c := range []struct{ stderr, want string }{
		{"go: downloading knative.dev/pkg v0.0.0-1\n" +
			"/m/util.go:11:2: knative.dev/pkg@v0.0.0-1: reading https://proxy.golang.org/knative.dev/pkg/@v/v0.0.0-1.zip: 403 Forbidden\n" +
			"\tserver response: This module version is not available.\n",
			"knative.dev/pkg@v0.0.0-1 (403 Forbidden)"},
		{"go: a@v1: reading https://proxy.golang.org/a/@v/v1.mod: 410 Gone\n", "a@v1 (410 Gone)"},
		{"go: downloading a v1\n", ""},
		// A network failure is not the proxy's refusal.
		{"go: a@v1: reading https://proxy.golang.org/a/@v/v1.zip: dial tcp: i/o timeout\n", ""},
	} {
		if got := proxyRefusal([]byte(c.stderr)); got != c.want {
			t.Errorf("proxyRefusal(%q) = %q, want %q", c.stderr, got, c.want)
		}
	}
}

// A report merged from runs of two builds names each with its modules.
func TestReportBuilds(t *testing.T) {
	rep := &Report{Retrylint: "binary /tmp/b", Results: []*Result{
		{Module: "example.com/a", Retrylint: "binary /tmp/a"},
		{Module: "example.com/b", Retrylint: "binary /tmp/b"},
		{Module: "example.com/c", Retrylint: "binary /tmp/a"},
	}}
	want := "binary /tmp/a (example.com/a, example.com/c); binary /tmp/b (example.com/b)"
	if got := rep.builds(); got != want {
		t.Errorf("builds() = %q, want %q", got, want)
	}
}
