package driver

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/output"
	"github.com/retrylint/retrylint/internal/topology"
)

// reportFormats are the renderings of `retrylint report`, by -format
// name; top is -top, the number of paths listed where a format lists
// them. Adding a format is one row.
var reportFormats = map[string]func(w io.Writer, r *topology.Report, top int) error{
	"md":   topology.MarkdownTop,
	"json": func(w io.Writer, r *topology.Report, _ int) error { return topology.JSON(w, r) },
	"dot":  func(w io.Writer, r *topology.Report, _ int) error { return topology.Dot(w, r) },
	"html": func(w io.Writer, r *topology.Report, _ int) error { return topology.HTML(w, r) },
}

// reportFormatNames lists the formats for messages.
func reportFormatNames() string {
	var names []string
	for n := range reportFormats {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// reportCommand is a parsed `retrylint report` command line.
type reportCommand struct {
	command
	out           string
	p             float64
	top           int
	pathsPerEntry int
	maxPaths      int
	service       string
}

func parseReportFlags(args []string, analyzers []*analysis.Analyzer) (*reportCommand, error) {
	c := &reportCommand{command: command{enable: map[string]bool{}}}
	fs := flag.NewFlagSet("retrylint report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.fs = fs
	fs.StringVar(&c.format, "format", "md", "output format: "+reportFormatNames())
	fs.StringVar(&c.out, "o", "", "write the report to this file instead of standard output")
	fs.Float64Var(&c.p, "p", 0.1, "per-attempt failure probability E[N] is computed at, between 0 and 1")
	fs.IntVar(&c.top, "top", topology.DefaultTop, "paths the md format lists (0: all)")
	fs.IntVar(&c.pathsPerEntry, "paths-per-entry", topology.DefaultPathsPerEntry, "paths kept from one entry point, highest amplification first")
	fs.IntVar(&c.maxPaths, "max-paths", topology.DefaultMaxPaths, "paths kept in all, highest amplification first")
	fs.StringVar(&c.service, "service", "", "name of the service the report is of, which report merge joins by (default: the module path)")
	fs.StringVar(&c.root, "root", "", "directory file names are relative to (default: the git top level, else the current directory)")
	fs.StringVar(&c.tags, "tags", "", "comma-separated build tags, passed to go vet")
	fs.BoolVar(&c.stack, "stack", false, "print the Go stack trace of an analyzer's internal error (to report it)")
	c.analyzerFlags(analyzers)
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return c, err
	}
	c.pkgs = pkgs
	switch {
	case reportFormats[c.format] == nil:
		return c, fmt.Errorf("unknown -format %q (want %s)", c.format, reportFormatNames())
	case math.IsNaN(c.p) || c.p < 0 || c.p > 1:
		return c, fmt.Errorf("-p %v: want a probability between 0 and 1 (0.1: one attempt in ten fails)", c.p)
	case c.top < 0 || c.pathsPerEntry < 1 || c.maxPaths < 1:
		return c, fmt.Errorf("-top must be 0 or more, -paths-per-entry and -max-paths 1 or more")
	}
	if c.root != "" {
		if fi, err := os.Stat(c.root); err != nil || !fi.IsDir() {
			return c, fmt.Errorf("-root %s: not a directory", c.root)
		}
	}
	return c, nil
}

// Report is `retrylint report`: it runs go vet as a lint run does, with
// the inventory analyzer switched on, and builds the retry topology from
// the inventory records and the findings of the same run.
func Report(args []string, analyzers []*analysis.Analyzer, inventory *analysis.Analyzer, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return Merge(args[1:], stdout, stderr)
	}
	c, err := parseReportFlags(args, analyzers)
	if err == flag.ErrHelp {
		reportUsage(stdout, c)
		return ExitClean
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report: %v\nRun 'retrylint help report' for usage.\n", err)
		return ExitUsage
	}
	if len(c.pkgs) == 0 {
		fmt.Fprintf(stderr, "retrylint report: no packages given (try: retrylint report ./...)\n")
		return ExitUsage
	}
	// A run that selects analyzers (-nestedretry) selects the inventory
	// too; its flag is the last word.
	for _, on := range c.enable {
		if on {
			c.passthrough = append(c.passthrough, "-"+inventory.Name+"=true")
			break
		}
	}
	c.passthrough = append(c.passthrough, "-"+inventory.Name+".emit=true")

	tree, errs, err := collect(&c.command)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report: %v\n", err)
		return ExitError
	}
	units, findings, bad := readInventory(tree, inventory.Name)
	errs = append(errs, bad...)
	cwd, _ := os.Getwd()
	r := topology.Build(units, findings, topology.Options{
		P:             c.p,
		Tool:          "retrylint " + version(),
		Root:          c.repoRoot(cwd),
		PathsPerEntry: c.pathsPerEntry,
		MaxPaths:      c.maxPaths,
		Service:       c.service,
		Source:        newSourceReader().lines,
	})
	if code := writeReport(c, r, stdout, stderr); code != ExitClean {
		return code
	}
	return errorLines(stderr, errs)
}

