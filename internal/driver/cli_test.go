package driver

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/registry"
)

func TestFlagsAfterPatterns(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args   []string
		pkgs   []string
		format string
		pass   []string
	}{
		{[]string{"./..."}, []string{"./..."}, "text", nil},
		{[]string{"./pkg", "-format=github"}, []string{"./pkg"}, "github", nil},
		{[]string{"-json", "./a", "-nestedretry", "./b", "-root", dir}, []string{"./a", "./b"}, "json", []string{"-nestedretry=true"}},
		{[]string{"./a", "--", "./b"}, []string{"./a", "./b"}, "text", nil},
		{[]string{"help", "nestedretry", "-format=sarif"}, []string{"help", "nestedretry"}, "sarif", nil},
	} {
		c, err := parseFlags(tt.args, registry.Analyzers())
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		if !slices.Equal(c.pkgs, tt.pkgs) || c.format != tt.format || !slices.Equal(c.passthrough, tt.pass) {
			t.Errorf("%q: packages %q, format %s, analyzer flags %q; want %q, %s, %q", tt.args, c.pkgs, c.format, c.passthrough, tt.pkgs, tt.format, tt.pass)
		}
	}
	for _, args := range [][]string{
		{"./a", "-bogus"},
		{"./a", "-format=xml"},
		{"-root=" + dir + "/nosuch", "./a"},
	} {
		if _, err := parseFlags(args, registry.Analyzers()); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

func TestPatternErrors(t *testing.T) {
	for line, want := range map[string]bool{
		"no packages to vet":                                                 true,
		`go: warning: "./x/..." matched no packages`:                         true,
		"pattern ./x/...: lstat ./x/: no such file or directory":             true,
		"stat /m/x: directory not found":                                     true,
		"package nosuch is not in std (/usr/local/go/src/nosuch)":            true,
		"no required module provides package example.com/x; to add it:":      true,
		"directory ../y is outside main module or its selected dependencies": true,
		// Lines of packages set aside name the pattern first:
		"./nosuch: stat /m/nosuch: directory not found":                  true,
		"nosuchpkg: package nosuchpkg is not in std (/usr/local/go/src)": true,
		// The code is broken, not the command line:
		"a/a.go:3:8: no required module provides package example.com/x; to add it:": false,
		"example.com/m/a: a/a.go:3:23: cannot use \"x\"":                            false,
		"package a imports b: import cycle not allowed":                             false,
		"go: warning: ignoring symlink /m/x":                                        false,
		"stat /m/go.mod: permission denied":                                         false,
		"example.com/m/a: a/a.go:3:8: no required module provides package x":        false,
	} {
		if got := isPatternError(line); got != want {
			t.Errorf("isPatternError(%q) = %v, want %v", line, got, want)
		}
	}
}

func TestVersionOf(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	const rev = "3d32715e941a712e26c3db242bfe2ab8af6edfab"
	for _, tt := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{nil, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}}, "v0.1.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", rev, "vcs.modified", "false")},
			"(devel) (git " + rev + ")"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261129224505-3d32715e941a+dirty"}, Settings: settings("vcs", "git", "vcs.revision", rev, "vcs.modified", "true")},
			"v0.0.0-20261129224505-3d32715e941a+dirty (git " + rev + ", modified)"},
	} {
		if got := versionOf(tt.bi).String(); got != tt.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tt.bi, got, tt.want)
		}
	}
}

// TestVetVersion: the -V=full answer is what go vet parses (tool name,
// "version", "devel", ..., "buildID=<id>"), with retrylint's version
// in it and the executable's hash as the id, so go vet's cache of
// results changes with the binary.
func TestVetVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if _, ok := vetVersion([]string{"-x"}, &stdout, &stderr); ok {
		t.Fatal("vetVersion answered without -V=full")
	}
	code, ok := vetVersion([]string{"-V=full"}, &stdout, &stderr)
	if !ok || code != ExitClean {
		t.Fatalf("vetVersion(-V=full): %d, %v: %s", code, ok, stderr.String())
	}
	exe, _ := os.Executable()
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(stdout.String())
	want := fmt.Sprintf("buildID=%x", sha256.Sum256(data))
	if len(f) != 5 || f[0] != exe || f[1] != "version" || f[2] != "devel" || !strings.HasPrefix(f[3], "retrylint-") || f[4] != want {
		t.Errorf("-V=full printed %q, want %q version devel retrylint-VERSION %s", stdout.String(), exe, want)
	}
}
