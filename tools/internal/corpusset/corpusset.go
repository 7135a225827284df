// Package corpusset reads the package sets of the benchmark corpus
// (../shared/corpus/sets.txt: one "NAME<tab>patterns" line per set), for
// the bench and corpusreport commands.
package corpusset

import (
	"os"
	"strings"
)

// Read returns the package patterns of each set in file, by name.
func Read(file string) (map[string][]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sets := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		name, pats, ok := strings.Cut(line, "\t")
		if ok {
			sets[strings.TrimSpace(name)] = strings.Fields(pats)
		}
	}
	return sets, nil
}
