package gclplugin

import (
	"errors"
	"flag"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
)

// Name is the linter name in .golangci.yml, in //nolint:retrylint and
// after each finding in golangci-lint's output.
const Name = "retrylint"

func init() { register.Plugin(Name, New) }

// Settings is linters.settings.custom.retrylint.settings. golangci-lint
// reads YAML through viper, which lower-cases every map key and splits
// keys at dots, so the keys are lower-case analyzer and flag names, and
// nothing is keyed by a Go symbol.
type Settings struct {
	// Disable lists analyzers not to run. The directives checker still
	// accepts their names in //retrylint:ignore.
	Disable []string `json:"disable"`

	// Flags of each analyzer, by flag name.
	Nestedretry      map[string]any `json:"nestedretry"`
	Keyregen         map[string]any `json:"keyregen"`
	Nodeadline       map[string]any `json:"nodeadline"`
	Unboundedbackoff map[string]any `json:"unboundedbackoff"`
	Nonidempotent    map[string]any `json:"nonidempotent"`
}

// leaf is one reporting analyzer: its name and a constructor that
// returns a fresh analyzer with default options.
type leaf struct {
	name  string
	new   func() *analysis.Analyzer
	flags func(*Settings) map[string]any
}

// leaves are the analyzers of internal/suite, in its order, minus the
// directives checker, which BuildAnalyzers wires to them. A constructor
// whose package has no NewAnalyzer would return the shared Analyzer;
// buildLeaf refuses settings for such an analyzer, and a test fails once
// its package gains NewAnalyzer.
var leaves = []leaf{
	{"nestedretry", func() *analysis.Analyzer { return nestedretry.NewAnalyzer(nestedretry.DefaultConfig()) }, func(s *Settings) map[string]any { return s.Nestedretry }},
	{"keyregen", func() *analysis.Analyzer { return keyregen.NewAnalyzer(keyregen.DefaultConfig()) }, func(s *Settings) map[string]any { return s.Keyregen }},
	{"nodeadline", func() *analysis.Analyzer { return nodeadline.NewAnalyzer(nodeadline.DefaultConfig()) }, func(s *Settings) map[string]any { return s.Nodeadline }},
	{"unboundedbackoff", func() *analysis.Analyzer { return unboundedbackoff.NewAnalyzer(unboundedbackoff.DefaultConfig()) }, func(s *Settings) map[string]any { return s.Unboundedbackoff }},
	{"nonidempotent", func() *analysis.Analyzer { return nonidempotent.NewAnalyzer(nonidempotent.DefaultConfig()) }, func(s *Settings) map[string]any { return s.Nonidempotent }},
}

// plugin is one configured instance; golangci-lint makes one per
// .golangci.yml entry.
type plugin struct {
	settings Settings
}

// New decodes and checks the settings. Every mistake is reported here,
// before golangci-lint loads any package.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		// DecodeSettings says `decoding settings: json: unknown field "x"`;
		// say it in the terms of .golangci.yml.
		msg := strings.TrimPrefix(err.Error(), "decoding settings: ")
		if key, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
			msg = "unknown key " + key
		}
		return nil, fmt.Errorf("%s settings: %s (accepted keys: %s)", Name, msg, strings.Join(settingsKeys(), ", "))
	}
	p := &plugin{settings: s}
	if _, err := p.BuildAnalyzers(); err != nil {
		return nil, err
	}
	return p, nil
}

