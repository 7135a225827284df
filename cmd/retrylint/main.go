// Command retrylint runs the retrylint analyzers.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/analyzers/nonidempotent"
	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
)

func main() {
	multichecker.Main(
		nestedretry.Analyzer,
		keyregen.Analyzer,
		nodeadline.Analyzer,
		unboundedbackoff.Analyzer,
		nonidempotent.Analyzer,
	)
}
