package nonidempotent

import (
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestIndexReads: in a package that sends, runs, delivers and retries
// nothing (plain), the walks after the index read no body, as under go
// vet in most dependencies; in one that sends (ops), the walks for
// senders and effect facts read its bodies, and the facts and findings
// are those its // want comments hold (the analyzer's own run).
func TestIndexReads(t *testing.T) {
	var mu sync.Mutex
	got := map[string]reads{}
	probe := &analysis.Analyzer{
		Name:      "nonidempotent",
		Doc:       "nonidempotent, recording the bodies its walks read",
		Requires:  Analyzer.Requires,
		FactTypes: Analyzer.FactTypes,
		Run: analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) {
			c, err := newChecker(pass, &Config{}, at)
			if err != nil {
				return nil, err
			}
			c.analyze()
			mu.Lock()
			got[pass.Pkg.Path()] = c.read
			mu.Unlock()
			return c.rep.Usage(), nil
		}),
		ResultType: Analyzer.ResultType,
	}
	testenv.NewModule("testdata/mod", "./plain", "./ops").Run(t, probe, "./plain", "./ops")
	if r := got["example.com/nonidemtest/plain"]; r != (reads{}) {
		t.Errorf("plain: the walks after the index read %+v bodies, want none", r)
	}
	if r := got["example.com/nonidemtest/ops"]; r.senders == 0 || r.summaries == 0 {
		t.Errorf("ops: the walks after the index read %+v bodies, want its senders and summaries read", r)
	}
}