// sourceReader reads the lines of the sites' files for the report, each
// file once; a file it cannot read gives no lines.
type sourceReader struct{ files map[string][]string }

func newSourceReader() *sourceReader { return &sourceReader{files: map[string][]string{}} }

func (s *sourceReader) lines(file string, from, to int) []string {
	lines, ok := s.files[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
		}
		s.files[file] = lines
	}
	if from < 1 || from > len(lines) {
		return nil
	}
	return lines[from-1 : min(to, len(lines))]
}

func writeReport(c *reportCommand, r *topology.Report, stdout, stderr io.Writer) int {
	w := stdout
	var f *os.File
	if c.out != "" {
		var err error
		if f, err = os.Create(c.out); err != nil {
			fmt.Fprintf(stderr, "retrylint report: %v\n", err)
			return ExitError
		}
		w = f
	}
	err := reportFormats[c.format](w, r, c.top)
	if f != nil {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report: writing the report: %v\n", err)
		return ExitError
	}
	return ExitClean
}

// readInventory splits go vet's tree into the inventory units, one per
// package (test variants hold the same non-test code, and test code is
// not part of the topology), and the other analyzers' findings.
func readInventory(tree output.Tree, inventory string) (units []*topology.Unit, findings []topology.Finding, errs []string) {
	for _, id := range sortedIDs(tree) {
		res := tree[id][inventory]
		if res == nil || strings.Contains(id, " ") {
			continue
		}
		for _, d := range res.Diagnostics {
			if d.Category != topology.Category {
				continue
			}
			u, err := topology.DecodeUnit(d.Message)
			if err != nil {
				errs = append(errs, id+": "+err.Error())
				continue
			}
			units = append(units, u)
		}
	}
	for _, f := range output.Findings(tree) {
		if f.Analyzer == inventory {
			continue
		}
		findings = append(findings, topology.Finding{
			Analyzer: f.Analyzer,
			Category: f.Category,
			Message:  f.Message,
			Pos:      topology.Pos{File: f.Pos.File, Line: f.Pos.Line, Col: f.Pos.Col},
		})
	}
	return units, findings, errs
}

func sortedIDs(tree output.Tree) []string {
	ids := make([]string, 0, len(tree))
	for id := range tree {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func reportUsage(w io.Writer, c *reportCommand) {
	fmt.Fprint(w, `retrylint report draws the retry topology of a codebase: every retry site,
the call graph from entry points through the retry layers to outbound calls,
and the paths with the most calls one request can turn into.

Usage:
  retrylint report [flags] packages   e.g. retrylint report ./... > retries.md

For each path: the calls at full outage (the product of the layers'
attempts: 3 layers of 3 make 27) and E[N] at -p, the mean number of calls
when each attempt fails with probability p, layer by layer
(1 - p^A) / (1 - p). See docs/report.md.

Flags:
`)
	printFlags(w, c.fs, 16, "format", "o", "p", "top", "paths-per-entry", "max-paths", "service", "root", "tags", "stack")
	fmt.Fprint(w, `
Analyzer flags (-NAME, -NAME.flag=v) are accepted as by retrylint: the
findings listed at each site are those of the analyzers that run.

Exit codes:
  0  the report was written
  1  packages could not be loaded or an analysis failed (the report covers the others)
  2  bad command line

Joining the reports of several services (each made with -format=json in
its own repository):
  retrylint report merge [-format=md|json|dot|html] [-o file] A.json B.json ...
`)
}
