// Command ircompare measures what the value-flow layer costs against the
// two SSA forms issue 14 names as candidates, on the same packages: the
// syntax index retrylint uses (internal/flow), golang.org/x/tools/go/ssa
// (what the buildssa pass builds) and honnef.co/go/tools/go/ir
// (staticcheck's form). For each package it builds each form the way an
// analysis pass would (the package from syntax, its imports from export
// data as type-only packages) and records CPU time and allocated bytes.
//
// It is its own module so honnef.co/go/tools stays out of retrylint's
// go.mod. Run it in the module that holds the packages:
//
//	cd ../shared/corpus && go run -C /path/to/retrylint/tools/ircompare . -dir $PWD k8s.io/client-go/...
//
// The result is in BENCHMARKS.md ("Value flow: syntax index, go/ssa,
// go/ir") and the choice it supports in the README's dependency table.
package main

import (
	"flag"
	"fmt"
	"go/types"
	"os"
	"runtime"
	"sort"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"honnef.co/go/tools/go/ir"

	"github.com/retrylint/retrylint/internal/flow"
)

func main() {
	dir := flag.String("dir", ".", "directory of the module the patterns are resolved in")
	rounds := flag.Int("rounds", 3, "builds of each form per package; the minimum is kept")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: ircompare [-dir DIR] [-rounds N] packages")
		os.Exit(2)
	}
	cfg := &packages.Config{
		Dir:  *dir,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
	}
	pkgs, err := packages.Load(cfg, flag.Args()...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ircompare:", err)
		os.Exit(1)
	}
	var rows []row
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.Types == nil || len(p.Syntax) == 0 {
			continue
		}
		rows = append(rows, measure(p, *rounds))
	}
	print(rows)
}

// row is one package's cost per form: CPU time and bytes allocated.
type row struct {
	pkg              string
	flowT, ssaT, irT time.Duration
	flowB, ssaB, irB uint64
}

func measure(p *packages.Package, rounds int) row {
	r := row{pkg: p.PkgPath}
	r.flowT, r.flowB = minOf(rounds, func() {
		flow.NewIndex(p.Types, p.TypesInfo, p.Syntax).Defs(nil) // the first query builds the index
	})
	r.ssaT, r.ssaB = minOf(rounds, func() {
		prog := ssa.NewProgram(p.Fset, 0)
		eachImport(p.Types, func(t *types.Package) { prog.CreatePackage(t, nil, nil, true) })
		prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false).Build()
	})
	r.irT, r.irB = minOf(rounds, func() {
		prog := ir.NewProgram(p.Fset, 0)
		eachImport(p.Types, func(t *types.Package) { prog.CreatePackage(t, nil, nil, true) })
		prog.CreatePackage(p.Types, p.Syntax, p.TypesInfo, false).Build()
	})
	return r
}

// eachImport visits the package's transitive imports once each, as the
// buildssa and buildir passes create them: types only, no bodies.
func eachImport(pkg *types.Package, f func(*types.Package)) {
	seen := map[*types.Package]bool{}
	var visit func([]*types.Package)
	visit = func(ps []*types.Package) {
		for _, p := range ps {
			if !seen[p] {
				seen[p] = true
				f(p)
				visit(p.Imports())
			}
		}
	}
	visit(pkg.Imports())
}

// minOf runs fn rounds times and keeps the fastest run, with the bytes it
// allocated: the least disturbed by the rest of the machine.
func minOf(rounds int, fn func()) (time.Duration, uint64) {
	best, bytes := time.Duration(1<<62), uint64(0)
	for range rounds {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		fn()
		d := time.Since(start)
		runtime.ReadMemStats(&after)
		if d < best {
			best, bytes = d, after.TotalAlloc-before.TotalAlloc
		}
	}
	return best, bytes
}

func print(rows []row) {
	var sum row
	for _, r := range rows {
		sum.flowT += r.flowT
		sum.ssaT += r.ssaT
		sum.irT += r.irT
		sum.flowB += r.flowB
		sum.ssaB += r.ssaB
		sum.irB += r.irB
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ssaT > rows[j].ssaT })
	fmt.Printf("%d packages\n\n", len(rows))
	fmt.Println("| form | time | allocated | time / syntax index | allocated / syntax index |")
	fmt.Println("|---|---:|---:|---:|---:|")
	line := func(name string, t time.Duration, b uint64) {
		fmt.Printf("| %s | %s | %.1f MB | %.1fx | %.1fx |\n", name, t.Round(time.Millisecond), float64(b)/1e6,
			float64(t)/float64(sum.flowT), float64(b)/float64(sum.flowB))
	}
	line("syntax index (internal/flow)", sum.flowT, sum.flowB)
	line("golang.org/x/tools/go/ssa", sum.ssaT, sum.ssaB)
	line("honnef.co/go/tools/go/ir", sum.irT, sum.irB)
	fmt.Println("\nlargest packages by go/ssa time:")
	for i, r := range rows {
		if i == 5 {
			break
		}
		fmt.Printf("  %s: index %s, ssa %s, ir %s\n", r.pkg, r.flowT.Round(time.Microsecond), r.ssaT.Round(time.Microsecond), r.irT.Round(time.Microsecond))
	}
}
