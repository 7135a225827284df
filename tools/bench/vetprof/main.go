// Command vetprof runs the retrylint suite on one package the way go vet
// runs retrylint's per-package process (unitchecker, the package's vet.cfg
// with its dependencies' export data and facts), and profiles it: under
// go vet the largest process is one package's, and that is where memory is
// measured (BENCHMARKS.md, "peak RSS").
//
// Get a package's vet.cfg by running go vet with a vettool that copies
// its last argument (the .cfg) before running retrylint, in a build cache
// that is kept; point VetxOutput somewhere writable; then:
//
//	go build -o /tmp/vetprof ./tools/bench/vetprof
//	/tmp/vetprof -cpuprofile=cpu.out -memprofile=mem.out pkg.cfg
//	go tool pprof -sample_index=alloc_space -top /tmp/vetprof mem.out
//
// -memprofile writes the heap profile when the analysis ends (all
// allocations, and what is still in use then); -gc-trace prints the heap
// after every garbage collection, whose largest "MB goal" is near the
// process's peak.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/registry"
)

func main() {
	cpu := flag.String("cpuprofile", "", "write a CPU profile to `file`")
	mem := flag.String("memprofile", "", "write a heap profile to `file` when the analysis ends")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vetprof [-cpuprofile file] [-memprofile file] pkg.cfg")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *mem != "" {
		runtime.MemProfileRate = 64 << 10
	}
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err != nil {
			fmt.Fprintln(os.Stderr, "vetprof:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "vetprof:", err)
			os.Exit(1)
		}
	}
	// unitchecker.Run exits the process itself, so the profiles are
	// written by one more analyzer that requires the whole suite: it runs
	// when every analyzer is done with the package.
	suite := registry.Analyzers()
	last := &analysis.Analyzer{
		Name:     "vetprof",
		Doc:      "write the profiles once the suite is done",
		Requires: suite,
		Run: func(*analysis.Pass) (any, error) {
			writeProfiles(*cpu, *mem)
			return nil, nil
		},
	}
	unitchecker.Run(flag.Arg(0), append(suite, last))
}

func writeProfiles(cpu, mem string) {
	if cpu != "" {
		pprof.StopCPUProfile()
	}
	if mem != "" {
		// The heap profile holds what the last completed collection
		// published: without one here, the allocations since the one
		// before are missing, as much as a third of the total of a
		// package like go-redis (12 collections), and a different part
		// in each run.
		runtime.GC()
		f, err := os.Create(mem)
		if err == nil {
			err = pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "vetprof:", err)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(os.Stderr, "vetprof: %d GCs, heap in use %d MB, allocated in all %d MB, from the OS %d MB\n",
		ms.NumGC, ms.HeapAlloc>>20, ms.TotalAlloc>>20, ms.Sys>>20)
}
