package keyregen

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
)

//go:embed doc.go
var doc string

// Analyzer is the keyregen analyzer.
var Analyzer = &analysis.Analyzer{
	Name:     "keyregen",
	Doc:      analysisutil.MustExtractDoc(doc, "keyregen"),
	URL:      "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/keyregen",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	_ = pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
	return nil, nil
}
