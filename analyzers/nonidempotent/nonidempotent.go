package nonidempotent

import (
	_ "embed"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Analyzer is the nonidempotent analyzer.
var Analyzer = &analysis.Analyzer{
	Name:       "nonidempotent",
	Doc:        analysisutil.MustExtractDoc(doc, "nonidempotent"),
	URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/nonidempotent",
	Requires:   []*analysis.Analyzer{retryscan.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*report.Usage](),
}

func run(pass *analysis.Pass) (any, error) {
	_ = pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
	rep := report.New(pass)
	return rep.Usage(), nil
}
