package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/output"
	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/e2e/golden")

// The test binary is retrylint itself when this variable is set: the
// tests run it as a subprocess, standalone and as go vet's -vettool
// (the standalone driver calls itself back through go vet).
const asRetrylint = "RETRYLINT_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asRetrylint) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// e2e is the fixture module: real retry libraries, one example per kind
// of finding and a corrected twin of each.
const e2e = "../../testdata/e2e"

type result struct {
	stdout, stderr string
	code           int
}

// run runs the test binary as retrylint in dir.
func run(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return runCmd(t, dir, os.Args[0], args...)
}

// vet runs go vet with the test binary as its tool.
func vet(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return runCmd(t, dir, "go", append([]string{"vet", "-vettool=" + os.Args[0]}, args...)...)
}

func runCmd(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asRetrylint+"=1", "GOWORK=off", "GOFLAGS=-mod=mod")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return r
}

func e2eDir(t *testing.T) string {
	t.Helper()
	testenv.Download(t, e2e)
	dir, err := filepath.Abs(e2e)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// golden compares got with testdata/e2e/golden/name, or rewrites the
// file with -update. Absolute paths of the fixture read $E2E.
func golden(t *testing.T, dir, name, got string) {
	t.Helper()
	got = strings.ReplaceAll(got, dir, "$E2E")
	file := filepath.Join(dir, "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/retrylint -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test ./cmd/retrylint -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestGolden runs `retrylint ./...` on the fixture in every format, and
// go vet with retrylint as its tool, against golden files.
func TestGolden(t *testing.T) {
	dir := e2eDir(t)
	outputs := map[string]string{}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		r := run(t, dir, "-format="+format, "-root=.", "./...")
		if r.code != 3 {
			t.Fatalf("-format=%s: exit %d, want 3 (findings)\nstderr:\n%s", format, r.code, r.stderr)
		}
		if r.stderr != "" {
			t.Errorf("-format=%s: unexpected stderr:\n%s", format, r.stderr)
		}
		golden(t, dir, format+".golden", r.stdout)
		outputs[format] = r.stdout
	}

	// go vet prints the same findings and their related positions (each
	// package's in turn, packages in completion order) on stderr and
	// exits 1.
	r := vet(t, dir, "./...")
	if r.code != 1 {
		t.Fatalf("go vet -vettool: exit %d, want 1\nstderr:\n%s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	slices.Sort(lines)
	golden(t, dir, "vet.golden", strings.Join(lines, "\n")+"\n")
	var vetLines []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			vetLines = append(vetLines, l)
		}
	}
	// The text format ends each finding with its rule; go vet does not.
	var textLines []string
	for _, l := range strings.Split(strings.TrimSpace(outputs["text"]), "\n") {
		textLines = append(textLines, ruleSuffix.ReplaceAllString(l, ""))
	}
	slices.Sort(textLines)
	if !slices.Equal(vetLines, textLines) {
		t.Errorf("go vet -vettool and retrylint disagree:\n--- go vet\n%s\n--- retrylint\n%s", strings.Join(vetLines, "\n"), strings.Join(textLines, "\n"))
	}

	// go vet -json prints a tree per package; merged, they are the
	// standalone -json tree.
	r = vet(t, dir, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("go vet -vettool -json: exit %d\n%s", r.code, r.stderr)
	}
	tree, err := output.ReadTrees(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := output.WriteJSON(&buf, tree); err != nil {
		t.Fatal(err)
	}
	if buf.String() != outputs["json"] {
		t.Errorf("go vet -vettool -json tree differs from retrylint -json:\n%s", buf.String())
	}

	// -related=false leaves out the related lines, and only them.
	r = run(t, dir, "-related=false", "./...")
	var findingLines []string
	for _, l := range strings.SplitAfter(outputs["text"], "\n") {
		if !strings.Contains(l, ": \t") {
			findingLines = append(findingLines, l)
		}
	}
	if want := strings.Join(findingLines, ""); r.code != 3 || r.stdout != want || want == outputs["text"] {
		t.Errorf("-related=false: exit %d, want 3 and the text lines without the related ones:\n%s", r.code, r.stdout)
	}

	// Two runs print the same bytes.
	for _, format := range []string{"text", "sarif"} {
		if again := run(t, dir, "-format="+format, "-root=.", "./..."); again.stdout != outputs[format] {
			t.Errorf("-format=%s: second run differs:\n%s", format, again.stdout)
		}
	}

	checkSARIF(t, dir, outputs["sarif"])
	checkFindings(t, outputs)

	// Without -root, paths are relative to the git top level: this
	// repository's, when the tests run in a clone of it.
	if top, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output(); err == nil {
		rel, err := filepath.Rel(strings.TrimSpace(string(top)), dir)
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, dir, "-format=github", "./...")
		if want := "file=" + filepath.ToSlash(rel) + "/shop/shop.go,"; !strings.Contains(r.stdout, want) {
			t.Errorf("-format=github without -root: no %q in\n%s", want, r.stdout)
		}
	}
}

// ruleSuffix is the end of a finding's line in the text format: its
// analyzer, and its category when documented.
var ruleSuffix = regexp.MustCompile(` \(([a-z]+)(/[a-z-]+)?\)$`)

// checkFindings checks, format by format, what the golden files alone
// would let slip: every analyzer of the fixture's examples reports,
// the corrected twins are quiet, and the test variant of shop does not
// duplicate findings.
func checkFindings(t *testing.T, outputs map[string]string) {
	text := outputs["text"]
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(outputs["json"]), &tree); err != nil {
		t.Fatalf("-format=json: %v", err)
	}
	analyzers := map[string]bool{}
	for _, m := range tree {
		for name := range m {
			analyzers[name] = true
		}
	}
	for _, e := range registry.Entries() {
		if name := e.Name; !analyzers[name] {
			t.Errorf("no %s finding on the fixture (analyzers: %v)", name, analyzers)
		}
	}
	var lines []string // findings, without their related lines
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.Contains(l, ": \t") {
			lines = append(lines, l)
		}
	}
	// Each finding names its analyzer, the word //retrylint:ignore takes,
	// and its category where the analyzer's doc describes it.
	for _, l := range lines {
		m := ruleSuffix.FindStringSubmatch(l)
		if m == nil || !slices.Contains(registry.Names(), m[1]) {
			t.Errorf("text line does not end with its analyzer's name: %s", l)
		}
	}
	for _, want := range []string{"retry in one layer only (nestedretry)\n", "(retryclass/permanent-status)\n", "(unboundedbackoff/no-cap)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no finding ends with %q in the text format:\n%s", want, text)
		}
	}
	if len(slices.Compact(slices.Clone(lines))) != len(lines) {
		t.Errorf("duplicate text lines (test variants not merged):\n%s", text)
	}
	for _, l := range lines {
		file, _, _ := strings.Cut(l, ":")
		if filepath.IsAbs(file) || strings.HasPrefix(file, "..") || !strings.HasSuffix(file, ".go") {
			t.Errorf("text line not relative to the current directory: %s", l)
		}
	}
	if n := strings.Count(outputs["github"], "::warning file="); n != len(lines) {
		t.Errorf("github: %d annotations, want one per finding, %d:\n%s", n, len(lines), outputs["github"])
	}
}

