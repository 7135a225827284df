package gclplugin

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/registry"
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
	Disable []string
	// Flags holds each analyzer's settings, by analyzer name (a key of
	// the registry) and then by flag name.
	Flags map[string]map[string]any
	// Shared holds the settings of flags that several analyzers have
	// (keyheaders, tests), by flag name: each is set on every analyzer
	// that has it, before that analyzer's own settings (which win).
	Shared map[string]any
}

// disableKey is the one settings key that is not an analyzer name.
const disableKey = "disable"

// UnmarshalJSON decodes the settings object: "disable", one key per
// analyzer of the registry and one per shared flag. Any other key is an
// error that lists the accepted ones.
func (s *Settings) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	names := registry.Names()
	shared := sharedNames()
	for key, v := range raw {
		if key == disableKey {
			if err := json.Unmarshal(v, &s.Disable); err != nil {
				return fmt.Errorf("%s: a list of analyzer names is wanted: %v", disableKey, err)
			}
			continue
		}
		if slices.Contains(shared, key) {
			var val any
			if err := json.Unmarshal(v, &val); err != nil {
				return fmt.Errorf("%s: %v", key, err)
			}
			if s.Shared == nil {
				s.Shared = map[string]any{}
			}
			s.Shared[key] = val
			continue
		}
		if !slices.Contains(names, key) || key == "directives" {
			return fmt.Errorf("unknown key %q", key)
		}
		var flags map[string]any
		dec := json.NewDecoder(bytes.NewReader(v))
		if err := dec.Decode(&flags); err != nil {
			return fmt.Errorf("%s: a map of flag names to values is wanted: %v", key, err)
		}
		if s.Flags == nil {
			s.Flags = map[string]map[string]any{}
		}
		s.Flags[key] = flags
	}
	return nil
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
		msg := strings.TrimPrefix(err.Error(), "decoding settings: ")
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
// registry's analyzers not disabled, then the directives checker
// requiring exactly them.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	for name := range p.settings.Flags {
		if slices.Contains(p.settings.Disable, name) {
			return nil, fmt.Errorf("%s settings: %s is disabled but has settings; remove one or the other", Name, name)
		}
	}
	// An analyzer's settings have their own message; any other error of
	// Build is about the disable list.
	var configErr error
	as, err := registry.Build(p.settings.Disable, func(a *analysis.Analyzer) error {
		configErr = configure(a, p.settings.flagsOf(a))
		return configErr
	})
	switch {
	case configErr != nil:
		return nil, configErr
	case err != nil:
		return nil, fmt.Errorf("%s settings: %s: %v", Name, disableKey, err)
	}
	return as, nil
}

// flagsOf returns an analyzer's settings: the shared flags it has, then
// its own settings, which win.
func (s *Settings) flagsOf(a *analysis.Analyzer) map[string]any {
	if len(s.Shared) == 0 {
		return s.Flags[a.Name]
	}
	out := map[string]any{}
	for k, v := range s.Shared {
		if lookupFlag(&a.Flags, k) != nil {
			out[k] = v
		}
	}
	for k, v := range s.Flags[a.Name] {
		out[k] = v
	}
	return out
}

// sharedNames returns the names of the flags several analyzers have
// (analysisutil.SharedFlags): keyheaders, tests.
func sharedNames() []string {
	var out []string
	for _, f := range analysisutil.SharedFlags(registry.Analyzers()) {
		out = append(out, f.Name)
	}
	return out
}

// configure sets a fresh analyzer's flags from its settings.
func configure(a *analysis.Analyzer, settings map[string]any) error {
	if len(settings) == 0 {
		return nil
	}
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if len(names) == 0 {
		return fmt.Errorf("%s settings: %s has no settings", Name, a.Name)
	}
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	slices.Sort(keys) // report the first mistake deterministically
	for _, k := range keys {
		f := lookupFlag(&a.Flags, k)
		if f == nil {
			return fmt.Errorf("%s settings: %s has no setting %q (its settings: %s)", Name, a.Name, k, strings.Join(names, ", "))
		}
		v, err := flagValue(settings[k])
		if err != nil {
			return fmt.Errorf("%s settings: %s.%s: %v", Name, a.Name, k, err)
		}
		if err := f.Value.Set(v); err != nil {
			return fmt.Errorf("%s settings: %s.%s: %q: %v", Name, a.Name, k, v, err)
		}
	}
	return nil
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

// settingsKeys lists the keys Settings accepts: disable, the
// registry's analyzers and the shared flags.
func settingsKeys() []string {
	keys := []string{disableKey}
	for _, e := range registry.Entries() {
		keys = append(keys, e.Name)
	}
	return append(keys, sharedNames()...)
}
