package driver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/retrylint/retrylint/internal/topology"
)

// mergeCommand is a parsed `retrylint report merge` command line.
type mergeCommand struct {
	fs            *flag.FlagSet
	format, out   string
	p             float64
	pSet          bool
	top           int
	pathsPerEntry int
	maxPaths      int
	files         []string
}

func parseMergeFlags(args []string) (*mergeCommand, error) {
	c := &mergeCommand{}
	fs := flag.NewFlagSet("retrylint report merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.fs = fs
	fs.StringVar(&c.format, "format", "md", "output format: "+reportFormatNames())
	fs.StringVar(&c.out, "o", "", "write the merged report to this file instead of standard output")
	fs.Func("p", "per-attempt failure probability E[N] is computed at (default: the reports' own)", func(v string) error {
		p, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("want a number")
		}
		c.p, c.pSet = p, true
		return nil
	})
	fs.IntVar(&c.top, "top", topology.DefaultTop, "paths the md format lists (0: all)")
	fs.IntVar(&c.pathsPerEntry, "paths-per-entry", topology.DefaultPathsPerEntry, "paths kept from one entry point, highest amplification first")
	fs.IntVar(&c.maxPaths, "max-paths", topology.DefaultMaxPaths, "paths kept in all, highest amplification first")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return c, err
	}
	c.files = files
	switch {
	case reportFormats[c.format] == nil:
		return c, fmt.Errorf("unknown -format %q (want %s)", c.format, reportFormatNames())
	case math.IsNaN(c.p) || c.p < 0 || c.p > 1:
		return c, fmt.Errorf("-p %v: want a probability between 0 and 1 (0.1: one attempt in ten fails)", c.p)
	case c.top < 0 || c.pathsPerEntry < 1 || c.maxPaths < 1:
		return c, fmt.Errorf("-top must be 0 or more, -paths-per-entry and -max-paths 1 or more")
	case len(files) == 0:
		return c, fmt.Errorf("no reports given (try: retrylint report merge gateway.json orders.json)")
	}
	return c, nil
}

// Merge is `retrylint report merge`: it joins the JSON reports of several
// services, each made by `retrylint report -format=json` in its own
// repository, and renders the merged report. A report that cannot be
// read, of another schema, or a second report of one service is a usage
// error (exit 2) with one line; nothing is written unless the whole
// report is.
func Merge(args []string, stdout, stderr io.Writer) int {
	c, err := parseMergeFlags(args)
	if err == flag.ErrHelp {
		mergeUsage(stdout, c)
		return ExitClean
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report merge: %v\nRun 'retrylint report merge -h' for usage.\n", err)
		return ExitUsage
	}
	var reports []*topology.Report
	for _, file := range c.files {
		data, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "retrylint report merge: %v\n", firstLine(err))
			return ExitUsage
		}
		r, err := topology.ReadReport(data)
		if err != nil {
			fmt.Fprintf(stderr, "retrylint report merge: %s: %v\n", file, err)
			return ExitUsage
		}
		reports = append(reports, r)
	}
	p := c.p
	if !c.pSet {
		p = reports[0].P
		for i, r := range reports {
			if r.P != p {
				fmt.Fprintf(stderr, "retrylint report merge: %s has p = %v and %s p = %v: choose one with -p\n", c.files[0], p, c.files[i], r.P)
				return ExitUsage
			}
		}
	}
	m, err := topology.Merge(reports, topology.MergeOptions{P: p, Tool: "retrylint " + version(), Files: c.files,
		PathsPerEntry: c.pathsPerEntry, MaxPaths: c.maxPaths})
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report merge: %v\n", err)
		return ExitUsage
	}
	var buf bytes.Buffer
	if err := reportFormats[c.format](&buf, m, c.top); err != nil {
		fmt.Fprintf(stderr, "retrylint report merge: rendering the report: %v\n", err)
		return ExitError
	}
	if err := writeWhole(c.out, buf.Bytes(), stdout); err != nil {
		fmt.Fprintf(stderr, "retrylint report merge: %v\n", firstLine(err))
		return ExitError
	}
	return ExitClean
}

// writeWhole writes data to file, or to stdout when file is empty, so
// that a failure leaves no half-written file: it writes a temporary file
// next to it and renames it.
func writeWhole(file string, data []byte, stdout io.Writer) error {
	if file == "" {
		_, err := stdout.Write(data)
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// firstLine keeps an error to one line.
func firstLine(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Path + ": " + pe.Err.Error()
	}
	s := err.Error()
	if i := bytes.IndexByte([]byte(s), '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func mergeUsage(w io.Writer, c *mergeCommand) {
	fmt.Fprint(w, `retrylint report merge joins the retry topologies of several services: the
outbound calls of one report become edges to the entry points of another
that serve their targets (a gRPC method, an HTTP method and route), and the
paths and their amplification run across the services.

Usage:
  retrylint report merge [flags] A.json B.json ...

Each report is made in its service's repository with
  retrylint report -format=json -o NAME.json ./...
and names its service (its module path, or -service NAME). See
docs/report.md.

Flags:
`)
	printFlags(w, c.fs, 16, "format", "o", "p", "top", "paths-per-entry", "max-paths")
	fmt.Fprint(w, `
Exit codes:
  0  the merged report was written
  1  it could not be written
  2  bad command line, a report that cannot be read or is of another
     schema, two reports of one service
`)
}
