package analysisutil

import (
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Std returns a test of whether a package belongs to the standard
// library, as seen from pass.
//
// A path with no dot in its first element is not enough: application
// modules are often named without one (module myservice), and their
// packages are the code retrylint is for. So a package of the pass's own
// module is never std. A pass with no module (std itself, or a GOPATH
// tree such as analysistest's testdata/src) is std only if its files lie
// in GOROOT, known by the runtime package beside them; in a GOPATH tree a
// dotless import is std unless the tree holds it.
func Std(pass *analysis.Pass) func(*types.Package) bool {
	mod := ""
	if pass.Module != nil {
		mod = pass.Module.Path
	}
	gopath := ""
	if mod == "" && !dotted(pass.Pkg.Path()) {
		gopath = gopathRoot(pass)
	}
	inTree := map[string]bool{}
	return func(pkg *types.Package) bool {
		if pkg == nil {
			return true
		}
		path := pkg.Path()
		switch {
		case dotted(path):
			return false
		case mod != "" && (path == mod || strings.HasPrefix(path, mod+"/")):
			return false
		case gopath != "":
			in, ok := inTree[path]
			if !ok {
				st, err := os.Stat(filepath.Join(gopath, filepath.FromSlash(path)))
				in = err == nil && st.IsDir()
				inTree[path] = in
			}
			return !in
		}
		return true
	}
}

func dotted(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return strings.Contains(first, ".")
}

// gopathRoot returns the src directory of the GOPATH tree holding the
// pass's package, or "" if the package is in GOROOT or its place cannot
// be told.
//
//	<root>/net/http/client.go      GOROOT: <root>/runtime exists
//	<root>/flags/flags.go          a GOPATH tree (testdata/src)
func gopathRoot(pass *analysis.Pass) string {
	if len(pass.Files) == 0 {
		return ""
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	root, ok := strings.CutSuffix(filepath.ToSlash(dir), "/"+pass.Pkg.Path())
	if !ok || root == "" {
		return ""
	}
	root = filepath.FromSlash(root)
	if st, err := os.Stat(filepath.Join(root, "runtime")); err == nil && st.IsDir() {
		return ""
	}
	return root
}
