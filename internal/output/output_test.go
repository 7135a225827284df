package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestParsePosn(t *testing.T) {
	for in, want := range map[string]Position{
		"/a/b.go:12:3":    {"/a/b.go", 12, 3},
		`C:\a\b.go:12:3`:  {`C:\a\b.go`, 12, 3},
		"/a/b.go:12":      {"/a/b.go", 12, 0},
		"/a/b.go":         {"/a/b.go", 0, 0},
		"/a/x:y/b.go:1:2": {"/a/x:y/b.go", 1, 2},
	} {
		if got := ParsePosn(in); got != want {
			t.Errorf("ParsePosn(%q) = %+v, want %+v", in, got, want)
		}
	}
}

func TestEscape(t *testing.T) {
	if got, want := escapeData("50% done\r\nnext: a,b"), "50%25 done%0D%0Anext: a,b"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
	if got, want := escapeProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
}

// A tree as go vet -json prints it for a package and its test variant.
func testTree(dir string) string { return shiftedTree(dir, 0) }

// shiftedTree is testTree with the findings in p.go shift lines down.
func shiftedTree(dir string, shift int) string {
	f := filepath.Join(dir, "p", "p.go")
	t := `{"example.com/p": {"nestedretry": [{"category": "indirect", "posn": "` + f + `:4:2", "end": "` + f + `:4:5",
	"message": "retry loop calls fetch, which retries again: 100% more, see a,b\nnext line",
	"related": [{"posn": "` + f + `:5:3", "end": "` + f + `:5:3", "message": "calls fetch"},
	            {"posn": "/elsewhere/q.go:9:1", "end": "/elsewhere/q.go:9:1", "message": "layer 2: retry.Do"}]}],
	"keyregen": [{"posn": "` + f + `:3:14", "end": "` + f + `:3:14", "message": "key after ünïcode"}]}}
{"example.com/p [example.com/p.test]": {"nestedretry": [{"category": "indirect", "posn": "` + f + `:4:2", "end": "` + f + `:4:5",
	"message": "retry loop calls fetch, which retries again: 100% more, see a,b\nnext line"}],
	"nodeadline": {"error": "internal error: boom\nsecond line"}}}
`
	for _, n := range []int{5, 4, 3} { // from the bottom: no line is shifted twice
		t = strings.ReplaceAll(t, fmt.Sprintf("p.go:%d:", n), fmt.Sprintf("p.go:%d:", n+shift))
	}
	return t
}

