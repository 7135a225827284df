package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"sort"
	"strings"

	"github.com/retrylint/retrylint/internal/output"
)

// collect runs go vet on the command's packages and returns the findings
// tree and one error line per package that could not be analyzed. One
// package's failure never blanks the others:
//
//   - go vet refuses to start when a package cannot be loaded (a missing
//     go.sum entry, an import nobody provides); those packages are listed,
//     reported one line each, and go vet runs again on all the others;
//   - a package that does not type-check is reported by go vet; the
//     packages importing it cannot be built, and go vet skips them without
//     a word, so they get a line too;
//   - an analyzer's failure on a package (a recovered panic included, see
//     analysisutil.Guard) is an error in the tree: its other analyzers'
//     findings and every other package are still reported.
func collect(cmd *command) (output.Tree, []string, error) {
	listed, res, err := vetAsked(cmd)
	if err != nil {
		return nil, nil, err
	}
	var errs []string
	if loadFailed(res) {
		if bad, good := partition(listed); len(bad) > 0 {
			errs = bad
			res = &vetResult{code: res.code}
			if len(good) > 0 {
				again := *cmd
				again.pkgs = good
				if listed, res, err = vetAsked(&again); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	tree, err := askedTree(listed, res)
	if err != nil {
		return nil, nil, err
	}
	lines, broken := condense(res.stderr)
	errs = append(errs, lines...)
	errs = append(errs, treeErrors(tree, cmd.stack, reported(errs))...)
	if len(broken) > 0 {
		errs = append(errs, skipped(listed, broken, reported(errs))...)
	}
	if res.code != 0 && len(errs) == 0 {
		// go vet failed without saying why: say it.
		errs = append(errs, fmt.Sprintf("go vet exited with status %d", res.code))
	}
	return tree, errs, nil
}

// vetAsked runs go vet -json on the command's packages with every
// package's findings printed (-report-deps, see vetcache.go) and lists
// the packages, so that those asked for can be told apart. When they
// cannot be listed (go vet then says why), it runs go vet as it is.
func vetAsked(cmd *command) ([]listedPackage, *vetResult, error) {
	listed, err := list(cmd, cmd.pkgs)
	if err != nil {
		res, err := vet(cmd, "-json")
		return nil, res, err
	}
	res, err := vet(cmd, "-json", "-"+depsFlag)
	return listed, res, err
}

// askedTree reads the JSON trees go vet printed and keeps the findings
// of the packages asked for, when they are listed.
func askedTree(listed []listedPackage, res *vetResult) (output.Tree, error) {
	tree, err := output.ReadTrees(bytes.NewReader(res.stdout))
	if err == nil && listed != nil {
		tree = keepVetted(tree, vetted(listed))
	}
	return tree, err
}

// loadFailed reports whether go vet stopped before analyzing anything:
// it failed, printed no findings and no package's output.
func loadFailed(res *vetResult) bool {
	return res.code != 0 && len(bytes.TrimSpace(res.stdout)) == 0 && !bytes.HasPrefix(res.stderr, []byte("# ")) &&
		!bytes.Contains(res.stderr, []byte("\n# "))
}

// A listedPackage is one package of `go list -e -test -json`.
type listedPackage struct {
	ImportPath string
	ForTest    string
	Incomplete bool
	Error      *listError
	DepsErrors []*listError
	Deps       []string
}

type listError struct {
	ImportStack []string
	Pos         string
	Err         string
}

// base is the package a test variant belongs to, or "" for a test main.
func (p *listedPackage) base() string {
	switch {
	case p.ForTest != "":
		return p.ForTest
	case strings.HasSuffix(p.ImportPath, ".test"):
		return ""
	}
	return p.ImportPath
}

// list runs go list on patterns, test variants included (go vet checks
// them too), errors reported in the JSON rather than failing.
func list(cmd *command, patterns []string) ([]listedPackage, error) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return nil, err
	}
	args := []string{"list", "-e", "-test", "-json=ImportPath,ForTest,Incomplete,Error,DepsErrors,Deps"}
	if cmd.tags != "" {
		args = append(args, "-tags="+cmd.tags)
	}
	out, err := exec.Command(gocmd, append(args, patterns...)...).Output()
	if err != nil {
		return nil, err
	}
	var pkgs []listedPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, p)
	}
}

