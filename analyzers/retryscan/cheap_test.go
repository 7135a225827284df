package retryscan_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/registry"
)

// builtSSA reports, after the whole suite, a package whose SSA it built.
var builtSSA = &analysis.Analyzer{
	Name:     "builtssa",
	Doc:      "report the packages whose SSA the suite built",
	Requires: append(registry.Analyzers(), retryscan.Analyzer, engine.Analyzer),
	Run: func(pass *analysis.Pass) (any, error) {
		if engine.Of(pass).Built() {
			pass.Reportf(pass.Files[0].Package, "SSA built for %s", pass.Pkg.Path())
		}
		return nil, nil
	},
}

// TestCheapPackages: SSA is built only where a candidate is, by every
// analyzer of the suite. The look-alikes of package cheap (bool methods
// on an integer with masks in the range of HTTP statuses, a pause in a
// loop over strings.SplitSeq, constructors of structs with no client)
// build none; package classify, whose exported classifiers are facts,
// does.
func TestCheapPackages(t *testing.T) {
	t.Parallel()
	got := strings.Join(mod.Findings(t, []*analysis.Analyzer{builtSSA}, "./cheap", "./classify")[builtSSA], "\n")
	if strings.Contains(got, "/cheap") {
		t.Errorf("the suite built SSA for package cheap:\n%s", got)
	}
	if !strings.Contains(got, "/classify") {
		t.Errorf("the suite built no SSA for package classify, whose classifiers need it:\n%s", got)
	}
}

// recognizerSSA reports a package whose SSA the recognizer alone built.
var recognizerSSA = &analysis.Analyzer{
	Name:     "recognizerssa",
	Doc:      "report the packages whose SSA the recognizer built",
	Requires: []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.ResultOf[retryscan.Analyzer].(*retryscan.Result).Sites()
		if engine.Of(pass).Built() {
			pass.Reportf(pass.Files[0].Package, "SSA built for %s", pass.Pkg.Path())
		}
		return nil, nil
	},
}

// TestGRPCCheap: the recognizer traces a gRPC call to its channel only in
// a package where a channel may retry (a service config with a
// retryPolicy, the retry interceptor imported): grpclb's config picks a
// load balancer and builds no SSA; grpcchannel's retries, and does.
func TestGRPCCheap(t *testing.T) {
	t.Parallel()
	got := strings.Join(mod.Findings(t, []*analysis.Analyzer{recognizerSSA}, "./grpclb", "./grpcplain", "./grpcchannel")[recognizerSSA], "\n")
	if strings.Contains(got, "/grpclb") || strings.Contains(got, "/grpcplain") {
		t.Errorf("the recognizer built SSA for a package whose channels do not retry:\n%s", got)
	}
	if !strings.Contains(got, "/grpcchannel") {
		t.Errorf("the recognizer built no SSA for grpcchannel, whose channels it traces:\n%s", got)
	}
}
