// Command cmpfindings compares the findings of a custom golangci-lint
// with the retrylint plugin against those of the retrylint binary on the
// same module, for scripts/golangci-e2e.sh. It exits 1, listing each
// difference, unless both report the same findings at the same
// file:line:col with the same analyzer and message; findings in files
// whose name starts with "nolint" must come from retrylint only, since
// golangci-lint drops them by a //nolint:retrylint comment.
//
//	cmpfindings -root DIR -golangci gcl.json -retrylint rl.json
//
// gcl.json is golangci-lint's --output.json.path output (absolute paths,
// --path-mode=abs); rl.json is retrylint -json's go vet tree.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	root := flag.String("root", "", "module directory both tools ran in")
	gclFile := flag.String("golangci", "", "golangci-lint JSON output")
	rlFile := flag.String("retrylint", "", "retrylint -json output")
	linter := flag.String("linter", "retrylint", "plugin linter name")
	flag.Parse()
	if err := run(*root, *gclFile, *rlFile, *linter); err != nil {
		fmt.Fprintln(os.Stderr, "cmpfindings:", err)
		os.Exit(1)
	}
}

func run(root, gclFile, rlFile, linter string) error {
	gcl, err := readGolangci(root, gclFile, linter)
	if err != nil {
		return err
	}
	rl, err := readRetrylint(root, rlFile)
	if err != nil {
		return err
	}
	var want, dropped []string
	for _, f := range rl {
		if strings.HasPrefix(filepath.Base(strings.SplitN(f, ":", 2)[0]), "nolint") {
			dropped = append(dropped, f)
		} else {
			want = append(want, f)
		}
	}
	switch {
	case len(want) == 0:
		return fmt.Errorf("retrylint reported nothing outside nolint*.go: the comparison would prove nothing")
	case len(dropped) == 0:
		return fmt.Errorf("retrylint reported nothing in nolint*.go: the //nolint:retrylint check would prove nothing")
	}
	missing, extra := diff(want, gcl), diff(gcl, want)
	for _, f := range missing {
		fmt.Fprintln(os.Stderr, "only retrylint:   ", f)
	}
	for _, f := range extra {
		fmt.Fprintln(os.Stderr, "only golangci-lint:", f)
	}
	if len(missing)+len(extra) > 0 {
		return fmt.Errorf("%d findings differ (retrylint %d, golangci-lint %d)", len(missing)+len(extra), len(want), len(gcl))
	}
	fmt.Printf("golangci-lint and retrylint agree on %d findings; //nolint:retrylint dropped %d more, as expected\n", len(want), len(dropped))
	return nil
}

// readGolangci returns "file:line:col: analyzer: message" for each issue
// of the plugin. golangci-lint puts "analyzer: " before the message
// because the analyzer's name differs from the linter's.
func readGolangci(root, file, linter string) ([]string, error) {
	var out struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
		}
	}
	if err := readJSON(file, &out); err != nil {
		return nil, err
	}
	var fs []string
	for _, is := range out.Issues {
		if is.FromLinter != linter {
			return nil, fmt.Errorf("%s: issue from linter %q; only %q is enabled", file, is.FromLinter, linter)
		}
		fs = append(fs, fmt.Sprintf("%s:%d:%d: %s", rel(root, is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.Text))
	}
	return fs, nil
}

// readRetrylint reads the go vet JSON tree, {pkg: {analyzer: [diag]}}; a
// package whose analysis failed has {"error": {...}} instead of a list.
func readRetrylint(root, file string) ([]string, error) {
	var tree map[string]map[string]json.RawMessage
	if err := readJSON(file, &tree); err != nil {
		return nil, err
	}
	var fs []string
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var diags []struct {
				Posn, Message string
				Related       []struct{ Posn, Message string }
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				return nil, fmt.Errorf("%s: package %s: %s: %s", file, pkg, name, raw)
			}
			for _, d := range diags {
				fs = append(fs, fmt.Sprintf("%s: %s: %s", rel(root, d.Posn), name, d.Message))
				// golangci-lint reports each related entry as an issue of
				// its own, "NAME(related information): message", placed
				// at the finding when the entry is in another file.
				for _, r := range d.Related {
					posn := r.Posn
					if fileOf(posn) != fileOf(d.Posn) {
						posn = d.Posn
					}
					fs = append(fs, fmt.Sprintf("%s: %s(related information): %s", rel(root, posn), name, r.Message))
				}
			}
		}
	}
	return fs, nil
}

// fileOf returns the file name of a "file:line:col" position.
func fileOf(posn string) string {
	for range 2 {
		if i := strings.LastIndexByte(posn, ':'); i >= 0 {
			posn = posn[:i]
		}
	}
	return posn
}

func readJSON(file string, v any) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	return nil
}

func rel(root, path string) string {
	if r, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}

// diff returns the elements of a not in b, as multisets, sorted.
func diff(a, b []string) []string {
	n := map[string]int{}
	for _, s := range b {
		n[s]++
	}
	var out []string
	for _, s := range a {
		if n[s] > 0 {
			n[s]--
		} else {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}
