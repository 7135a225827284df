// Command multichecker runs the retrylint suite in one process with the
// x/tools multichecker (go/packages loading, all packages in memory), for
// profiling only: it takes -cpuprofile and -memprofile, which the go vet
// driver of cmd/retrylint cannot pass to its per-package processes.
//
//	go build -o /tmp/rl-multi ./tools/bench/multichecker
//	/tmp/rl-multi -cpuprofile=cpu.out -memprofile=mem.out $(grep ^LARGE sets.txt | cut -f2)
//	go tool pprof -top /tmp/rl-multi cpu.out
//
// The floor (tools/floor) takes the same flags.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/registry"
)

func main() {
	multichecker.Main(registry.Analyzers()...)
}
