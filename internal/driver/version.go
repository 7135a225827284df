package driver

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// buildVersion describes the running binary from its build info.
type buildVersion struct {
	module   string // module version: "v0.1.0", a pseudo-version, or "(devel)"
	revision string // VCS revision when built from a clone
	modified bool   // the clone had uncommitted changes
}

func readBuildVersion() buildVersion {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf reads the module version, and the vcs.revision and
// vcs.modified settings the go command stamps when it builds in a clone
// (go install ./cmd/retrylint; -buildvcs=false or a build outside git
// leaves them out).
func versionOf(bi *debug.BuildInfo) buildVersion {
	v := buildVersion{module: "(devel)"}
	if bi == nil {
		return v
	}
	if bi.Main.Version != "" {
		v.module = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.revision = s.Value
		case "vcs.modified":
			v.modified = s.Value == "true"
		}
	}
	return v
}

// String is the version as `retrylint -version` and SARIF's
// driver.version show it:
//
//	v0.1.0
//	v0.0.0-20261129224505-3d32715e941a+dirty (git 3d32715e941a712e26c3db242bfe2ab8af6edfab, modified)
//	(devel)
func (v buildVersion) String() string {
	if v.revision == "" {
		return v.module
	}
	vcs := "git " + v.revision
	if v.modified {
		vcs += ", modified"
	}
	return v.module + " (" + vcs + ")"
}

// version is retrylint's version for SARIF.
func version() string {
	return readBuildVersion().String()
}

// printVersion answers `retrylint -version` and `retrylint version`.
func printVersion(w io.Writer) int {
	fmt.Fprintf(w, "retrylint %s, built with %s %s/%s\n", readBuildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return ExitClean
}

// -stack makes a recovered analyzer panic carry its Go stack trace: the
// standalone driver sets analysisutil.StackEnv for the go vet it runs,
// which passes it to every tool run.
//
// go vet caches each package's tool output under a key made of the
// tool's `-V=full` answer, its flags and its inputs, not its
// environment: a -stack run would replay the errors of an earlier run,
// without stacks. So under StackEnv the tool answers -V=full (vetVersion)
// with its build ID mixed with "stack", and go vet keeps the results of
// -stack runs apart (the first -stack run analyzes everything again).
//
// vetVersion answers go vet's -V=full handshake, which unitchecker
// would answer with "devel comments-go-here": go vet reads the line as
//
//	<executable> version devel <anything> buildID=<id>
//
// and keys its cache of this tool's results by the id, so the id must
// change whenever the executable does: like unitchecker's, it is the
// SHA-256 of the executable's bytes. The version goes in the middle,
// where go vet ignores it. ok reports whether args asked for -V=full.
func vetVersion(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	for _, a := range args {
		ok = ok || a == "-V=full" || a == "--V=full"
	}
	if !ok {
		return 0, false
	}
	stack := os.Getenv(analysisutil.StackEnv) != ""
	sum, err := executableHash(stack)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: -V=full: %v\n", err)
		return ExitError, true
	}
	exe, _ := os.Executable()
	v := readBuildVersion()
	id := "retrylint-" + v.module
	if v.revision != "" {
		id += "-" + v.revision
		if v.modified {
			id += "-modified"
		}
	}
	if stack {
		id += "-stack" // see stack.go: -stack results are cached apart
	}
	fmt.Fprintf(stdout, "%s version devel %s buildID=%x\n", exe, id, sum)
	return ExitClean, true
}

// executableHash hashes the executable, and "stack" after it for a
// -stack run, for go vet's cache key.
func executableHash(stack bool) ([]byte, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(exe)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	if stack {
		io.WriteString(h, "\x00stack")
	}
	return h.Sum(nil), nil
}
