package main

import (
	"encoding/json"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestVersion: -version and the version command print the module
// version (and the git revision when the build has one) and the Go
// toolchain; SARIF's driver.version is the same version.
func TestVersion(t *testing.T) {
	r := run(t, ".", "-version")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("-version: exit %d\n%s", r.code, r.stderr)
	}
	// The test binary has no module version or git revision: "(devel)".
	want := regexp.MustCompile(`^retrylint (\(devel\)|v\S+)( \(git [0-9a-f]+(, modified)?\))?, built with ` + regexp.QuoteMeta(runtime.Version()) + ` \S+/\S+\n$`)
	if !want.MatchString(r.stdout) {
		t.Errorf("-version printed %q, want it to match %s", r.stdout, want)
	}
	if v := run(t, ".", "version"); v.code != 0 || v.stdout != r.stdout {
		t.Errorf("version: exit %d, printed %q; want what -version prints, %q", v.code, v.stdout, r.stdout)
	}

	version := strings.TrimPrefix(r.stdout, "retrylint ")
	version, _, _ = strings.Cut(version, ", built with ")
	s := run(t, e2eDir(t), "-format=sarif", "./store")
	var log struct {
		Runs []struct {
			Tool struct{ Driver struct{ Version string } }
		}
	}
	if err := json.Unmarshal([]byte(s.stdout), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("-format=sarif: exit %d, %v\n%s", s.code, err, s.stderr)
	}
	if got := log.Runs[0].Tool.Driver.Version; got != version {
		t.Errorf("SARIF driver.version = %q, want %q", got, version)
	}
}