// TestExitCodes covers every row of the README's table of exit codes
// (3 also in TestGolden, -fix and -diff also in TestFix): 0 clean and
// with -exit-zero, 1 for packages that do not load or type-check (one
// line each, no stack), 2 for a bad command line, 3 for findings.
func TestExitCodes(t *testing.T) {
	dir := e2eDir(t)
	broken := t.TempDir()
	writeFiles(t, broken, map[string]string{
		"go.mod":   "module example.com/broken\n\ngo 1.26.0\n",
		"ok/ok.go": "package ok\n\nfunc F() int { return 1 }\n",
		"a/a.go":   "package a\n\nfunc F() int { return \"x\" }\n\nfunc G() string { return 1 }\n",
		// The test variant "a [a.test]" fails the same way: still one line.
		"a/a_test.go":   "package a\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
		"b/b.go":        "package b\n\nimport \"example.com/broken/nosuch\"\n\nvar _ = nosuch.X\n",
		"empty/doc.txt": "no Go files here\n",
		// An import cycle through a test: go says why at the end of an
		// import stack, on lines of its own.
		"cyc/cyc.go":      "package cyc\n\nfunc F() int { return 1 }\n",
		"cyc/cyc_test.go": "package cyc\n\nimport (\n\t\"testing\"\n\n\t\"example.com/broken/cycb\"\n)\n\nfunc TestF(t *testing.T) { _ = cycb.G() }\n",
		"cycb/cycb.go":    "package cycb\n\nimport \"example.com/broken/cyc\"\n\nfunc G() int { return cyc.F() }\n",
	})
	// -fix changes files: it runs on a copy of TestFix's fixture.
	fixDir := t.TempDir()
	copyModule(t, fixFixture, fixDir)
	const noMatch = "retrylint: a package pattern matched no packages"
	tests := []struct {
		row, name, dir string // row: the README table's first column
		args           []string
		code           int
		stderr, stdout []string // substrings; stderr ones each on its own line
	}{
		{"0", "clean", dir, []string{"./store"}, 0, nil, nil},
		{"0", "exit-zero", dir, []string{"-exit-zero", "./..."}, 0, nil, []string{"shop/shop.go:24:2: "}},
		{"0", "exit-zero sarif", dir, []string{"-exit-zero", "-format=sarif", "./..."}, 0, nil, nil},
		{"1", "type errors", broken, []string{"./ok", "./a"}, 1, []string{"retrylint: example.com/broken/a: a/a.go:3:23: cannot use"}, nil},
		{"1", "missing import", broken, []string{"./b"}, 1, []string{"example.com/broken/nosuch"}, nil},
		{"1", "import cycle in a test", broken, []string{"./cyc"}, 1, []string{"retrylint: example.com/broken/cyc: import cycle not allowed in test (imports example.com/broken/cycb"}, nil},
		{"1", "type errors json", broken, []string{"-json", "./a"}, 1, []string{"retrylint: example.com/broken/a: "}, nil},
		{"1", "type errors exit-zero", broken, []string{"-exit-zero", "./a"}, 1, []string{"retrylint: example.com/broken/a: "}, nil},
		{"2", "unknown flag", dir, []string{"-bogus", "./..."}, 2, []string{"retrylint: flag provided but not defined: -bogus", "Run 'retrylint -h' for usage."}, nil},
		{"2", "unknown flag after the packages", dir, []string{"./...", "-bogus"}, 2, []string{"retrylint: flag provided but not defined: -bogus"}, nil},
		{"2", "bad format", dir, []string{"-format=xml", "./..."}, 2, []string{`retrylint: unknown -format "xml"`}, nil},
		{"2", "bad analyzer flag", dir, []string{"-nestedretry.min-layers=many", "./..."}, 2, []string{"-nestedretry.min-layers"}, nil},
		{"2", "no packages", dir, nil, 2, []string{"retrylint: no packages given"}, nil},
		{"2", "no such directory", dir, []string{"./nosuch"}, 2, []string{"nosuch: directory not found", noMatch}, nil},
		{"2", "pattern matches no package", broken, []string{"./empty/..."}, 2, []string{`"./empty/..." matched no packages`, noMatch}, nil},
		{"2", "no such std package", dir, []string{"nosuchpkg"}, 2, []string{"package nosuchpkg is not in std", noMatch}, nil},
		{"2", "root does not exist", dir, []string{"-root=" + filepath.Join(broken, "nosuch"), "./..."}, 2, []string{"retrylint: -root " + filepath.Join(broken, "nosuch") + ": not a directory"}, nil},
		{"3", "findings", dir, []string{"./shop"}, 3, nil, []string{"shop/shop.go:24:2: "}},
		{"3", "flags after the packages", dir, []string{"./shop", "-format=github", "-root=."}, 3, nil, []string{"::warning file=shop/shop.go,", "title=retrylint nestedretry/"}},
		{"-fix", "fix, nothing remains", fixDir, []string{"-fix", "./clean"}, 0, []string{"retrylint: no fix to apply; 0 findings have no automatic fix"}, nil},
		{"-fix", "fix, findings remain", fixDir, []string{"-fix", "./..."}, 3, []string{"retrylint: fixed pay/pay.go (2 fixes)", "retrylint: applied 2 fixes to 1 file; ", " have no automatic fix"}, []string{"pay/pay.go:31:3: "}},
		{"-fix", "fix, broken package", broken, []string{"-fix", "./a"}, 1, []string{"retrylint: example.com/broken/a: "}, nil},
		{"-fix", "fix, pattern matches no package", broken, []string{"-fix", "./empty/..."}, 2, []string{noMatch}, nil},
		{"2", "diff, pattern matches no package", broken, []string{"-diff", "./empty/..."}, 2, []string{noMatch}, nil},
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.row] = true
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, tt.dir, tt.args...)
			if r.code != tt.code {
				t.Fatalf("retrylint %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(tt.args, " "), r.code, tt.code, r.stdout, r.stderr)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
			for _, s := range tt.stdout {
				if !strings.Contains(r.stdout, s) {
					t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
				}
			}
			if strings.Contains(r.stderr, "goroutine ") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stderr shows a stack trace:\n%s", r.stderr)
			}
			if tt.code == 1 && tt.row == "1" {
				// One line per failing package: a/a.go has two type errors.
				if n := strings.Count(r.stderr, "\n"); n != 1 {
					t.Errorf("stderr has %d lines, want 1:\n%s", n, r.stderr)
				}
			}
		})
	}
	for _, row := range readmeExitRows(t) {
		if !tested[row] {
			t.Errorf("README.md's exit code row %q has no case here", row)
		}
	}
}

