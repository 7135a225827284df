package driver

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// command is a parsed standalone command line.
type command struct {
	fs       *flag.FlagSet
	format   string
	json     bool
	root     string
	exitZero bool
	fix      bool
	diff     bool
	tags     string
	stack    bool // go stack traces in the errors of analyzer panics
	related  bool
	version  bool

	// passthrough holds the analyzer flags (-NAME, -NAME.flag=value) in
	// command-line order, for go vet to hand to each tool run.
	passthrough []string
	enable      map[string]bool // -NAME=true/false as given
	pkgs        []string
}

var formats = []string{"text", "json", "sarif", "github"}

func parseFlags(args []string, analyzers []*analysis.Analyzer) (*command, error) {
	c := &command{enable: map[string]bool{}}
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported by Run, in one line
	c.fs = fs
	fs.StringVar(&c.format, "format", "text", "output format: "+strings.Join(formats, ", "))
	fs.BoolVar(&c.json, "json", false, "same as -format=json: go vet's JSON tree {package: {analyzer: [diagnostics]}}")
	fs.StringVar(&c.root, "root", "", "directory SARIF, GitHub and -diff paths are relative to (default: the git top level, else the current directory)")
	fs.BoolVar(&c.exitZero, "exit-zero", false, "exit 0 when there are findings (report-only runs); errors still exit 1")
	fs.BoolVar(&c.fix, "fix", false, "apply the suggested fixes, say which files changed, then report the findings that remain")
	fs.BoolVar(&c.diff, "diff", false, "print the suggested fixes as a diff in git's form (git apply takes it) instead of applying them")
	fs.StringVar(&c.tags, "tags", "", "comma-separated build tags, passed to go vet")
	fs.BoolVar(&c.stack, "stack", false, "print the Go stack trace of an analyzer's internal error (to report it)")
	fs.BoolVar(&c.related, "related", true, "text format: print each finding's related positions (the hops of a chain) as indented lines, as go vet does; -related=false leaves them out")
	fs.BoolVar(&c.version, "version", false, "print retrylint's version and exit")

	c.analyzerFlags(analyzers)
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return c, err
	}
	c.pkgs = pkgs
	if c.json {
		c.format = "json"
	}
	valid := false
	for _, f := range formats {
		valid = valid || f == c.format
	}
	if !valid {
		return c, fmt.Errorf("unknown -format %q (want %s)", c.format, strings.Join(formats, ", "))
	}
	if (c.fix || c.diff) && c.format != "text" {
		return c, fmt.Errorf("-fix and -diff print no findings: drop -format/-json")
	}
	if c.root != "" {
		if fi, err := os.Stat(c.root); err != nil || !fi.IsDir() {
			return c, fmt.Errorf("-root %s: not a directory", c.root)
		}
	}
	return c, nil
}

// analyzerFlags defines the analyzer flags on c's flag set: -NAME to
// select analyzers and -NAME.flag for their options, recorded in
// passthrough for go vet.
func (c *command) analyzerFlags(analyzers []*analysis.Analyzer) {
	fs := c.fs
	for _, a := range analyzers {
		name := a.Name
		fs.Var(&passFlag{name: name, isBool: true, record: func(v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("want true or false")
			}
			c.enable[name] = b
			c.passthrough = append(c.passthrough, "-"+name+"="+v)
			return nil
		}}, name, "enable only the "+name+" analyzer (-"+name+"=false: run all others)")
		a.Flags.VisitAll(func(f *flag.Flag) {
			full := name + "." + f.Name
			bf, isBool := f.Value.(interface{ IsBoolFlag() bool })
			fs.Var(&passFlag{name: full, isBool: isBool && bf.IsBoolFlag(), value: f.Value, record: func(v string) error {
				c.passthrough = append(c.passthrough, "-"+full+"="+v)
				return nil
			}}, full, f.Usage)
		})
	}
	bindShared(fs, analyzers, nil, func(s *analysisutil.SharedFlag) flag.Value {
		return &passFlag{name: s.Name, isBool: s.IsBoolFlag(), value: s, record: func(v string) error {
			c.passthrough = append(c.passthrough, "-"+s.Name+"="+v)
			return nil
		}}
	})
}

