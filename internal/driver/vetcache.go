package driver

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/output"
)

// go vet (Go 1.26) caches a package's result, its facts and what the tool
// printed, under a key made of the tool, its flags and the package's
// inputs, but not of how the package was analyzed: for its own findings
// (a package asked for) or for its facts only (a dependency: the
// config's VetxOnly, where the tool prints nothing). Whichever run came
// first answers the other:
//
//	retrylint ./pkg/drivers/mysql     # generic, a dependency: facts only, cached
//	retrylint ./pkg/drivers/generic   # replayed: generic's findings are lost
//
//	retrylint ./pkg/drivers/generic   # generic's findings, cached
//	retrylint ./pkg/drivers/mysql     # replayed: generic's findings are printed too
//
// (kine v0.17.5, seen as findings that came and went between runs.) So
// the command passes its tool -report-deps, which makes every cached
// result a whole one: a package built without its tests, the only kind
// of unit go vet runs both ways, is analyzed and reported whichever way
// go vet runs it. That costs nothing but the printing: every retrylint
// analyzer runs on a dependency anyway, for the facts the others need.
// A test build's units are left as go vet runs them: a package with its
// test files (and its external tests) only ever as asked for, a package
// rebuilt for another's tests ("q [p.test]") only for facts.
//
// The command then keeps the findings of the units it asked for
// (vetted), and the errors of all: a dependency's failure leaves its
// importers' results incomplete. A package built without its tests is
// named "p (plain)" in what the tool prints, because go vet names the
// package with its test files "p" too, and both can be in one run (the
// first asked for, the second imported by another package asked for).
//
// go vet -fix -diff replays what it printed the same way; -diff makes
// its diff from the findings kept here instead (fixdiff.go).
//
// `go vet -vettool=retrylint` without the flag runs as go vet does.

// depsFlag is the tool flag that reports a dependency's findings.
const depsFlag = "report-deps"

const depsUsage = "set by the retrylint command: analyze and report a package built without its tests as if asked for, also when go vet runs the tool on it for facts only (go vet caches both kinds of run under one key), and name it \"p (plain)\"; the command keeps the findings of the packages it asked for"

// plainTag ends the ID of a package built without its tests under
// -report-deps.
const plainTag = " (plain)"

// asAskedFor returns the tool's arguments with the config of a package
// built without its tests rewritten, when -report-deps is set: analyzed
// as asked for, named with plainTag. go vet's -fix runs are left alone:
// a dependency's fixes must not be applied.
func asAskedFor(args []string) ([]string, error) {
	n := len(args)
	if n == 0 || !strings.HasSuffix(args[n-1], ".cfg") || !hasFlag(args[:n-1], depsFlag) ||
		!hasFlag(args[:n-1], "json") || hasFlag(args[:n-1], "fix") {
		return args, nil
	}
	file := args[n-1]
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var cfg map[string]json.RawMessage // every field kept as go vet wrote it
	var unit struct {
		ID        string
		GoFiles   []string
		ImportMap map[string]string
	}
	if err := json.Unmarshal(data, &cfg); err != nil || json.Unmarshal(data, &unit) != nil {
		return nil, fmt.Errorf("reading %s: not a go vet config", file)
	}
	if unit.ID == "" || testBuild(unit.GoFiles, unit.ImportMap) {
		return args, nil
	}
	id, _ := json.Marshal(unit.ID + plainTag)
	cfg["ID"], cfg["VetxOnly"] = id, json.RawMessage("false")
	if data, err = json.Marshal(cfg); err != nil {
		return nil, err
	}
	asked := strings.TrimSuffix(file, ".cfg") + ".asked.cfg" // in go vet's directory for the package
	if err := os.WriteFile(asked, data, 0o644); err != nil {
		return nil, err
	}
	return append(args[:n-1:n-1], asked), nil
}

// testBuild reports a unit of a test build: a package with its test
// files, external tests, or a package rebuilt against another's test
// variant (an import resolved to "p [p.test]").
func testBuild(files []string, imports map[string]string) bool {
	return slices.ContainsFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") }) ||
		slices.ContainsFunc(slices.Collect(maps.Values(imports)), func(p string) bool { return strings.HasSuffix(p, ".test]") })
}

// hasFlag reports whether the boolean flag name is set in args
// (-name, --name, -name=true).
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			continue
		}
		n, v, explicit := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if n != name {
			continue
		}
		b, err := strconv.ParseBool(v)
		return !explicit || err == nil && b
	}
	return false
}

// vetted returns the IDs, as the tool prints them under -report-deps, of
// the units go vet checks for the listed packages (go list -test): a
// package with test files as its test variant, which holds all its files
// and which go vet names "p"; one without as "p (plain)"; its external
// tests as "p_test". The test main "p.test" is not checked.
func vetted(pkgs []listedPackage) map[string]bool {
	ids, tested, main := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range pkgs {
		if p.ForTest == "" {
			continue
		}
		path, _, _ := strings.Cut(p.ImportPath, " ")
		ids[path] = true // "p [p.test]", "p_test [p.test]"
		tested[path] = true
		main[p.ForTest+".test"] = true
	}
	for _, p := range pkgs {
		if p.ForTest == "" && !main[p.ImportPath] && !tested[p.ImportPath] {
			ids[p.ImportPath+plainTag] = true
		}
	}
	return ids
}

// keepVetted returns the tree with the findings of the units in ids and
// the errors of all, each unit named as go vet names it: "p (plain)" is
// "p" again, unless that is the name of a unit asked for (a dependency's
// error then keeps the tag).
func keepVetted(tree output.Tree, ids map[string]bool) output.Tree {
	names := map[string]bool{}
	for id := range ids {
		names[strings.TrimSuffix(id, plainTag)] = true
	}
	out := output.Tree{}
	for _, id := range slices.Sorted(maps.Keys(tree)) { // the first of two errors named alike is kept
		name := id
		if base, ok := strings.CutSuffix(id, plainTag); ok && (ids[id] || !names[base]) {
			name = base
		}
		for analyzer, res := range tree[id] {
			if !ids[id] && res.Err == "" {
				continue // a dependency's findings
			}
			if out[name] == nil {
				out[name] = map[string]*output.Result{}
			}
			if out[name][analyzer] == nil {
				out[name][analyzer] = res
			}
		}
	}
	return out
}
