package driver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFailures(t *testing.T) {
	stderr := `go: downloading github.com/cenkalti/backoff/v4 v4.3.0
# example.com/a
a/a.go:3:23: cannot use "x" (untyped string constant) as int value in return statement
a/a.go:5:26: cannot use 1 (untyped int constant) as string value in return statement
# example.com/a [example.com/a.test]
# [example.com/a]
a/a.go:3:23: cannot use "x" (untyped string constant) as int value in return statement
# example.com/b
panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x59b3c0]

goroutine 1 [running]:
go/types.(*Func).Pkg(0x1?)
	/usr/local/go/src/go/types/object.go:468
# example.com/c
vet: c/c.go:1:1: expected 'package', found x
no required module provides package example.com/zzz; to add it:
	go get example.com/zzz
`
	got := failures(&vetResult{stderr: []byte(stderr)})
	want := []string{
		`example.com/a: a/a.go:3:23: cannot use "x" (untyped string constant) as int value in return statement (and 1 more errors)`,
		`example.com/a: a/a.go:3:23: cannot use "x" (untyped string constant) as int value in return statement`,
		`example.com/b: panic: runtime error: invalid memory address or nil pointer dereference`,
		`example.com/c: c/c.go:1:1: expected 'package', found x`,
	}
	// Lines after a block that go prints without a header stay in the
	// last block; go's own errors come first in practice.
	if !slices.Equal(got[:len(want)], want) {
		t.Errorf("failures:\n%q\nwant:\n%q", got, want)
	}
}

// TestFailuresImportStack: the go command says what is wrong with a
// package's imports at the end of an import stack, on lines of their
// own; the error line says it, with and without a "# pkg" header.
func TestFailuresImportStack(t *testing.T) {
	const cycle = `package example.com/x/a (test)
	imports example.com/x/b from a_test.go
	imports example.com/x/a from b.go: import cycle not allowed in test
`
	want := "example.com/x/a: import cycle not allowed in test (imports example.com/x/b from a_test.go, which imports example.com/x/a from b.go)"
	for _, stderr := range []string{cycle, "# example.com/x/a\n" + cycle, "# [example.com/x/a]\n" + cycle} {
		got := failures(&vetResult{stderr: []byte(stderr)})
		if len(got) != 1 || !strings.HasPrefix(got[0], want) {
			t.Errorf("failures(%q) = %q, want %q", stderr, got, want)
		}
	}
	// A package line that is the whole error is kept.
	if got := failures(&vetResult{stderr: []byte("package nosuchpkg is not in std\n")}); !slices.Equal(got, []string{"package nosuchpkg is not in std"}) {
		t.Errorf("failures = %q", got)
	}
}

func TestFailuresOutsideBlocks(t *testing.T) {
	got := failures(&vetResult{stderr: []byte("go: downloading x v1.0.0\nstat /tmp/x/nonexist: directory not found\n")})
	if want := []string{"stat /tmp/x/nonexist: directory not found"}; !slices.Equal(got, want) {
		t.Errorf("failures = %q, want %q", got, want)
	}
}

func TestIsVetTool(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "vet.cfg")
	os.WriteFile(cfg, []byte("{}"), 0o644)
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"-flags"}, true},
		{[]string{"-V=full"}, true},
		{[]string{"-json", "-nestedretry.min-layers=3", cfg}, true},
		{[]string{"./..."}, false},
		{[]string{"-json", "./..."}, false},
		{[]string{"./missing.cfg"}, false},
		{[]string{"help"}, false},
	} {
		if got := IsVetTool(tt.args); got != tt.want {
			t.Errorf("IsVetTool(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