func writeP(t *testing.T, dir, src string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

const pSrc = "package p\n\n// ünïcode x\nfunc F() {\n\tfor {\n\t}\n}\n"

func TestFormats(t *testing.T) {
	dir := t.TempDir()
	writeP(t, dir, pSrc)
	tree, err := ReadTrees(strings.NewReader(testTree(dir)))
	if err != nil {
		t.Fatal(err)
	}
	findings := Findings(tree)
	if len(findings) != 2 {
		t.Fatalf("Findings: %d, want 2 (the test variant's copy dropped): %+v", len(findings), findings)
	}
	if errs := Errors(tree); len(errs) != 1 || errs[0] != "example.com/p: nodeadline: internal error: boom" {
		t.Errorf("Errors = %q", errs)
	}

	// Text: each finding ends with its analyzer, and its category when
	// the analyzer's doc describes it; related positions follow their
	// finding, indented as go vet prints them, paths relative to dir when
	// inside it; -related=false leaves them out.
	documented := []Analyzer{{Name: "nestedretry", Doc: "report nested retries\n\nIntro.\n\nindirect: a retry that calls one. More."}}
	undocumented := []Analyzer{{Name: "nestedretry", Doc: "report nested retries\n\nIntro, indirect: not at a paragraph's start."}}
	for _, tt := range []struct {
		analyzers []Analyzer
		related   bool
		rule      string
	}{
		{documented, true, "nestedretry/indirect"},
		{documented, false, "nestedretry/indirect"},
		{undocumented, true, "nestedretry"},
		{nil, true, "nestedretry"},
	} {
		var text bytes.Buffer
		WriteText(&text, findings, tt.analyzers, dir, tt.related)
		want := filepath.FromSlash("p/p.go:3:14: key after ünïcode (keyregen)\n" +
			"p/p.go:4:2: retry loop calls fetch, which retries again: 100% more, see a,b\nnext line (" + tt.rule + ")\n")
		if tt.related {
			want += filepath.FromSlash("p/p.go:5:3: \tcalls fetch\n/elsewhere/q.go:9:1: \tlayer 2: retry.Do\n")
		}
		if text.String() != want {
			t.Errorf("text (%+v):\n%s\nwant:\n%s", tt, text.String(), want)
		}
	}

	var gh bytes.Buffer
	WriteGitHub(&gh, findings, dir)
	wantGH := "::warning file=p/p.go,line=3,col=14,title=retrylint keyregen::key after ünïcode\n" +
		"::warning file=p/p.go,line=4,col=2,endLine=4,endColumn=5,title=retrylint nestedretry/indirect::retry loop calls fetch, which retries again: 100%25 more, see a,b%0Anext line\n"
	if gh.String() != wantGH {
		t.Errorf("github:\n%s\nwant:\n%s", gh.String(), wantGH)
	}
}

func sarifOf(t *testing.T, dir string, shift int) (string, map[string]any) {
	t.Helper()
	tree, err := ReadTrees(strings.NewReader(shiftedTree(dir, shift)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = WriteSARIF(&buf, SARIF{
		Analyzers: []Analyzer{
			{Name: "nestedretry", Doc: "report retries nested inside retries\n\nLong text.\n\nLimitations: many.", URL: "https://example.com/nestedretry"},
			{Name: "keyregen", Doc: "report keys\n\nLonger.", URL: "https://example.com/keyregen"},
		},
		Findings: Findings(tree),
		Errors:   Errors(tree),
		Root:     dir,
		Version:  "v1.2.3",
	})
	if err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	return buf.String(), log
}

func TestSemanticVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.2.3": "1.2.3",
		"v0.0.0-20261129224505-3d32715e941a+dirty (git 3d32715e941a712e26c3db242bfe2ab8af6edfab, modified)": "0.0.0-20261129224505-3d32715e941a+dirty",
		"(devel) (git 3d32715e941a712e26c3db242bfe2ab8af6edfab)":                                            "",
		"(devel)": "",
		"":        "",
	} {
		if got := semanticVersion(in); got != want {
			t.Errorf("semanticVersion(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSARIF(t *testing.T) {
	dir := t.TempDir()
	writeP(t, dir, pSrc)
	out, log := sarifOf(t, dir, 0)
	validate(t, out)

	run := log["runs"].([]any)[0].(map[string]any)
	var ids []string
	for _, r := range run["tool"].(map[string]any)["driver"].(map[string]any)["rules"].([]any) {
		ids = append(ids, r.(map[string]any)["id"].(string))
	}
	if got := strings.Join(ids, " "); got != "keyregen nestedretry nestedretry/indirect" {
		t.Errorf("rules %s", got)
	}
	for _, want := range []string{
		`"uri": "p/p.go"`,
		`"uri": "file:///elsewhere/q.go"`, // outside the root
		`"startColumn": 12`,               // byte column 14 after two 2-byte runes
		`"text": "report retries nested inside retries (indirect)"`, // category rule
		`"executionSuccessful": false`,
		`"text": "example.com/p: nodeadline: internal error: boom"`,
		`"version": "v1.2.3"`,
		`"semanticVersion": "1.2.3"`,
		`"text": "layer 2: retry.Do"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("SARIF lacks %s:\n%s", want, out)
		}
	}

	// The analyzer's doc is in its own rule, once (its introduction is
	// the rule's description); the category's rule points to it.
	if n := strings.Count(out, "Limitations: many."); n != 1 {
		t.Errorf("the nestedretry doc is in the SARIF %d times, want once:\n%s", n, out)
	}
	if !strings.Contains(out, "The rule nestedretry has the analyzer's documentation.\\n\\nDocumentation: https://example.com/nestedretry") {
		t.Errorf("the category rule does not point to its analyzer's rule and page:\n%s", out)
	}

	// Fingerprints survive lines moving, and change with the line's text.
	prints := func(out string) []string {
		var log struct {
			Runs []struct {
				Results []struct{ PartialFingerprints map[string]string }
			}
		}
		json.Unmarshal([]byte(out), &log)
		var fps []string
		for _, r := range log.Runs[0].Results {
			fps = append(fps, r.PartialFingerprints["primaryLocationLineHash"])
		}
		return fps
	}
	before := prints(out)
	moved := t.TempDir()
	writeP(t, moved, "package p\n\n\n\n// ünïcode x\nfunc F() {\n\tfor {\n\t}\n}\n")
	if after := prints(must(sarifOf(t, moved, 2))); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf("fingerprints changed when the lines moved down: %v vs %v", before, after)
	}
	// Other text on the flagged lines: other fingerprints.
	writeP(t, moved, "package p\n\n// ünïcode y\nfunc G() {\n\tfor {\n\t}\n}\n")
	if after := prints(must(sarifOf(t, moved, 0))); after[0] == before[0] || after[1] == before[1] {
		t.Errorf("fingerprints ignore the flagged line's text: %v vs %v", before, after)
	}
}

func must(s string, _ map[string]any) string { return s }

// TestSARIFEmpty checks a run with nothing found still validates.
func TestSARIFEmpty(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, SARIF{Analyzers: []Analyzer{{Name: "keyregen", Doc: "report keys"}}, Root: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("no empty results list:\n%s", buf.String())
	}
	validate(t, buf.String())
}

const schemaFile = "../../../shared/schemas/sarif-schema-2.1.0.json"

func validate(t *testing.T, out string) {
	t.Helper()
	if _, err := os.Stat(schemaFile); err != nil {
		t.Logf("SKIP schema validation: %v (the schema lives in ../shared next to the repository)", err)
		return
	}
	schema, err := jsonschema.NewCompiler().Compile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("SARIF does not validate: %v\n%s", err, out)
	}
}

// TestSchemaRejects makes sure validate can fail.
func TestSchemaRejects(t *testing.T) {
	if _, err := os.Stat(schemaFile); err != nil {
		t.Skipf("no schema: %v", err)
	}
	schema, err := jsonschema.NewCompiler().Compile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`))
	if schema.Validate(doc) == nil {
		t.Errorf("a driver without a name validates")
	}
}

func TestCategoryHelp(t *testing.T) {
	const doc = `report retry delays with no cap

Intro paragraph naming no-cap: in passing.

no-cap: a delay that grows geometrically and reaches a wait with no
clamp. Exponential backoff without a cap waits hours.

	no-jitter: in a code block, not documentation

over-budget: the worst case exceeds the deadline around the retry:

no-bound: a retry with no attempt limit and no cancellation: a ` + "`for {}`" + ` retry.

# Categories

  - ctx: a deadline-less context reaches an outbound call.
  - http-client: a client with no Timeout, a request with no
    deadline.
`
	for category, want := range map[string]string{
		"no-cap":      "a delay that grows geometrically and reaches a wait with no clamp",
		"over-budget": "the worst case exceeds the deadline around the retry",
		"no-bound":    "a retry with no attempt limit and no cancellation",
		"no-jitter":   "",
		"no":          "",
		"indirect":    "",
		"ctx":         "a deadline-less context reaches an outbound call",
		"http-client": "a client with no Timeout, a request with no deadline",
	} {
		if got := CategoryHelp(doc, category); got != want {
			t.Errorf("CategoryHelp(%s) = %q, want %q", category, got, want)
		}
	}
}