// GetLoadMode asks for type information: the analyzers match library
// calls by their types, and the recognizer exports facts.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// BuildAnalyzers returns fresh analyzers configured by the settings: the
// enabled leaves, then the directives checker requiring exactly them.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	known := map[string]bool{"directives": true}
	for _, l := range leaves {
		known[l.name] = true
	}
	for _, name := range p.settings.Disable {
		if !known[name] {
			return nil, fmt.Errorf("%s settings: disable: unknown analyzer %q (analyzers: %s)", Name, name, strings.Join(analyzerNames(), ", "))
		}
	}
	var out []*analysis.Analyzer
	var off []string
	for _, l := range leaves {
		if slices.Contains(p.settings.Disable, l.name) {
			if len(l.flags(&p.settings)) > 0 {
				return nil, fmt.Errorf("%s settings: %s is disabled but has settings; remove one or the other", Name, l.name)
			}
			off = append(off, l.name)
			continue
		}
		a, err := buildLeaf(l, l.flags(&p.settings))
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	if !slices.Contains(p.settings.Disable, "directives") {
		out = append(out, directives.NewAnalyzer(directives.Config{Checked: slices.Clone(out), Known: off}))
	}
	return out, nil
}

// buildLeaf makes a fresh analyzer and sets its flags from settings.
func buildLeaf(l leaf, settings map[string]any) (*analysis.Analyzer, error) {
	a := l.new()
	if len(settings) == 0 {
		return a, nil
	}
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) == 0 {
		return nil, fmt.Errorf("%s settings: %s has no settings", Name, l.name)
	}
	if a == sharedAnalyzer(l.name) {
		// Setting a flag of the package-level Analyzer would change it
		// for every other user in the process.
		return nil, fmt.Errorf("%s settings: %s cannot be configured in golangci-lint yet (its package has no NewAnalyzer)", Name, l.name)
	}
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	slices.Sort(keys) // report the first mistake deterministically
	for _, k := range keys {
		f := lookupFlag(&a.Flags, k)
		if f == nil {
			return nil, fmt.Errorf("%s settings: %s has no setting %q (its settings: %s)", Name, l.name, k, strings.Join(names, ", "))
		}
		v, err := flagValue(settings[k])
		if err != nil {
			return nil, fmt.Errorf("%s settings: %s.%s: %v", Name, l.name, k, err)
		}
		if err := f.Value.Set(v); err != nil {
			return nil, fmt.Errorf("%s settings: %s.%s: %q: %v", Name, l.name, k, v, err)
		}
	}
	return a, nil
}

// lookupFlag finds a flag by name, ignoring case: viper has lower-cased
// the key already.
func lookupFlag(fs *flag.FlagSet, name string) *flag.Flag {
	var found *flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if strings.EqualFold(f.Name, name) {
			found = f
		}
	})
	return found
}

// flagValue renders a decoded YAML value as a flag argument: scalars as
// written, lists as comma-separated values (the convention of list flags
// such as printf's -funcs). Maps have no flag form.
func flagValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64: // JSON numbers
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			s, err := flagValue(e)
			if err != nil {
				return "", err
			}
			if _, isList := e.([]any); isList || strings.Contains(s, ",") {
				return "", fmt.Errorf("list element %q cannot be passed in a comma-separated value", s)
			}
			parts[i] = s
		}
		return strings.Join(parts, ","), nil
	case nil:
		return "", errors.New("no value")
	default:
		return "", fmt.Errorf("a %T cannot be a flag value; use a string, number, boolean or list", v)
	}
}

// sharedAnalyzer returns the package-level Analyzer of a leaf.
func sharedAnalyzer(name string) *analysis.Analyzer {
	switch name {
	case "nestedretry":
		return nestedretry.Analyzer
	case "keyregen":
		return keyregen.Analyzer
	case "nodeadline":
		return nodeadline.Analyzer
	case "unboundedbackoff":
		return unboundedbackoff.Analyzer
	case "nonidempotent":
		return nonidempotent.Analyzer
	}
	return nil
}

func analyzerNames() []string {
	var out []string
	for _, l := range leaves {
		out = append(out, l.name)
	}
	return append(out, "directives")
}

// settingsKeys lists the keys Settings accepts, from its json tags.
func settingsKeys() []string {
	var out []string
	t := reflect.TypeFor[Settings]()
	for i := range t.NumField() {
		out = append(out, strings.Split(t.Field(i).Tag.Get("json"), ",")[0])
	}
	return out
}
