package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
)

// Kinds a module can be, in the order the report lists them. "app" marks
// services and controllers whose authors write their own retries, keys
// and deadlines (issue 14), as opposed to libraries others call.
var kinds = []string{"exporter", "web", "db", "mq", "cloud", "cli", "k8s", "sdk", "app"}

// Module is one line of the data file:
//
//	kind  module@version  [pattern ...]  [# note]
//
// Patterns are relative to the module path: "..." is every package of
// the module (the default), "." its root package, "notify/..." the
// packages under notify.
type Module struct {
	Kind     string
	Path     string
	Version  string
	Patterns []string
	Note     string
	Line     int
}

// Targets are the patterns as import paths, for go get and retrylint.
func (m *Module) Targets() []string {
	var out []string
	for _, p := range m.Patterns {
		switch p {
		case ".":
			out = append(out, m.Path)
		default:
			out = append(out, m.Path+"/"+p)
		}
	}
	return out
}

// Name is the module's directory name in the work directory.
func (m *Module) Name() string {
	return strings.NewReplacer("/", "_", ".", "_", "@", "_").Replace(m.Path)
}

// ReadModules reads the data file.
func ReadModules(file string) ([]*Module, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	mods, err := ParseModules(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s:%v", file, err)
	}
	return mods, nil
}

var versionRE = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$`)

var elemRE = regexp.MustCompile(`^[A-Za-z0-9_~+-][A-Za-z0-9_.~+-]*$`)

// validPattern accepts ".", "..." and relative paths like "a/b" or
// "a/b/...", whose elements are not "." or "..".
func validPattern(p string) bool {
	if p == "." || p == "..." {
		return true
	}
	elems := strings.Split(strings.TrimSuffix(p, "/..."), "/")
	for _, e := range elems {
		if !elemRE.MatchString(e) {
			return false
		}
	}
	return true
}

// ParseModules parses the data file's text; an error names the line.
func ParseModules(text string) ([]*Module, error) {
	var mods []*Module
	seen := map[string]int{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		body, note, _ := strings.Cut(line, "#")
		f := strings.Fields(body)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("%d: want \"kind module@version [pattern ...]\", got %q", n, strings.TrimSpace(line))
		}
		m := &Module{Kind: f[0], Patterns: f[2:], Note: strings.TrimSpace(note), Line: n}
		if !isKind(m.Kind) {
			return nil, fmt.Errorf("%d: unknown kind %q (want one of %s)", n, m.Kind, strings.Join(kinds, ", "))
		}
		var ok bool
		m.Path, m.Version, ok = strings.Cut(f[1], "@")
		if !ok || m.Path == "" || !versionRE.MatchString(m.Version) {
			return nil, fmt.Errorf("%d: %q: want module@version with a pinned semantic version, not a query like @latest", n, f[1])
		}
		if len(m.Patterns) == 0 {
			m.Patterns = []string{"..."}
		}
		for _, p := range m.Patterns {
			if !validPattern(p) {
				return nil, fmt.Errorf("%d: pattern %q: want \".\", \"...\" or a path relative to the module, like \"notify/...\"", n, p)
			}
		}
		if prev, dup := seen[m.Path]; dup {
			return nil, fmt.Errorf("%d: %s is already listed on line %d", n, m.Path, prev)
		}
		seen[m.Path] = n
		mods = append(mods, m)
	}
	if len(mods) == 0 {
		return nil, fmt.Errorf("1: no modules")
	}
	return mods, nil
}

func isKind(k string) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}
