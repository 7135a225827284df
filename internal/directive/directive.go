// Package directive parses every //retrylint: comment, once, with one
// grammar. The suppression filter (internal/report), the recognizer
// (//retrylint:retrier), nonidempotent (//retrylint:idempotent and
// //retrylint:nonidempotent) and the directives checker all read what it
// returns; none of them looks at comment text itself.
//
// The grammar, a verb and its arguments:
//
//	//retrylint:ignore NAME[,NAME...] reason...   silence findings on this line and the next
//	//retrylint:retrier [attempts=N|unbounded] [prose...]   in a function's doc comment
//	//retrylint:idempotent [prose...]              in a function's doc comment
//	//retrylint:nonidempotent [prose...]           in a function's doc comment
//
// Like //go: directives there is no space after the slashes; a comment
// written "// retrylint:ignore ..." is prose to Go tools and to retrylint,
// and the checker says so.
package directive

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/catalog"
)

// The verbs retrylint acts on.
const (
	Ignore        = "ignore"
	Retrier       = "retrier"
	Idempotent    = "idempotent"
	NonIdempotent = "nonidempotent"
)

// Verbs lists the verbs retrylint acts on, for messages.
var Verbs = []string{Ignore, Retrier, Idempotent, NonIdempotent}

// prefix starts every directive.
const prefix = "//retrylint:"

// Directive is one //retrylint: comment (or a near miss with a space
// after the slashes that names a known verb).
type Directive struct {
	Pos  token.Pos
	Verb string
	// Args are the words after the verb.
	Args []string
	// Spaced: written "// retrylint:VERB", which is not a directive and
	// has no effect.
	Spaced bool

	// Analyzers and Reason of an ignore directive (Reason "" when
	// missing, and then it silences nothing).
	Analyzers []string
	Reason    string

	// Attempts of a retrier directive: N > 0, catalog.AttemptsUnknown
	// (no attempts= argument, or a malformed one), or
	// catalog.AttemptsUnbounded.
	Attempts int

	// Problems are the parts of the directive retrylint does not act
	// on, for the directives checker to report.
	Problems []Problem
}

// Problem is one mistake in a directive: a diagnostic category of the
// directives checker and a one-line message.
type Problem struct {
	Category string
	Message  string
}

// Categories of Problem.
const (
	Malformed = "malformed"
	NoReason  = "no-reason"
)

// Known reports whether the directive's verb is one retrylint acts on.
func (d *Directive) Known() bool { return slices.Contains(Verbs, d.Verb) }

// Effective reports whether retrylint acts on the directive: a known
// verb, written without a space.
func (d *Directive) Effective() bool { return d.Known() && !d.Spaced }

// File returns the directives of a file in source order: every comment
// that starts with //retrylint:, and every "// retrylint:VERB" comment
// whose verb is known.
func File(f *ast.File) []*Directive {
	var out []*Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if d := Parse(c); d != nil {
				out = append(out, d)
			}
		}
	}
	return out
}

// OfFunc returns the effective directive with the given verb in a
// function declaration's doc comment, or nil. Function directives
// (retrier, idempotent, nonidempotent) are read only there.
func OfFunc(decl *ast.FuncDecl, verb string) *Directive {
	if decl == nil || decl.Doc == nil {
		return nil
	}
	for _, c := range decl.Doc.List {
		if d := Parse(c); d != nil && d.Verb == verb && !d.Spaced {
			return d
		}
	}
	return nil
}

// Parse parses one comment, or returns nil when it is no directive.
func Parse(c *ast.Comment) *Directive {
	// Every comment of a package comes here, and most are not
	// directives: allocate nothing for them (generated SDK packages have
	// hundreds of thousands of doc comment lines).
	rest, ok := strings.CutPrefix(c.Text, prefix)
	spaced := false
	if !ok {
		rest, ok = strings.CutPrefix(c.Text, "// retrylint:")
		if !ok {
			return nil
		}
		spaced = true
	}
	d := &Directive{Pos: c.Pos(), Spaced: spaced}
	fields := strings.Fields(rest)
	if len(fields) == 0 || rest[0] == ' ' || rest[0] == '\t' {
		if d.Spaced {
			return nil
		}
		return d // "//retrylint:" with no verb: unknown
	}
	d.Verb, d.Args = fields[0], fields[1:]
	if d.Spaced && !d.Known() {
		return nil // prose that happens to say "retrylint:"
	}
	switch d.Verb {
	case Ignore:
		d.parseIgnore()
	case Retrier:
		d.parseRetrier()
	}
	return d
}

// parseIgnore reads "NAME[,NAME...] reason...".
func (d *Directive) parseIgnore() {
	if len(d.Args) == 0 {
		d.Problems = append(d.Problems, Problem{Malformed, "//retrylint:ignore names no analyzer, so it silences nothing; write //retrylint:ignore NAME reason"})
		return
	}
	d.Analyzers = strings.Split(d.Args[0], ",")
	d.Reason = strings.Join(d.Args[1:], " ")
	if d.Reason == "" {
		d.Problems = append(d.Problems, Problem{NoReason, "//retrylint:ignore has no reason, so it silences nothing; add why the finding does not apply after the analyzer names"})
	}
}

// parseRetrier reads "[attempts=N|unbounded] [prose...]". Words without
// "=" may follow as prose; a bare number or another key (attempt=3,
// max=3) is a mistake, and so is a count that is not positive.
func (d *Directive) parseRetrier() {
	d.Attempts = catalog.AttemptsUnknown
	for _, a := range d.Args {
		v, ok := strings.CutPrefix(a, "attempts=")
		if !ok {
			if _, err := strconv.Atoi(a); err == nil || strings.Contains(a, "=") {
				d.Problems = append(d.Problems, Problem{Malformed, "//retrylint:retrier ignores argument " + strconv.Quote(a) + "; write attempts=N (N > 0) or attempts=unbounded"})
			}
			continue // prose after the arguments: "the SDK retries inside"
		}
		if v == "unbounded" {
			d.Attempts = catalog.AttemptsUnbounded
		} else if n, err := strconv.Atoi(v); err == nil && n > 0 {
			d.Attempts = n
		} else {
			d.Problems = append(d.Problems, Problem{Malformed, "//retrylint:retrier attempts=" + v + " is not a positive count, so the attempt count is taken as unknown; write attempts=N (N > 0) or attempts=unbounded"})
		}
	}
}
