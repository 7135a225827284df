package gclplugin

import (
	"flag"
	"slices"
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
		{map[string]any{"disable": []any{"keyregn"}}, `disable: unknown analyzer "keyregn" (analyzers: nestedretry, keyregen, nodeadline, unboundedbackoff, nonidempotent, retryclass, retrybudget, directives)`},
		{map[string]any{"keyregen": map[string]any{"no-such-flag": true}}, `keyregen has no setting "no-such-flag" (its settings: `},
		{map[string]any{"keyregen": map[string]any{"requestid": "maybe"}}, `keyregen.requestid: "maybe": parse error`},
		{map[string]any{"keyregen": map[string]any{"requestid": map[string]any{"x": 1}}}, `keyregen.requestid: a map[string]interface {} cannot be a flag value`},
		{map[string]any{"keyregen": map[string]any{"headers": []any{"a,b"}}}, `list element "a,b" cannot be passed`},
		{map[string]any{"disable": []any{"keyregen"}, "keyregen": map[string]any{"requestid": true}}, `keyregen is disabled but has settings`},
	} {
		_, err := New(tc.raw)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v) = %v, want error containing %q", tc.raw, err, tc.want)
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
	as := build(t, map[string]any{
		"disable":          []any{"nodeadline"},
		"nestedretry":      map[string]any{"min-layers": float64(2), "ignore-packages": []any{"example.com/internal/legacy"}},
		"keyheaders":       []any{"X-Dedup-Key"},
		"keyregen":         map[string]any{"requestid": true},
		"unboundedbackoff": map[string]any{"max-wait": "1m", "jitter": true},
	})
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
