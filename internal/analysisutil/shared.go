package analysisutil

import (
	"flag"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// SharedFlag is a flag that two or more analyzers of a run define under
// the same name, with the same meaning: -keyheaders (catalog.
// BindKeyHeaders, read by keyregen and nonidempotent) and -tests
// (report.BindTests). Drivers offer it once, without the analyzer
// prefix, and setting it sets every analyzer's copy:
//
//	retrylint -keyheaders=X-Dedup-Key ./...
//	    same as -keyregen.keyheaders=X-Dedup-Key -nonidempotent.keyheaders=X-Dedup-Key
//
// so that one list a user extends is honoured by every analyzer that
// reads it. SharedFlag is a flag.Value.
type SharedFlag struct {
	Name  string
	Usage string // the first analyzer's; the registry's tests check they agree
	// Analyzers are the names of the analyzers that define the flag,
	// and Flags their flags, in the order of the analyzers.
	Analyzers []string
	Flags     []*flag.Flag
}

// SharedFlags returns the flags that two or more of analyzers define,
// sorted by name.
func SharedFlags(analyzers []*analysis.Analyzer) []*SharedFlag {
	byName := map[string]*SharedFlag{}
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) {
			s := byName[f.Name]
			if s == nil {
				s = &SharedFlag{Name: f.Name, Usage: f.Usage}
				byName[f.Name] = s
			}
			s.Analyzers = append(s.Analyzers, a.Name)
			s.Flags = append(s.Flags, f)
		})
	}
	var out []*SharedFlag
	for _, s := range byName {
		if len(s.Flags) > 1 {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b *SharedFlag) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Set sets every analyzer's copy of the flag, and stops at the first
// that rejects the value (they share one value type, so all would).
func (s *SharedFlag) Set(v string) error {
	for _, f := range s.Flags {
		if err := f.Value.Set(v); err != nil {
			return err
		}
	}
	return nil
}

// String returns the first analyzer's value.
func (s *SharedFlag) String() string {
	if s == nil || len(s.Flags) == 0 {
		return ""
	}
	return s.Flags[0].Value.String()
}

// IsBoolFlag reports whether the flag takes no value (-tests).
func (s *SharedFlag) IsBoolFlag() bool {
	if s == nil || len(s.Flags) == 0 {
		return false
	}
	b, ok := s.Flags[0].Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
