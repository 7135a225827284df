// Package driver is the retrylint command: one binary that runs
// standalone (`retrylint ./...`) and as a go vet tool
// (`go vet -vettool=$(which retrylint) ./...`).
//
// Standalone, it does not load packages itself: it runs
//
//	go vet -vettool=<this executable> -json [analyzer flags] packages
//
// and renders the JSON tree go vet prints. go vet analyzes one package
// per process, in parallel, with facts flowing through its build cache,
// so peak memory stays that of the largest package and a re-run on
// unchanged code is served from the cache (see README, "Design notes").
// When go vet calls the executable back (-flags, a *.cfg file) it is a
// plain unitchecker; -V=full is answered with the version (version.go).
package driver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/output"
)

// Exit codes, the same for every output format.
const (
	ExitClean    = 0 // nothing found
	ExitError    = 1 // packages could not be loaded, or an analysis failed
	ExitUsage    = 2 // bad command line
	ExitFindings = 3 // findings (0 with -exit-zero)
)

// Main runs the command with os.Args and returns its exit code. Called
// back by go vet, it runs the unitchecker, which exits by itself, with
// the analyzers and the inventory of `retrylint report` (which reports
// nothing unless the report command sets its flag).
func Main(analyzers []*analysis.Analyzer, inventory *analysis.Analyzer) int {
	if code, ok := vetVersion(os.Args[1:], os.Stdout, os.Stderr); ok {
		return code
	}
	if IsVetTool(os.Args[1:]) {
		bindShared(flag.CommandLine, analyzers, vetToolFlags, func(s *analysisutil.SharedFlag) flag.Value { return s })
		flag.Bool(depsFlag, false, depsUsage)
		args, err := asAskedFor(os.Args)
		if err != nil {
			fmt.Fprintf(os.Stderr, "retrylint: -%s: %v\n", depsFlag, err)
			return ExitError
		}
		os.Args = args
		unitchecker.Main(append(slices.Clone(analyzers), inventory)...)
		return ExitError // unreachable: unitchecker.Main exits
	}
	if len(os.Args) > 1 && os.Args[1] == "report" {
		return Report(os.Args[2:], analyzers, inventory, os.Stdout, os.Stderr)
	}
	return Run(os.Args[1:], analyzers, os.Stdout, os.Stderr)
}

// IsVetTool reports whether args are those go vet passes to its tool:
// the -flags and -V=full handshake, or a single *.cfg file.
func IsVetTool(args []string) bool {
	for _, a := range args {
		a = strings.TrimPrefix(a, "-")
		if a == "-flags" || a == "flags" || a == "V" || strings.HasPrefix(a, "V=") || strings.HasPrefix(a, "-V=") {
			return true
		}
	}
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		if fi, err := os.Stat(args[n-1]); err == nil && !fi.IsDir() {
			return true
		}
	}
	return false
}

// Run is the standalone command.
func Run(args []string, analyzers []*analysis.Analyzer, stdout, stderr io.Writer) int {
	cmd, err := parseFlags(args, analyzers)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout, cmd, analyzers)
		return ExitClean
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\nRun 'retrylint -h' for usage.\n", err)
		return ExitUsage
	}
	if len(cmd.pkgs) > 0 && cmd.pkgs[0] == "help" {
		return help(stdout, stderr, cmd, analyzers, cmd.pkgs[1:])
	}
	if cmd.version || len(cmd.pkgs) == 1 && cmd.pkgs[0] == "version" {
		return printVersion(stdout)
	}
	if len(cmd.pkgs) == 0 {
		fmt.Fprintf(stderr, "retrylint: no packages given (try: retrylint ./...)\nRun 'retrylint -h' for usage.\n")
		return ExitUsage
	}
	if cmd.diff {
		return printDiff(cmd, stdout, stderr)
	}
	if cmd.fix {
		// Apply the fixes, say what changed, then report what remains.
		if code := applyFixes(cmd, stdout, stderr); code != ExitClean {
			return code
		}
	}

	tree, errs, err := collect(cmd)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return ExitError
	}
	findings := output.Findings(tree)

	cwd, _ := os.Getwd()
	switch cmd.format {
	case "text":
		err = output.WriteText(stdout, findings, describe(cmd.enabled(analyzers)), cwd, cmd.related)
	case "json":
		err = output.WriteJSON(stdout, tree)
	case "github":
		err = output.WriteGitHub(stdout, findings, cmd.repoRoot(cwd))
	case "sarif":
		err = output.WriteSARIF(stdout, output.SARIF{
			Analyzers: describe(cmd.enabled(analyzers)),
			Findings:  findings,
			Errors:    errs,
			Root:      cmd.repoRoot(cwd),
			Version:   version(),
		})
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: writing output: %v\n", err)
		return ExitError
	}
	if code := errorLines(stderr, errs); code != ExitClean {
		return code
	}
	if len(findings) > 0 && !cmd.exitZero {
		return ExitFindings
	}
	return ExitClean
}

