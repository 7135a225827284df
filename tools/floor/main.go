// Command floor is the benchmark baseline for retrylint: a multichecker of
// buildssa and inspect only. It loads, parses, type-checks and builds SSA
// for the packages it is given and reports nothing, so its cost is what any
// go/analysis tool pays before its own analyzers do any work.
//
// Like retrylint it runs standalone (floor ./...) and as a vet tool
// (go vet -vettool=$(which floor) ./...). Under go vet, buildssa runs on
// every dependency because it requires ctrlflow, which has facts.
//
// scripts/bench.sh builds and runs it; see BENCHMARKS.md.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

func main() {
	multichecker.Main(buildssa.Analyzer, inspect.Analyzer)
}
