package main

import (
	"fmt"
	"sort"
	"strings"
)

// set is a named list of modules: its data file, the report it writes
// and the report's title.
type set struct {
	modules, out, title string
}

// sets are what -set names. Each writes its own report files, so a run of
// one never overwrites the other's results.
var sets = map[string]set{
	// The robustness sweep of issue 12: libraries of every kind and
	// applications, for crashes first, findings second.
	"sweep": {"tools/sweep/modules.txt", "reports/sweep.md", "retrylint robustness sweep"},
	// The application corpus of issue 26: services whose authors write
	// their own retries, deadlines and keys, none of them in the sweep,
	// whose every finding is judged in EVIDENCE.md.
	"apps": {"tools/sweep/apps.txt", "reports/apps.md", "retrylint on the application corpus"},
}

func setNames() string {
	names := make([]string, 0, len(sets))
	for n := range sets {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// applySet fills -modules and -out from -set where they were not given.
func (o *options) applySet() error {
	s, ok := sets[o.set]
	if !ok {
		return fmt.Errorf("-set %q: no such set (want one of %s)", o.set, setNames())
	}
	if o.modules == "" {
		o.modules = s.modules
	}
	if o.out == "" {
		o.out = s.out
	}
	return nil
}