// errorLines prints one line per package that could not be analyzed and
// returns the exit code they make: ExitUsage when a pattern matched
// nothing, ExitError for any other, ExitClean when there are none.
func errorLines(stderr io.Writer, errs []string) int {
	for _, e := range errs {
		fmt.Fprintf(stderr, "retrylint: %s\n", e)
	}
	switch {
	case noPackages(stderr, errs):
		return ExitUsage
	case len(errs) > 0:
		return ExitError
	}
	return ExitClean
}

// runFix applies the suggested fixes (-fix) through `go vet -fix`, which
// merges the edits of all packages and test variants and writes each
// file once. go vet applies the fixes of the packages asked for only:
// it needs their fix archives, which a cached result of a package
// analyzed as a dependency lacks, and ignores the archives of
// dependencies.
func runFix(cmd *command, stdout, stderr io.Writer) int {
	res, err := vet(cmd, "-fix")
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return ExitError
	}
	stdout.Write(res.stdout)
	errs := failures(res)
	for _, e := range errs {
		fmt.Fprintf(stderr, "retrylint: %s\n", e)
	}
	switch {
	case noPackages(stderr, errs):
		return ExitUsage
	case len(errs) > 0:
		return ExitError
	case res.code != 0:
		fmt.Fprintf(stderr, "retrylint: go vet -fix failed (exit status %d)\n", res.code)
		return ExitError
	}
	return ExitClean
}

type vetResult struct {
	stdout, stderr []byte
	code           int
}

// vet runs go vet with this executable as its tool.
func vet(cmd *command, mode ...string) (*vetResult, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("cannot find the retrylint executable: %v", err)
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("the go command is needed to load packages: %v", err)
	}
	args := []string{"vet", "-vettool=" + exe}
	args = append(args, mode...)
	if cmd.tags != "" {
		args = append(args, "-tags="+cmd.tags)
	}
	args = append(args, cmd.passthrough...)
	args = append(args, cmd.pkgs...)
	c := exec.Command(gocmd, args...)
	if cmd.stack {
		c.Env = append(os.Environ(), analysisutil.StackEnv+"=1")
	}
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	err = c.Run()
	res := &vetResult{stdout: out.Bytes(), stderr: errb.Bytes()}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		res.code = exitErr.ExitCode()
	} else if err != nil {
		return nil, fmt.Errorf("running go vet: %v", err)
	}
	return res, nil
}

// failures condenses go vet's stderr into one line per failing package.
func failures(res *vetResult) []string {
	lines, _ := condense(res.stderr)
	return lines
}

