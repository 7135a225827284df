package inventory_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/inventory"
	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/internal/topology"
)

// TestEmit checks the unit of each package (sites, outbound calls, entry
// points of every kind, edges across packages) and the facts, by the
// packages' want comments; then what the inventory reads from each shape
// of URL a client builds, and what a site whose calls it does not follow
// says about them. The module is loaded once for all of it.
func TestEmit(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	got := units(t, dir, "./p", "./q", "./r", "./s", "./lit", "./later", "./targets/...", "./unres")
	t.Run("targets", func(t *testing.T) { checkTargets(t, dir, got["example.com/inv/targets"]) })
	t.Run("unresolved", func(t *testing.T) { checkUnresolved(t, got["example.com/inv/unres"]) })
}

// mod is testdata/mod, loaded once for the tests here.
var mod = testenv.NewModule("testdata/mod", "./quiet")

// TestQuiet checks that the analyzer as every lint run has it reports
// nothing: quiet has no want comments.
func TestQuiet(t *testing.T) {
	t.Parallel()
	mod.Run(t, inventory.Analyzer, "./quiet")
}

// units runs the analyzer on patterns of the module at dir and returns
// the unit of each package, by import path. The packages' want comments
// only say a unit is reported; the callers check what is in it.
func units(t *testing.T, dir string, patterns ...string) map[string]*topology.Unit {
	t.Helper()
	a := inventory.NewAnalyzer(inventory.Config{Emit: true})
	out := map[string]*topology.Unit{}
	for _, r := range analysistest.Run(t, dir, a, patterns...) {
		for _, d := range r.Action.Diagnostics {
			if d.Category != topology.Category {
				continue
			}
			u, err := topology.DecodeUnit(d.Message)
			if err != nil {
				t.Fatal(err)
			}
			out[u.Package] = u
		}
	}
	return out
}

// expectations reads the "// target: ..." comments of a file: the target
// each line's outbound call must have, as Target.String() renders it,
// and after "unknown:", what Target.Unknown must say.
func expectations(t *testing.T, file string) map[int][2]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][2]string{}
	for i, line := range strings.Split(string(data), "\n") {
		_, c, ok := strings.Cut(line, "// target: ")
		if !ok {
			continue
		}
		target, unknown, _ := strings.Cut(c, " unknown: ")
		want[i+1] = [2]string{target, unknown}
	}
	return want
}

// checkTargets checks what the inventory reads from each shape of URL a
// client builds, and why what it cannot read is unknown.
func checkTargets(t *testing.T, dir string, u *topology.Unit) {
	if u == nil {
		t.Fatal("no unit for example.com/inv/targets")
	}
	want := expectations(t, filepath.Join(dir, "targets", "targets.go"))
	got := map[int]*topology.Target{}
	for _, o := range u.Outbound {
		got[o.Pos.Line] = o.Target
	}
	for line, w := range want {
		tg, ok := got[line]
		switch {
		case !ok:
			t.Errorf("targets.go:%d: no outbound call in the unit", line)
		case tg.String() != w[0] || tg.Unknown != w[1]:
			t.Errorf("targets.go:%d: target %q (unknown: %q), want %q (unknown: %q)", line, tg.String(), tg.Unknown, w[0], w[1])
		}
	}
	if len(want) < 15 {
		t.Errorf("%d expectations read: the comments lost their format?", len(want))
	}
}

