// Package testenv prepares and runs the module-layout testdata of
// retrylint's tests. Those modules are loaded with GOPROXY=off, so the
// real library versions their go.mod files pin must be in the module
// cache first: Download fetches them through the ordinary Go module
// proxy, so that `go test ./...` passes on a fresh machine. A Module
// loads one of them once per test binary and checks analyzers' // want
// comments on it, as analysistest does for each call.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var downloads sync.Map // dir -> *sync.Once

// Download runs `go mod download` once per process in the testdata
// module at dir (which holds a go.mod). It fails the test with go's own
// message when the modules cannot be fetched.
func Download(t testing.TB, dir string) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := downloads.LoadOrStore(abs, new(onceErr))
	o := v.(*onceErr)
	o.once.Do(func() {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = abs
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			o.msg = "go mod download in " + abs + ": " + err.Error() + "\n" + string(out)
		}
	})
	if o.msg != "" {
		t.Fatal(o.msg)
	}
}

type onceErr struct {
	once sync.Once
	msg  string
}

// Environ returns the environment for commands run against testdata
// modules.
func Environ() []string { return os.Environ() }