// partition splits the listed packages into an error line for each one
// that cannot be loaded (itself, its tests or a dependency) and the
// import paths of the others.
func partition(pkgs []listedPackage) (bad, good []string) {
	why := map[string]string{}
	var order []string
	for i := range pkgs {
		p := &pkgs[i]
		b := p.base()
		if b == "" {
			continue
		}
		if _, seen := why[b]; !seen {
			why[b] = ""
			order = append(order, b)
		}
		if p.Incomplete && why[b] == "" {
			why[b] = loadError(p)
		}
	}
	for _, b := range order {
		if why[b] != "" {
			bad = append(bad, b+": "+why[b])
		} else {
			good = append(good, b)
		}
	}
	return bad, good
}

// loadError says in one line why a package cannot be loaded.
func loadError(p *listedPackage) string {
	e := p.Error
	if e == nil && len(p.DepsErrors) > 0 {
		e = p.DepsErrors[0]
	}
	if e == nil {
		return "cannot be loaded"
	}
	msg, _, _ := strings.Cut(e.Err, "\n")
	msg = strings.TrimSuffix(strings.TrimSuffix(msg, "; to add:"), ":")
	if e.Pos != "" && !strings.HasPrefix(msg, e.Pos) {
		msg = e.Pos + ": " + msg
	}
	// An error in a dependency is the dependency's (reported on its own
	// line when it is listed too).
	if n := len(e.ImportStack); n > 0 && e.ImportStack[n-1] != p.ImportPath && e.ImportStack[n-1] != p.base() {
		return "not analyzed: it imports " + e.ImportStack[n-1] + ", which cannot be loaded (" + msg + ")"
	} else if n > 1 {
		// A cycle back to the package: say through what.
		msg += " (imports " + strings.Join(e.ImportStack[1:], ", which imports ") + ")"
	}
	return msg
}

// treeErrors condenses the analyzers' errors in the tree to one line per
// package not already reported. An analyzer whose requirement failed
// says only "failed prerequisites: ..."; that line is dropped when the
// package has another. A recovered panic's error names its analyzer and
// package itself and is printed as it is (every analyzer built on the
// recognizer returns the recognizer's); full keeps the lines after the
// first (the stack of -stack).
func treeErrors(tree output.Tree, full bool, done map[string]bool) []string {
	byPkg := map[string][]string{}
	for id, m := range tree {
		pkg, _, _ := strings.Cut(id, " ")
		for name, res := range m {
			if res.Err == "" || done[pkg] {
				continue
			}
			msg := strings.TrimSpace(res.Err)
			if !full {
				msg, _, _ = strings.Cut(msg, "\n")
			}
			if !strings.Contains(msg, ": internal error analyzing "+pkg) {
				msg = pkg + ": " + name + ": " + msg
			}
			byPkg[pkg] = append(byPkg[pkg], msg)
		}
	}
	var out []string
	for pkg, msgs := range byPkg {
		msgs = dedup(sorted(msgs))
		var causes []string
		for _, m := range msgs {
			if !strings.Contains(m, ": failed prerequisites: ") {
				causes = append(causes, m)
			}
		}
		if len(causes) == 0 {
			causes = msgs[:1]
		}
		line := causes[0]
		if n := len(causes) - 1; n > 0 {
			line += fmt.Sprintf(" (and %d more errors in %s)", n, pkg)
		}
		out = append(out, line)
	}
	return sorted(out)
}

// skipped reports the listed packages go vet skipped without a word: they
// import a package that failed to build.
func skipped(pkgs []listedPackage, broken []string, done map[string]bool) []string {
	var out []string
	for i := range pkgs {
		p := &pkgs[i]
		b := p.base()
		if b == "" || done[b] {
			continue
		}
		for _, f := range broken {
			if f != b && slices.Contains(p.Deps, f) {
				out = append(out, b+": not analyzed: it imports "+f+", which does not build")
				done[b] = true
				break
			}
		}
	}
	return out
}

// reported returns the packages the error lines are about.
func reported(lines []string) map[string]bool {
	done := map[string]bool{}
	for _, l := range lines {
		if pkg, _, ok := strings.Cut(l, ": "); ok && !strings.Contains(pkg, " ") {
			done[pkg] = true
		}
	}
	return done
}

func sorted(s []string) []string {
	sort.Strings(s)
	return s
}
