package driver

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// -stack makes a recovered analyzer panic carry its Go stack trace: the
// standalone driver sets analysisutil.StackEnv for the go vet it runs,
// which passes it to every tool run.
//
// go vet caches each package's tool output under a key made of the
// tool's `-V=full` answer, its flags and its inputs, not its
// environment: a -stack run would replay the errors of an earlier run,
// without stacks. So under StackEnv the tool answers -V=full with its own
// build ID mixed with "stack", and go vet keeps the results of -stack runs
// apart (the first -stack run analyzes everything again).

// stackVersion answers go vet's -V=full handshake for a -stack run, as
// unitchecker does for other runs, and reports whether it did.
func stackVersion(args []string, stdout io.Writer) bool {
	if os.Getenv(analysisutil.StackEnv) == "" || !versionQuery(args) {
		return false
	}
	exe, err := os.Executable()
	if err != nil {
		return false
	}
	f, err := os.Open(exe)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false
	}
	io.WriteString(h, "\x00stack")
	fmt.Fprintf(stdout, "%s version devel retrylint-stack buildID=%02x\n", exe, h.Sum(nil))
	return true
}

func versionQuery(args []string) bool {
	for _, a := range args {
		if strings.TrimLeft(a, "-") == "V=full" {
			return true
		}
	}
	return false
}
