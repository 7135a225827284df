package engine

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// absences reports every error variable of the package that
// AbsenceSentinels says means "not found".
var absences = &analysis.Analyzer{
	Name:     "absences",
	Doc:      "report the package's absence sentinels",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, v := range Of(pass).AbsenceSentinels() {
			pass.Reportf(v.Pos(), "absence")
		}
		return nil, nil
	},
}

func TestAbsenceSentinels(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "absence"), absences, ".")
}