// TestRoutes checks the routes read from each router's registrations
// and the gRPC methods read from service descriptors (grpc's generated
// health service, and one whose proto name is not its Go name), with the
// outbound gRPC calls' targets: each file says what to expect in
// "serves:" and "target:" comments.
func TestRoutes(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "routes")
	testenv.Download(t, dir)
	got := units(t, dir, "./...")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.go"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*.go"))
	checked := 0
	for _, file := range append(files, more...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		serves := map[int][]string{}
		outs := map[int]*topology.Target{}
		for _, u := range got {
			for _, sv := range u.Serves {
				if sv.Pos.File == file {
					serves[sv.Pos.Line] = append(serves[sv.Pos.Line], sv.Target.String())
				}
			}
			for _, o := range u.Outbound {
				if o.Pos.File == file {
					outs[o.Pos.Line] = o.Target
				}
			}
		}
		rel, _ := filepath.Rel(dir, file)
		for i, line := range strings.Split(string(data), "\n") {
			if before, w, ok := strings.Cut(line, "// serves: "); ok {
				checked++
				at := i + 1
				if strings.TrimSpace(before) == "" {
					at++ // a comment line of its own: about the line below
				}
				slices.Sort(serves[at])
				have := strings.Join(serves[at], " | ")
				if w == "-" {
					w = ""
				}
				if have != w {
					t.Errorf("%s:%d: serves %q, want %q", rel, at, have, w)
				}
			}
			if _, w, ok := strings.Cut(line, "// target: "); ok {
				checked++
				target, unknown, _ := strings.Cut(w, " unknown: ")
				if tg := outs[i+1]; tg.String() != target || tg == nil && target != "?" || tg != nil && tg.Unknown != unknown {
					t.Errorf("%s:%d: target %v, want %q (unknown: %q)", rel, i+1, tg, target, unknown)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("%d expectations checked: the comments lost their format?", checked)
	}
}

// checkUnresolved checks what a site whose attempts reach no outbound
// call says about them: the call through the program's interface, the
// function value; err.Error() (a method with no package) is no such
// call and must not break the analysis.
func checkUnresolved(t *testing.T, u *topology.Unit) {
	if u == nil || len(u.Sites) != 2 {
		t.Fatalf("unit %+v, want two sites", u)
	}
	for i, want := range []string{"its attempts call s.Save through an interface", "its attempts call op, a function value"} {
		if got := u.Sites[i].Unresolved; got != want {
			t.Errorf("site %s: unresolved %q, want %q", u.Sites[i].Func, got, want)
		}
	}
}

// TestShapes runs the inventory, with its routes and targets, on the
// recognizer's fixture of every callee shape that once crashed an
// analyzer (calls of function values, generic methods, deferred and init
// calls): it must analyze every package without an error.
func TestShapes(t *testing.T) {
	if len(unitsOf(t, filepath.Join("..", "retryscan", "testdata", "shapes"), true)) == 0 {
		t.Error("no unit reported on the shapes: the fixture moved?")
	}
}

// TestLoadBudget checks each site's load budget against the "// budget:"
// comment on its line: the kind, and for a budget whose numbers are
// visible its share to four decimals. The twins: an AWS client with the
// default token bucket and one with ratelimit.None, gRPC service configs
// with and without retryThrottling, a hand-written loop with and without
// a rate limiter, failsafe-go with and without WithBudget; and what is not
// seen (a client from a parameter, a retryer of its own, a call that may
// be made on either of two channels configured differently) stays
// unknown, with why.
func TestLoadBudget(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "budget")
	testenv.Download(t, dir)
	got := unitsOf(t, dir, false)
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.go"))
	sites := map[string]topology.Site{} // by file:line
	for _, u := range got {
		for _, s := range u.Sites {
			sites[s.Pos.File+":"+strconv.Itoa(s.Pos.Line)] = s.Site
		}
	}
	checked := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, file)
		for i, line := range strings.Split(string(data), "\n") {
			_, w, ok := strings.Cut(line, "// budget: ")
			if !ok {
				continue
			}
			checked++
			s, ok := sites[file+":"+strconv.Itoa(i+1)]
			if !ok || s.LoadBudget == nil {
				t.Errorf("%s:%d: no site with a load budget", rel, i+1)
				continue
			}
			lb := s.LoadBudget
			have := lb.Kind
			if lb.Share != nil {
				have += " " + strconv.FormatFloat(*lb.Share, 'f', 4, 64)
			}
			if have != w {
				t.Errorf("%s:%d: load budget %q (%+v), want %q", rel, i+1, have, *lb, w)
			}
			if (lb.Kind == topology.BudgetUnknown) != (lb.Why != "") {
				t.Errorf("%s:%d: load budget %+v: an unknown one says why, and only it", rel, i+1, *lb)
			}
		}
	}
	if checked < 14 {
		t.Errorf("%d expectations checked: the comments lost their format?", checked)
	}
}

// TestClampedDelay checks the base delay, max delay and worst case the
// report shows for a loop whose wait doubles up to a constant (min(d*2,
// 4*time.Second)), against the "// delays: BASE MAX WORST" comment on
// its line ("-" when not shown), and its twin clamped at a parameter.
func TestClampedDelay(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "budget")
	testenv.Download(t, dir)
	file := filepath.Join(dir, "loops", "clamped.go")
	sites := map[int]topology.Site{}
	for _, u := range unitsOf(t, dir, false) {
		for _, s := range u.Sites {
			if s.Pos.File == file {
				sites[s.Pos.Line] = s.Site
			}
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	show := func(v *float64) string {
		if v == nil {
			return "-"
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	checked := 0
	for i, line := range strings.Split(string(data), "\n") {
		_, w, ok := strings.Cut(line, "// delays: ")
		if !ok {
			continue
		}
		checked++
		s, ok := sites[i+1]
		if !ok {
			t.Errorf("clamped.go:%d: no site", i+1)
			continue
		}
		if have := show(s.BaseDelay) + " " + show(s.MaxDelay) + " " + show(s.WorstCase); have != w {
			t.Errorf("clamped.go:%d: delays %q, want %q", i+1, have, w)
		}
	}
	if checked != 2 {
		t.Errorf("%d expectations checked, want 2", checked)
	}
}

// unitsOf runs the analyzer on every package of the module at dir (and
// their tests), with no want comments, and returns the units; an
// analysis error fails the test.
func unitsOf(t *testing.T, dir string, tests bool) []*topology.Unit {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: tests, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{inventory.NewAnalyzer(inventory.Config{Emit: true})}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []*topology.Unit
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			if act.Analyzer.Name == inventory.Name && d.Category == topology.Category {
				u, err := topology.DecodeUnit(d.Message)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, u)
			}
		}
	}
	return out
}
