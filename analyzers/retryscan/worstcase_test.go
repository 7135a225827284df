package retryscan_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
)

// worst reports the worst case of every retry site of the fixture, so
// that each term's source is stated with a // want comment.
var worst = &analysis.Analyzer{
	Name:     "worst",
	Doc:      "report the worst case of retry sites",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r, err := retryscan.Of(pass)
		if err != nil {
			return nil, err
		}
		for _, s := range r.Sites() {
			w := s.WorstCase()
			attempt := w.Timeout.String()
			if w.TimeoutKnown() {
				attempt += " " + w.AttemptTimeout.String()
			}
			elapsed := "none"
			switch {
			case w.ElapsedUnknown:
				elapsed = "? by " + w.ElapsedBy
			case w.MaxElapsed > 0:
				elapsed = fmt.Sprintf("%s by %s", w.MaxElapsed, w.ElapsedBy)
			}
			msg := fmt.Sprintf("worst %s; attempt %s; elapsed %s; cap %s", w.Terms(), attempt, elapsed, w.Cap)
			if w.Promised > 0 {
				msg += fmt.Sprintf("; promised %d", w.Promised)
			}
			if w.AddedJitter {
				msg += "; waits at least"
			}
			pass.Reportf(s.Pos(), "%s", msg)
		}
		return nil, nil
	},
}

func TestWorstCase(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/worst").Run(t, worst, "./...")
}
