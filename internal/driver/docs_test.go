package driver

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/output"
	"github.com/retrylint/retrylint/registry"
)

const repoRoot = "../.."

// docFile returns the doc.go of the package that defines a, found from
// its Run function, so that an analyzer added to the suite is covered
// without being listed here.
func docFile(t *testing.T, a *analysis.Analyzer) string {
	t.Helper()
	fn := runtime.FuncForPC(reflect.ValueOf(a.Run).Pointer()).Name()
	// "github.com/retrylint/retrylint/analyzers/nestedretry.(*config).run-fm"
	slash := strings.LastIndexByte(fn, '/')
	pkg := fn[:slash+strings.IndexByte(fn[slash:], '.')]
	rel, ok := strings.CutPrefix(pkg, "github.com/retrylint/retrylint/")
	if !ok {
		t.Fatalf("analyzer %s: Run is in %s, outside this module", a.Name, pkg)
	}
	return filepath.Join(repoRoot, filepath.FromSlash(rel), "doc.go")
}

// docBody returns the lines of the package comment of a's doc.go after
// the "NAME: summary" line: the documentation help and SARIF must carry
// whole, Limitations included.
func docBody(t *testing.T, a *analysis.Analyzer) []string {
	t.Helper()
	file := docFile(t, a)
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("%s: no package comment (%v)", file, err)
	}
	_, body, ok := strings.Cut(f.Doc.Text(), "\n"+a.Name+": ")
	if !ok {
		t.Fatalf("%s: no %q line", file, a.Name+": ")
	}
	var lines []string
	for _, l := range strings.Split(body, "\n")[1:] {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) < 5 {
		t.Fatalf("%s: %d lines of documentation after the summary, want more", file, len(lines))
	}
	return lines
}

