package retryscan_test

import (
	"fmt"
	"go/ast"
	"reflect"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// The questions a site answers later (its delay, worst case, load
// budget and whether its attempt is local) are computed on first use by whichever analyzer asks first, and
// the analyzers of a package run in parallel. An answer must not depend
// on who asks when: a cache of the scanner filled by one question and read
// half-filled by another lost findings in runs under load.

// askInOrder renders every site's later answers, one site after another.
var askInOrder = &analysis.Analyzer{
	Name:     "askinorder",
	Doc:      "report each site's delay, worst case and load budget, asked in order",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, s := range pass.ResultOf[retryscan.Analyzer].(*retryscan.Result).Sites() {
			pass.Reportf(s.Pos(), "%s", answers(pass, s))
		}
		return nil, nil
	},
}

// askAtOnce asks the same questions from several goroutines at once,
// each going through the sites from another starting point, as several
// analyzers do.
var askAtOnce = &analysis.Analyzer{
	Name:     "askatonce",
	Doc:      "report each site's delay, worst case and load budget, asked by several goroutines at once",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
		sites := r.Sites()
		const askers = 6
		seen := make([][]string, askers)
		var wg sync.WaitGroup
		for g := range askers {
			wg.Go(func() {
				seen[g] = make([]string, len(sites))
				r.ServiceConfigs()
				for i := range sites {
					j := (i + g*len(sites)/askers) % len(sites)
					seen[g][j] = answers(pass, sites[j])
				}
			})
		}
		wg.Wait()
		for g := 1; g < askers; g++ {
			if !reflect.DeepEqual(seen[g], seen[0]) {
				return nil, fmt.Errorf("askers 0 and %d got different answers:\n%q\n%q", g, seen[0], seen[g])
			}
		}
		for i, s := range sites {
			pass.Reportf(s.Pos(), "%s", seen[0][i])
		}
		return nil, nil
	},
}

// answers renders what a site answers on first use, with positions as
// lines so that two runs compare.
func answers(pass *analysis.Pass, s *retryscan.Site) string {
	line := func(n ast.Node) int {
		if n == nil {
			return 0
		}
		return pass.Fset.Position(n.Pos()).Line
	}
	d, w := s.Delay(), s.WorstCase()
	var waits []int
	for _, c := range d.Waits {
		waits = append(waits, line(c))
	}
	return fmt.Sprintf("%s %q: delay %v capped=%v jittered=%v waits%v evidence@%d growth@%d wait@%d %v*%v; worst %s; budget %+v; local=%v",
		s.Kind(), s.Name(), d.Kind, d.Capped, d.Jittered, waits, line(d.Evidence), line(d.Growth), line(d.Wait), d.Initial, d.Factor,
		w.Terms(), s.LoadBudget(), s.Local())
}

// TestAnswersDoNotDependOnWhoAsks compares, on every package of the
// fixture module, the answers of a run that asks in order with those of a
// run that asks from several goroutines at once (each run with a fresh
// recognizer). Run it with -race as well: .ci/run does.
func TestAnswersDoNotDependOnWhoAsks(t *testing.T) {
	t.Parallel()
	inOrder := mod.Findings(t, []*analysis.Analyzer{askInOrder}, "./...")[askInOrder]
	atOnce := mod.Findings(t, []*analysis.Analyzer{askAtOnce}, "./...")[askAtOnce]
	if len(inOrder) == 0 {
		t.Fatal("the fixture module has no retry site")
	}
	if !reflect.DeepEqual(inOrder, atOnce) {
		t.Errorf("asked in order:\n%q\nasked at once:\n%q", inOrder, atOnce)
	}
}