// condense turns go vet's stderr into one line per failing package, and
// lists the packages that failed themselves (not only their test
// variant). go vet prints a "# pkg" header before what a package's build
// or tool run wrote (type errors, a panic with its stack), and go's own
// errors (no such package, module not downloaded) without one.
func condense(stderr []byte) (lines, broken []string) {
	pkg, first, more := "", "", 0
	flush := func() {
		if pkg != "" && first != "" {
			// "p [p.test]" fails like "p" does: one line for both
			// when the first error is the same.
			base, variant, _ := strings.Cut(pkg, " ")
			line := base + ": " + first
			if more > 0 {
				line += fmt.Sprintf(" (and %d more errors)", more)
			}
			lines = append(lines, line)
			if variant == "" {
				broken = append(broken, base)
			}
		}
		pkg, first, more = "", "", 0
	}
	for _, line := range foldImportStacks(strings.Split(string(stderr), "\n")) {
		switch {
		case strings.HasPrefix(line, "# "):
			flush()
			// "# p", "# p [p.test]", or "# [p]" for a test variant.
			pkg = strings.TrimPrefix(line, "# ")
			if strings.HasPrefix(pkg, "[") && strings.HasSuffix(pkg, "]") {
				pkg = pkg[1:len(pkg)-1] + " [test]"
			}
		case strings.TrimSpace(line) == "",
			strings.HasPrefix(line, "go: downloading "),
			strings.HasPrefix(line, "go: finding "),
			strings.HasPrefix(line, "go: extracting "):
		case pkg != "":
			line = strings.TrimPrefix(line, "vet: ")
			if base, _, _ := strings.Cut(pkg, " "); strings.HasPrefix(line, base+": ") {
				line = line[len(base)+2:] // a folded import stack names it again
			}
			if first == "" {
				first = line
			} else if isErrorLine(line) && line != first {
				more++
			}
		case strings.HasPrefix(line, "\t"):
			// the rest of the line before: "\tgo get example.com/x"
		default:
			lines = append(lines, line)
		}
	}
	flush()
	return dedup(lines), dedup(broken)
}

// foldImportStacks makes one line of each error of the go command about
// a package's imports, which says what went wrong only at the end of its
// import stack:
//
//	package example.com/x/a (test)
//		imports example.com/x/b from a_test.go
//		imports example.com/x/a from b.go: import cycle not allowed in test
//
// becomes
//
//	example.com/x/a: import cycle not allowed in test (imports example.com/x/b from a_test.go, which imports example.com/x/a from b.go)
func foldImportStacks(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		pkg, ok := strings.CutPrefix(lines[i], "package ")
		j := i + 1
		for j < len(lines) && strings.HasPrefix(lines[j], "\timports ") {
			j++
		}
		if !ok || j == i+1 || strings.Contains(pkg, ":") {
			out = append(out, lines[i])
			continue
		}
		pkg = strings.TrimSuffix(pkg, " (test)")
		var hops []string
		for _, l := range lines[i+1 : j] {
			hops = append(hops, strings.TrimPrefix(l, "\t"))
		}
		last, why, found := strings.Cut(hops[len(hops)-1], ": ")
		if !found {
			why = "cannot be loaded"
		}
		hops[len(hops)-1] = last
		out = append(out, pkg+": "+why+" ("+strings.Join(hops, ", which ")+")")
		i = j - 1
	}
	return out
}

// isErrorLine reports whether line starts with a file position, as a
// type error does (not a goroutine stack line).
func isErrorLine(line string) bool {
	f, _, ok := strings.Cut(line, ":")
	return ok && strings.HasSuffix(f, ".go") && !strings.HasPrefix(line, "\t")
}

func dedup(lines []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// repoRoot is the directory SARIF and GitHub paths are relative to:
// -root, else the git top level, else the current directory.
func (c *command) repoRoot(cwd string) string {
	if c.root != "" {
		if abs, err := filepath.Abs(c.root); err == nil {
			return abs
		}
	}
	if out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output(); err == nil {
		if top := strings.TrimSpace(string(out)); top != "" {
			return filepath.Clean(top)
		}
	}
	return cwd
}

// describe gives the output formats the analyzers' names, documentation
// and pages.
func describe(analyzers []*analysis.Analyzer) []output.Analyzer {
	var out []output.Analyzer
	for _, a := range analyzers {
		out = append(out, output.Analyzer{Name: a.Name, Doc: a.Doc, URL: a.URL})
	}
	return out
}
