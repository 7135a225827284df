package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
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

	// go vet prints the same findings (each package's in turn, packages
	// in completion order) on stderr and exits 1.
	r := vet(t, dir, "./...")
	if r.code != 1 {
		t.Fatalf("go vet -vettool: exit %d, want 1\nstderr:\n%s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	slices.Sort(lines)
	golden(t, dir, "vet.golden", strings.Join(lines, "\n")+"\n")
	var vetLines []string
	for _, l := range lines {
		// go vet prints Related entries as extra lines, message indented.
		if !strings.HasPrefix(l, "#") && !strings.Contains(l, ": \t") {
			vetLines = append(vetLines, l)
		}
	}
	textLines := strings.Split(strings.TrimSpace(outputs["text"]), "\n")
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
	for _, name := range []string{"nestedretry", "keyregen", "nodeadline", "unboundedbackoff", "nonidempotent"} {
		if !analyzers[name] {
			t.Errorf("no %s finding on the fixture (analyzers: %v)", name, analyzers)
		}
	}
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(slices.Compact(slices.Clone(lines))) != len(lines) {
		t.Errorf("duplicate text lines (test variants not merged):\n%s", text)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "shop/shop.go:") && !strings.HasPrefix(l, "store/store.go:") {
			t.Errorf("text line not relative to the current directory: %s", l)
		}
	}
	if n := strings.Count(outputs["github"], "::warning file=shop/shop.go,line="); n != len(lines) {
		t.Errorf("github: %d annotations on shop/shop.go, want %d:\n%s", n, len(lines), outputs["github"])
	}
}

// TestExitCodes covers every exit code but 3 (TestGolden): 0 clean and
// with -exit-zero, 1 for packages that do not load or type-check (one
// line each, no stack), 2 for a bad command line.
func TestExitCodes(t *testing.T) {
	dir := e2eDir(t)
	broken := t.TempDir()
	writeFiles(t, broken, map[string]string{
		"go.mod":   "module example.com/broken\n\ngo 1.26.0\n",
		"ok/ok.go": "package ok\n\nfunc F() int { return 1 }\n",
		"a/a.go":   "package a\n\nfunc F() int { return \"x\" }\n\nfunc G() string { return 1 }\n",
		// The test variant "a [a.test]" fails the same way: still one line.
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n",
		"b/b.go":      "package b\n\nimport \"example.com/broken/nosuch\"\n\nvar _ = nosuch.X\n",
	})
	tests := []struct {
		name, dir string
		args      []string
		code      int
		stderr    []string // substrings, each on its own line
	}{
		{"clean", dir, []string{"./store"}, 0, nil},
		{"exit-zero", dir, []string{"-exit-zero", "./..."}, 0, nil},
		{"exit-zero sarif", dir, []string{"-exit-zero", "-format=sarif", "./..."}, 0, nil},
		{"type errors", broken, []string{"./ok", "./a"}, 1, []string{"retrylint: example.com/broken/a: a/a.go:3:23: cannot use"}},
		{"missing import", broken, []string{"./b"}, 1, []string{"example.com/broken/nosuch"}},
		{"type errors json", broken, []string{"-json", "./a"}, 1, []string{"retrylint: example.com/broken/a: "}},
		{"type errors exit-zero", broken, []string{"-exit-zero", "./a"}, 1, []string{"retrylint: example.com/broken/a: "}},
		{"no such package", dir, []string{"./nosuch"}, 1, []string{"nosuch"}},
		{"unknown flag", dir, []string{"-bogus", "./..."}, 2, []string{"retrylint: flag provided but not defined: -bogus", "Run 'retrylint -h' for usage."}},
		{"bad format", dir, []string{"-format=xml", "./..."}, 2, []string{`retrylint: unknown -format "xml"`}},
		{"bad analyzer flag", dir, []string{"-nestedretry.min-layers=many", "./..."}, 2, []string{"-nestedretry.min-layers"}},
		{"no packages", dir, nil, 2, []string{"retrylint: no packages given"}},
	}
	for _, tt := range tests {
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
			if strings.Contains(r.stderr, "goroutine ") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stderr shows a stack trace:\n%s", r.stderr)
			}
			if tt.code == 1 {
				// One line per failing package: a/a.go has two type errors.
				if n := strings.Count(r.stderr, "\n"); n != 1 {
					t.Errorf("stderr has %d lines, want 1:\n%s", n, r.stderr)
				}
			}
		})
	}
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
	if r.code != 0 || !strings.Contains(r.stdout, "Exit codes") || !strings.Contains(r.stdout, "-format") {
		t.Errorf("-h: exit %d:\n%s", r.code, r.stdout)
	}
}

// TestAnalyzerFlags checks that -NAME, -NAME=false and -NAME.flag reach
// the analyzers standalone and under go vet. Every new set of flags
// makes go vet analyze every dependency again, so this runs on a module
// that imports two small std packages.
func TestAnalyzerFlags(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/tiny\n\ngo 1.26.0\n",
		"p/p.go": `package p

import (
	"errors"
	"time"
)

func fetch(f func() error) error {
	for i := 0; i < 3; i++ {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
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
`,
	})
	const nested = "p/p.go:20:2: retry loop (3 attempts) wraps fetch"
	const jitter = "retry delay has no jitter"
	tests := []struct {
		flags       []string
		code        int
		want, avoid []string
	}{
		{nil, 3, []string{nested, jitter}, nil},
		{[]string{"-nestedretry"}, 3, []string{nested}, []string{jitter}},
		{[]string{"-nestedretry=false"}, 3, []string{jitter}, []string{nested}},
		{[]string{"-nestedretry", "-nestedretry.min-layers=3"}, 0, nil, []string{nested, jitter}},
	}
	for _, tt := range tests {
		r := run(t, dir, append(tt.flags, "./...")...)
		// go vet prints the same lines on stderr, exits 1 for findings.
		v := vet(t, dir, append(tt.flags, "./...")...)
		if v.code != min(tt.code, 1) {
			t.Errorf("go vet %v: exit %d\n%s", tt.flags, v.code, v.stderr)
		}
		for name, out := range map[string]string{"retrylint": r.stdout, "go vet": v.stderr} {
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
