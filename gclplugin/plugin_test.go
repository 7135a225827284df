package gclplugin

import (
	"flag"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/registry"
)

func build(t *testing.T, raw any) []*analysis.Analyzer {
	t.Helper()
	p, err := New(raw)
	if err != nil {
		t.Fatalf("New(%v): %v", raw, err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

func byName(as []*analysis.Analyzer, name string) *analysis.Analyzer {
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// TestRegistered checks what golangci-lint does: look the plugin up by
// the name in .golangci.yml, with no settings at all.
func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("retrylint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
}

// TestSameAnalyzersAsBinary checks that the plugin runs the analyzers the
// retrylint binary runs (both read the registry), and that the result is
// a valid analyzer graph.
func TestSameAnalyzersAsBinary(t *testing.T) {
	as := build(t, map[string]any{})
	var got, want []string
	for _, a := range as {
		got = append(got, a.Name)
	}
	for _, a := range registry.Analyzers() {
		want = append(want, a.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("plugin analyzers %v, registry.Analyzers() %v", got, want)
	}
	if err := analysis.Validate(as); err != nil {
		t.Fatal(err)
	}
}

// TestDecodeErrors checks that every mistake stops golangci-lint with a
// message that names the offending key and what is accepted instead.
func TestDecodeErrors(t *testing.T) {
	for _, tc := range []struct {
		raw  any
		want string
	}{
		{map[string]any{"nestedretri": map[string]any{}}, `retrylint settings: unknown key "nestedretri" (accepted keys: disable, nestedretry, keyregen,`},
		{map[string]any{"max-depth": 2}, `unknown key "max-depth"`},
		{map[string]any{"disable": "keyregen"}, `retrylint settings: disable: a list of analyzer names is wanted`},
		{map[string]any{"disable": []any{"keyregn"}}, `disable: unknown analyzer "keyregn" (analyzers: ` + strings.Join(registry.Names(), ", ") + ")"},
		{map[string]any{"keyregen": map[string]any{"no-such-flag": true}}, `retrylint settings: keyregen has no setting "no-such-flag" (its settings: `},
		{map[string]any{"keyregen": map[string]any{"requestid": "maybe"}}, `keyregen.requestid: "maybe": parse error`},
		{map[string]any{"keyregen": map[string]any{"requestid": map[string]any{"x": 1}}}, `keyregen.requestid: a map[string]interface {} cannot be a flag value`},
		{map[string]any{"keyregen": map[string]any{"headers": []any{"a,b"}}}, `list element "a,b" cannot be passed`},
		{map[string]any{"disable": []any{"keyregen"}, "keyregen": map[string]any{"requestid": true}}, `keyregen is disabled but has settings`},
	} {
		_, err := New(tc.raw)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v) = %v, want error containing %q", tc.raw, err, tc.want)
			continue
		}
		// One "retrylint settings:" at the start, then what is wrong.
		if msg := err.Error(); !strings.HasPrefix(msg, "retrylint settings: ") || strings.Count(msg, "retrylint settings: ") != 1 {
			t.Errorf("New(%v) = %q, want one %q prefix", tc.raw, msg, "retrylint settings: ")
		}
	}
}

// TestFlagValues checks the YAML-to-flag conversion of each value kind,
// as viper and DecodeSettings deliver them.
func TestFlagValues(t *testing.T) {
	for in, want := range map[any]string{"x": "x", true: "true", float64(3): "3", 1.5: "1.5"} {
		if got, err := flagValue(in); err != nil || got != want {
			t.Errorf("flagValue(%v) = %q, %v; want %q", in, got, err, want)
		}
	}
	if got, _ := flagValue([]any{"X-Dedup-Key", "X-Op-Id"}); got != "X-Dedup-Key,X-Op-Id" {
		t.Errorf("list: got %q", got)
	}
}

// TestDisable checks that a disabled analyzer is not built, and that the
// directives checker still knows its name but no longer requires it.
func TestDisable(t *testing.T) {
	as := build(t, map[string]any{"disable": []any{"keyregen"}})
	if byName(as, "keyregen") != nil {
		t.Fatal("keyregen built although disabled")
	}
	d := byName(as, "directives")
	if d == nil {
		t.Fatal("no directives analyzer")
	}
	for _, r := range d.Requires {
		if r.Name == "keyregen" {
			t.Error("directives requires the disabled keyregen")
		}
	}
	if as := build(t, map[string]any{"disable": []any{"directives"}}); byName(as, "directives") != nil {
		t.Error("directives built although disabled")
	}
}

// TestInstancesIndependent builds two plugins, one with every flag of
// every analyzer set away from its default, and checks that the other
// plugin and the package-level analyzers keep their defaults, and that
// each directives checker requires its own plugin's analyzers.
func TestInstancesIndependent(t *testing.T) {
	settings := map[string]any{}
	changed := map[string]string{} // "analyzer.flag" -> value set
	shared := map[string]*analysis.Analyzer{}
	for _, e := range registry.Entries() {
		shared[e.Name] = e.Default
		fs := map[string]any{}
		// Find, on a throwaway analyzer, a value each flag accepts that
		// differs from its default.
		probe := e.New()
		probe.Flags.VisitAll(func(f *flag.Flag) {
			for _, v := range []string{"true", "false", "7", "2m", "X-Test-Key"} {
				if f.Value.Set(v) == nil && f.Value.String() != f.DefValue {
					fs[f.Name] = v
					changed[e.Name+"."+f.Name] = f.Value.String()
					return
				}
			}
		})
		if len(fs) > 0 {
			settings[e.Name] = fs
		}
	}
	if len(changed) == 0 {
		t.Fatal("no analyzer has a flag to set; this test checks nothing")
	}
	one, two := build(t, settings), build(t, nil)
	for key, want := range changed {
		name, fl, _ := strings.Cut(key, ".")
		if got := byName(one, name).Flags.Lookup(fl).Value.String(); got != want {
			t.Errorf("configured %s = %q, want %q", key, got, want)
		}
		if f := byName(two, name).Flags.Lookup(fl); f.Value.String() != f.DefValue {
			t.Errorf("second plugin: %s = %q, want default %q", key, f.Value.String(), f.DefValue)
		}
		if f := shared[name].Flags.Lookup(fl); f.Value.String() != f.DefValue {
			t.Errorf("package-level %s.Analyzer: %s = %q, want default %q", name, fl, f.Value.String(), f.DefValue)
		}
	}
	for _, as := range [][]*analysis.Analyzer{one, two} {
		d := byName(as, "directives")
		for _, r := range d.Requires {
			if !slices.Contains(as, r) {
				t.Errorf("directives requires a %s that is not its own plugin's", r.Name)
			}
		}
	}
	for _, a := range one {
		if slices.Contains(two, a) || slices.Contains(registry.Analyzers(), a) {
			t.Errorf("%s is shared between plugin instances", a.Name)
		}
	}
}

// TestFlagsReachable checks that every flag can be set from
// .golangci.yml: viper lower-cases keys and splits them at dots.
func TestFlagsReachable(t *testing.T) {
	for _, a := range build(t, nil) {
		seen := map[string]string{}
		a.Flags.VisitAll(func(f *flag.Flag) {
			low := strings.ToLower(f.Name)
			if strings.Contains(f.Name, ".") {
				t.Errorf("%s flag %q: viper splits keys at dots, so it cannot be set in .golangci.yml", a.Name, f.Name)
			}
			if prev, dup := seen[low]; dup {
				t.Errorf("%s flags %q and %q differ only in case; viper lower-cases keys", a.Name, prev, f.Name)
			}
			seen[low] = f.Name
		})
	}
}

// TestDocumentedSettings decodes the settings docs/golangci.md shows, as
// viper hands them over (numbers as float64), and checks each value
// reached its flag.
func TestDocumentedSettings(t *testing.T) {
	doc := readDoc(t)
	_, rest, _ := strings.Cut(doc, "### Settings\n")
	_, rest, _ = strings.Cut(rest, "```yaml\n")
	block, _, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("docs/golangci.md: no yaml block under ### Settings")
	}
	raw := parseSettings(t, block)
	as := build(t, raw)
	for key, want := range map[string]string{
		"nestedretry.min-layers":      "2",
		"nestedretry.ignore-packages": "example.com/internal/legacy",
		"keyregen.keyheaders":         "X-Dedup-Key",
		"keyregen.requestid":          "true",
		"nonidempotent.keyheaders":    "X-Dedup-Key",
		"unboundedbackoff.max-wait":   "1m0s",
		"unboundedbackoff.jitter":     "true",
	} {
		name, fl, _ := strings.Cut(key, ".")
		a := byName(as, name)
		if a == nil || a.Flags.Lookup(fl) == nil {
			t.Errorf("%s: no such analyzer or flag", key)
			continue
		}
		if got := a.Flags.Lookup(fl).Value.String(); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if byName(as, "nodeadline") != nil {
		t.Error("nodeadline not disabled")
	}
}

// TestDocumentedErrors: the error messages docs/golangci.md shows are
// the plugin's, "..." standing for the rest of a list.
func TestDocumentedErrors(t *testing.T) {
	doc := readDoc(t)
	_, rest, _ := strings.Cut(doc, "<!-- gclplugin: errors -->\n```\n")
	block, _, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("docs/golangci.md: no code block after <!-- gclplugin: errors -->")
	}
	causes := []map[string]any{
		{"nestedretri": map[string]any{}},
		{"keyregen": map[string]any{"header": "X-Dedup-Key"}},
	}
	lines := strings.Split(strings.TrimSpace(block), "\n")
	if len(lines) != len(causes) {
		t.Fatalf("docs/golangci.md shows %d errors, the test has a cause for %d", len(lines), len(causes))
	}
	for i, line := range lines {
		_, err := New(causes[i])
		if err == nil {
			t.Fatalf("New(%v): no error", causes[i])
		}
		const prefix = "plugin(retrylint): newPlugin "
		got := prefix + err.Error()
		want, _, _ := strings.Cut(line, "...")
		if !strings.HasPrefix(got, want) || !strings.Contains(line, "...") && got != line {
			t.Errorf("docs/golangci.md shows\n%s\nbut the plugin says\n%s", line, got)
		}
	}
}

func readDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../docs/golangci.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// parseSettings reads the YAML of the doc's settings block, as viper
// hands it to the plugin: nested maps by indentation, [a, b] lists of
// strings, numbers as float64, true and false as bools, other scalars as
// strings, # comments dropped. It is the part of YAML the doc uses.
func parseSettings(t *testing.T, block string) map[string]any {
	t.Helper()
	type level struct {
		indent int
		m      map[string]any
	}
	root := map[string]any{}
	stack := []level{{-1, root}}
	for _, line := range strings.Split(block, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " "))
		for indent <= stack[len(stack)-1].indent {
			stack = stack[:len(stack)-1]
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			t.Fatalf("settings block: not a key: %q", line)
		}
		m := stack[len(stack)-1].m
		value = strings.TrimSpace(value)
		switch {
		case value == "":
			sub := map[string]any{}
			m[key] = sub
			stack = append(stack, level{indent, sub})
		case strings.HasPrefix(value, "[") && strings.HasSuffix(value, "]"):
			var list []any
			for _, v := range strings.Split(value[1:len(value)-1], ",") {
				list = append(list, strings.TrimSpace(v))
			}
			m[key] = list
		case value == "true" || value == "false":
			m[key] = value == "true"
		default:
			if f, err := strconv.ParseFloat(value, 64); err == nil {
				m[key] = f
			} else {
				m[key] = value
			}
		}
	}
	// The block starts at the plugin's "settings:" key.
	settings, ok := root["settings"].(map[string]any)
	if !ok {
		t.Fatalf("settings block does not start with settings: %v", root)
	}
	return settings
}

// TestSharedSettings: a shared flag set at the top level reaches every
// analyzer that has it; an analyzer's own setting of it wins; and a bad
// value names the key.
func TestSharedSettings(t *testing.T) {
	as := build(t, map[string]any{
		"tests":         true,
		"nonidempotent": map[string]any{"tests": false},
	})
	for _, a := range as {
		f := a.Flags.Lookup("tests")
		if f == nil {
			continue
		}
		want := a.Name != "nonidempotent"
		if got := f.Value.String() == "true"; got != want {
			t.Errorf("%s.tests = %s, want %v", a.Name, f.Value, want)
		}
	}
	if _, err := New(map[string]any{"keyheaders": []any{"X-Dedup-Key: x"}}); err == nil || !strings.Contains(err.Error(), "keyheaders") || !strings.Contains(err.Error(), "not a header name") {
		t.Errorf("a bad keyheaders value: err %v", err)
	}
}