// TestHelpIsWholeDoc: `retrylint help NAME` and the SARIF rule of each
// analyzer carry every line of its doc.go, not only the part before the
// first heading, and help prints one list of flags.
func TestHelpIsWholeDoc(t *testing.T) {
	analyzers := registry.Analyzers()
	var sarif bytes.Buffer
	if err := output.WriteSARIF(&sarif, output.SARIF{Analyzers: describe(analyzers), Root: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	// runs[0].tool.driver.rules[].{id, help.text}
	var log map[string]any
	if err := json.Unmarshal(sarif.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	ruleHelp := map[string]string{}
	driver := log["runs"].([]any)[0].(map[string]any)["tool"].(map[string]any)["driver"].(map[string]any)
	for _, r := range driver["rules"].([]any) {
		rule := r.(map[string]any)
		ruleHelp[rule["id"].(string)] = rule["help"].(map[string]any)["text"].(string)
	}
	for _, a := range analyzers {
		var stdout, stderr bytes.Buffer
		if code := Run([]string{"help", a.Name}, analyzers, &stdout, &stderr); code != ExitClean {
			t.Fatalf("help %s: exit %d: %s", a.Name, code, stderr.String())
		}
		help := stdout.String()
		for _, line := range docBody(t, a) {
			if !strings.Contains(help, line) {
				t.Errorf("help %s lacks the doc line %q", a.Name, line)
			}
			if !strings.Contains(ruleHelp[a.Name], line) {
				t.Errorf("SARIF rule %s help lacks the doc line %q", a.Name, line)
			}
		}
		if n := len(regexp.MustCompile(`(?m)^(# )?Flags:?$`).FindAllString(help, -1)); n > 1 {
			t.Errorf("help %s lists the flags %d times:\n%s", a.Name, n, help)
		}
		// The doc lists every flag as the binary accepts it, so help
		// need not append its own list.
		a.Flags.VisitAll(func(f *flag.Flag) {
			if name := "-" + a.Name + "." + f.Name; !docNames(a.Doc, name) {
				t.Errorf("%s does not name its flag %s", docFile(t, a), name)
			}
		})
	}
}

// TestHelpListsUndocumentedFlags: a flag the doc does not name is
// listed after it, once.
func TestHelpListsUndocumentedFlags(t *testing.T) {
	a := &analysis.Analyzer{Name: "demo", Doc: "report demos\n\nFlags:\n\n\t-demo.shown  named here", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	a.Flags.Bool("shown", false, "named in the doc")
	a.Flags.Int("hidden", 3, "not named in the doc")
	a.Flags.Bool("shown-too", false, "its name extends a named one")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"help", "demo"}, []*analysis.Analyzer{a}, &stdout, &stderr); code != ExitClean {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := "demo: report demos\n\nFlags:\n\n\t-demo.shown  named here\n\nFlags:\n" +
		"  -demo.hidden\tnot named in the doc (default \"3\")\n" +
		"  -demo.shown-too\tits name extends a named one (default \"false\")\n"
	if got := stdout.String(); got != want {
		t.Errorf("help demo:\n%s\nwant:\n%s", got, want)
	}
}

func TestDocNames(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		want bool
	}{
		{"turn it off with -a.b=false.", true},
		{"set -a.b.", true},
		{"set `-a.b`", true},
		{"-a.b", true},
		{"-a.bc and -a.b-c", false},
		{"-a.b.c", false},
	} {
		if got := docNames(tt.doc, "-a.b"); got != tt.want {
			t.Errorf("docNames(%q, -a.b) = %v, want %v", tt.doc, got, tt.want)
		}
	}
}

// flagToken is a flag as docs write it: "-name", "-name.flag", with or
// without "=value", after a space, a backquote or an opening bracket.
var flagToken = regexp.MustCompile("(?:^|[\\s`(\\[])(-[a-zA-Z][a-zA-Z0-9-]*(?:\\.[a-zA-Z][a-zA-Z0-9-]*)?)")

// TestDocFlagsExist checks every flag the documentation names for the
// retrylint binary (analyzers' doc.go, docs/*.md, README.md) against
// the flags it accepts, so that a doc cannot tell users to write
// -jitter=false where the binary wants -unboundedbackoff.jitter=false.
// In a doc.go every flag is retrylint's; in Markdown, a flag that
// starts with an analyzer's name, an analyzer flag's bare name, and
// every flag of a `retrylint ...` command.
func TestDocFlagsExist(t *testing.T) {
	analyzers := registry.Analyzers()
	c, err := parseFlags(nil, analyzers)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{} // analyzer names
	bare := map[string]bool{}  // analyzer flags' own names: "jitter"
	for _, a := range analyzers {
		names[a.Name] = true
		a.Flags.VisitAll(func(f *flag.Flag) { bare[f.Name] = true })
	}
	// `retrylint report ...` has flags of its own.
	rc, err := parseReportFlags(nil, analyzers)
	if err != nil {
		t.Fatal(err)
	}
	check := func(where, flagName string, all bool) {
		name := flagName[1:]
		first, _, dotted := strings.Cut(name, ".")
		fs := c.fs
		if strings.Contains(where, "`retrylint report ") {
			fs = rc.fs
		}
		switch {
		case name != strings.ToLower(name):
			// a placeholder: -NAME, -NAME.flag=value
		case fs.Lookup(name) != nil:
		case names[first] || all:
			t.Errorf("%s names %s, which retrylint does not accept", where, flagName)
		case !dotted && bare[name]:
			t.Errorf("%s names %s: the binary wants -ANALYZER.%s", where, flagName, name)
		}
	}

	var files []string
	for _, a := range analyzers {
		files = append(files, docFile(t, a))
	}
	md, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	files = append(files, append(md, filepath.Join(repoRoot, "README.md"))...)
	checked := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		isGo := strings.HasSuffix(file, ".go")
		for i, line := range strings.Split(string(data), "\n") {
			where := filepath.Base(filepath.Dir(file)) + "/" + filepath.Base(file) + ":" + strconv.Itoa(i+1)
			for _, m := range flagToken.FindAllStringSubmatch(line, -1) {
				check(where, m[1], isGo)
				checked++
			}
			if isGo {
				continue
			}
			for _, cmd := range retrylintCommands(line) {
				for _, m := range flagToken.FindAllStringSubmatch(cmd, -1) {
					if m[1] != "-h" {
						check(where+" (in `retrylint "+cmd+"`)", m[1], true)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d flags found in the docs: is the pattern broken?", checked)
	}
}

// retrylintCommands returns the retrylint command lines in a Markdown
// line: a code span, or a line of a code block, that starts with
// "retrylint ".
func retrylintCommands(line string) []string {
	var out []string
	if cmd, ok := strings.CutPrefix(strings.TrimSpace(line), "retrylint "); ok {
		out = append(out, cmd)
	}
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		if cmd, ok := strings.CutPrefix(parts[i], "retrylint "); ok {
			out = append(out, cmd)
		}
	}
	return out
}