// readmeExitRows returns the first column of the README's table of exit
// codes ("0", "1", ..., "-fix").
func readmeExitRows(t *testing.T) []string {
	t.Helper()
	_, table, ok := strings.Cut(readFile(t, "../../README.md"), "\n| code | meaning |\n|---|---|\n")
	if !ok {
		t.Fatal("README.md: no table of exit codes (| code | meaning |)")
	}
	var rows []string
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 {
			break
		}
		rows = append(rows, strings.Trim(strings.TrimSpace(cells[1]), "`"))
	}
	if len(rows) < 5 {
		t.Fatalf("README.md: %d rows in the table of exit codes, want 0, 1, 2, 3 and -fix", len(rows))
	}
	return rows
}

// TestHelp checks the analyzer list and an analyzer's documentation.
func TestHelp(t *testing.T) {
	r := run(t, ".", "help")
	if r.code != 0 {
		t.Fatalf("help: exit %d\n%s", r.code, r.stderr)
	}
	for _, a := range registry.Analyzers() {
		short, _, _ := strings.Cut(a.Doc, "\n")
		if !strings.Contains(r.stdout, a.Name) || !strings.Contains(r.stdout, short) {
			t.Errorf("help does not list %s (%q):\n%s", a.Name, short, r.stdout)
		}
		r := run(t, ".", "help", a.Name)
		if r.code != 0 || !strings.Contains(r.stdout, strings.TrimSpace(a.Doc)) {
			t.Errorf("help %s: exit %d, want its Doc:\n%s", a.Name, r.code, r.stdout)
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(r.stdout, "-"+a.Name+"."+f.Name) {
				t.Errorf("help %s does not list -%s.%s", a.Name, a.Name, f.Name)
			}
		})
	}
	if r := run(t, ".", "help", "nosuch"); r.code != 2 || !strings.Contains(r.stderr, `no analyzer named "nosuch"`) {
		t.Errorf("help nosuch: exit %d, stderr %q", r.code, r.stderr)
	}
	r = run(t, ".", "-h")
	for _, want := range []string{"Exit codes", "-format", "-related", "-version", "-fix: nothing remains"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("-h: exit %d, no %q:\n%s", r.code, want, r.stdout)
		}
	}
}