// parseInterleaved parses flags that come before and after the package
// patterns (retrylint ./pkg -format=github) as if they all came first,
// and returns the patterns. go vet stops at its first pattern; the
// standalone command does not, since no pattern starts with "-".
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pkgs []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		i := 0
		for ; i < len(args) && !isFlag(args[i]); i++ {
			if args[i] != "--" {
				pkgs = append(pkgs, args[i])
			}
		}
		if i == len(args) {
			return pkgs, nil
		}
		args = args[i:]
	}
}

// vetToolFlags are the flags unitchecker defines itself; a shared flag
// of the same name would make it panic.
var vetToolFlags = []string{"flags", "V", "json", "c", "fix", "diff", "source", "v", "all", "tags"}

// bindShared registers each flag that several analyzers define
// (analysisutil.SharedFlags) on fs without the analyzer prefix, so that
// -keyheaders=X sets -keyregen.keyheaders and -nonidempotent.keyheaders.
// wrap returns the flag.Value to register for it. A name fs or reserved already has is left out (the registry's
// tests keep them apart).
func bindShared(fs *flag.FlagSet, analyzers []*analysis.Analyzer, reserved []string, wrap func(*analysisutil.SharedFlag) flag.Value) {
	for _, s := range analysisutil.SharedFlags(analyzers) {
		if fs.Lookup(s.Name) != nil || slices.Contains(reserved, s.Name) {
			continue
		}
		fs.Var(wrap(s), s.Name, s.Usage+" (sets -NAME."+s.Name+" of "+strings.Join(s.Analyzers, ", ")+")")
	}
}

// isFlag reports whether arg is a flag: "-x" or "--x", not "-" or "--".
func isFlag(arg string) bool {
	return len(arg) > 1 && arg[0] == '-' && arg != "--"
}

// passFlag records an analyzer flag for go vet, after checking its
// value with the analyzer's own flag.Value (so that a typo fails here,
// once, and not in every package's tool run).
type passFlag struct {
	name   string
	isBool bool
	value  flag.Value
	record func(string) error
}

func (p *passFlag) String() string {
	if p == nil || p.value == nil {
		return ""
	}
	return p.value.String()
}

func (p *passFlag) Set(v string) error {
	if p.value != nil {
		if err := p.value.Set(v); err != nil {
			return err
		}
	}
	return p.record(v)
}

func (p *passFlag) IsBoolFlag() bool { return p.isBool }

// enabled returns the analyzers that run, by the x/tools rule: if any
// -NAME flag is true, only those; else all but those set to false.
func (c *command) enabled(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	anyTrue := false
	for _, on := range c.enable {
		anyTrue = anyTrue || on
	}
	var out []*analysis.Analyzer
	for _, a := range analyzers {
		on, set := c.enable[a.Name]
		if (anyTrue && on) || (!anyTrue && (!set || on)) {
			out = append(out, a)
		}
	}
	return out
}

