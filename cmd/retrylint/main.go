// Command retrylint runs the retrylint analyzers.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/retrylint/retrylint/internal/suite"
)

func main() {
	multichecker.Main(suite.Analyzers()...)
}
