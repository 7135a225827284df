package analysisutil

import (
	"go/token"
	"strings"
)

// InTestFile reports whether pos lies in a _test.go file: code the
// program does not run, which analyzers that judge the program skip or
// mark.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