// TestAnalyzerFlags checks that -NAME, -NAME=false and -NAME.flag reach
// the analyzers standalone and under go vet. Every new set of flags
// makes go vet analyze every dependency again, so this runs on a module
// that imports two small std packages, and go vet runs with -json and the
// flags as the standalone command passes them, so that both share go
// vet's cache (TestGolden covers go vet's plain output).
func TestAnalyzerFlags(t *testing.T) {
	dir := tinyModule(t, `package p

import (
	"errors"
	"time"
)

func fetch(f func() error) error {
	for i := 0; i < 3; i++ {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("fetch failed")
}

// Sync retries fetch, which retries.
func Sync(f func() error) error {
	for i := 0; i < 3; i++ {
		if err := fetch(f); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("sync failed")
}
`)
	const nested = "retry loop (3 attempts) wraps fetch"
	const jitter = "retry delay has no jitter"
	tests := []struct {
		flags       []string
		code        int
		want, avoid []string
	}{
		{nil, 3, []string{nested, jitter}, nil},
		{[]string{"-nestedretry=true"}, 3, []string{nested}, []string{jitter}},
		{[]string{"-nestedretry=false"}, 3, []string{jitter}, []string{nested}},
		{[]string{"-nestedretry=true", "-nestedretry.min-layers=3"}, 0, nil, []string{nested, jitter}},
	}
	for _, tt := range tests {
		r := run(t, dir, append(tt.flags, "./...")...)
		v := vet(t, dir, append(append([]string{"-json"}, tt.flags...), "./...")...)
		if v.code != 0 {
			t.Errorf("go vet -json %v: exit %d\n%s", tt.flags, v.code, v.stderr)
		}
		for name, out := range map[string]string{"retrylint": r.stdout, "go vet -json": v.stdout} {
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("%s %v: no %q in\n%s", name, tt.flags, w, out)
				}
			}
			for _, a := range tt.avoid {
				if strings.Contains(out, a) {
					t.Errorf("%s %v: unexpected %q in\n%s", name, tt.flags, a, out)
				}
			}
		}
		if r.code != tt.code {
			t.Errorf("retrylint %v: exit %d, want %d\n%s", tt.flags, r.code, tt.code, r.stderr)
		}
	}
	r := run(t, dir, "-nestedretry=false", "-format=sarif", "./...")
	if r.code != 3 || strings.Contains(r.stdout, `"nestedretry`) || !strings.Contains(r.stdout, `"unboundedbackoff/`) {
		t.Errorf("-nestedretry=false -format=sarif: exit %d; want unboundedbackoff rules and results, no nestedretry rule:\n%s", r.code, r.stdout)
	}
}

// tinyModule writes a module example.com/tiny with one package p,
// whose source is src, and returns its directory. Std imports only: every
// new set of flags makes go vet analyze every dependency again.
func tinyModule(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"go.mod": "module example.com/tiny\n\ngo 1.26.0\n", "p/p.go": src})
	return dir
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