func usage(w io.Writer, c *command, analyzers []*analysis.Analyzer) {
	fmt.Fprint(w, `retrylint finds retry code that makes outages worse.

Usage:
  retrylint [flags] packages [flags]  analyze packages, e.g. ./...
  retrylint help [analyzer]           list the analyzers, or document one
  retrylint report [flags] packages   the retry topology: sites, layers, amplification ('retrylint help report')
  retrylint version                   print the version (also -version)
  go vet -vettool=$(which retrylint) [analyzer flags] packages

Analyzers:
`)
	listAnalyzers(w, analyzers)
	fmt.Fprint(w, "\nFlags:\n")
	printFlags(w, c.fs, 10, "format", "json", "root", "exit-zero", "fix", "diff", "tags", "stack", "related", "version")
	fmt.Fprint(w, `
Analyzer flags (x/tools convention, also accepted by go vet):
  -NAME           run only the named analyzers (repeatable)
  -NAME=false     run all analyzers but NAME
  -NAME.flag=v    set an analyzer's flag; 'retrylint help NAME' lists them
  -flag=v         set a flag that several analyzers have on each of them:
`)
	for _, sh := range analysisutil.SharedFlags(analyzers) {
		fmt.Fprintf(w, "                    -%s (%s)\n", sh.Name, strings.Join(sh.Analyzers, ", "))
	}
	fmt.Fprint(w, `
Exit codes (every format):
  0  nothing found (or findings with -exit-zero); -fix: nothing remains
  1  packages could not be loaded or an analysis failed (one line each on stderr)
  2  bad command line: unknown flag, bad value, no packages, a pattern that matches none
  3  findings; -fix: findings remain after the fixes; -diff: there are fixes to apply
`)
}

// printFlags lists the named flags of fs with their usage and default,
// names padded to width.
func printFlags(w io.Writer, fs *flag.FlagSet, width int, names ...string) {
	for _, name := range names {
		f := fs.Lookup(name)
		def := ""
		if f.DefValue != "" && f.DefValue != "false" {
			def = fmt.Sprintf(" (default %q)", f.DefValue)
		}
		fmt.Fprintf(w, "  -%-*s %s%s\n", width, name, f.Usage, def)
	}
}

func listAnalyzers(w io.Writer, analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		short, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %-18s %s\n", a.Name, short)
	}
}

// help prints the analyzer list, or each named analyzer's Doc and flags.
func help(stdout, stderr io.Writer, c *command, analyzers []*analysis.Analyzer, names []string) int {
	if len(names) == 1 && names[0] == "report" {
		rc, _ := parseReportFlags(nil, analyzers)
		reportUsage(stdout, rc)
		return ExitClean
	}
	if len(names) == 0 {
		fmt.Fprint(stdout, "retrylint analyzers (run 'retrylint help NAME' for one's documentation):\n\n")
		listAnalyzers(stdout, analyzers)
		return ExitClean
	}
	byName := map[string]*analysis.Analyzer{}
	var known []string
	for _, a := range analyzers {
		byName[a.Name] = a
		known = append(known, a.Name)
	}
	sort.Strings(known)
	for i, name := range names {
		a := byName[name]
		if a == nil {
			fmt.Fprintf(stderr, "retrylint: no analyzer named %q (known: %s)\n", name, strings.Join(known, ", "))
			return ExitUsage
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s: %s\n", a.Name, strings.TrimSpace(a.Doc))
		if a.URL != "" {
			fmt.Fprintf(stdout, "\nDocumentation: %s\n", a.URL)
		}
		// The doc lists the flags (a test checks it names every one as
		// the binary accepts it); list here only those it does not name.
		first := true
		a.Flags.VisitAll(func(f *flag.Flag) {
			full := "-" + a.Name + "." + f.Name
			if docNames(a.Doc, full) {
				return
			}
			if first {
				fmt.Fprintf(stdout, "\nFlags:\n")
				first = false
			}
			fmt.Fprintf(stdout, "  %s\t%s (default %q)\n", full, f.Usage, f.DefValue)
		})
	}
	return ExitClean
}

// docNames reports whether doc mentions the flag name as a whole word
// ("-nestedretry.min-layers", not a prefix of a longer flag).
func docNames(doc, name string) bool {
	for i := 0; ; {
		j := strings.Index(doc[i:], name)
		if j < 0 {
			return false
		}
		end := i + j + len(name)
		next := doc[end:]
		next = strings.TrimPrefix(next, ".") // "-a.b." ends a sentence; "-a.b.c" is longer
		if next == "" || !isFlagByte(next[0]) {
			return true
		}
		i = end
	}
}

func isFlagByte(b byte) bool {
	return b == '-' || b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
