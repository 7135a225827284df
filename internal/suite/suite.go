// Package suite lists the analyzers the retrylint binary, the golangci-lint
// plugin and the tests run, in one place.
package suite

import (
	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/retryclass"
	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
)

// Analyzers returns the default analyzers, with their default settings,
// in the order their findings are documented.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		nestedretry.Analyzer,
		keyregen.Analyzer,
		nodeadline.Analyzer,
		unboundedbackoff.Analyzer,
		nonidempotent.Analyzer,
		retryclass.Analyzer,
		directives.Analyzer, // checks the //retrylint: comments the five read
	}
}
