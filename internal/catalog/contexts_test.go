package catalog_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestContextRowsMatchRealLibraries checks each context derivation
// against the real module: a function or method taking its parent
// context first (all but the roots) and returning a context at
// ContextResult.
func TestContextRowsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	isCtx := func(t types.Type) bool {
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
	}
	for s, e := range catalog.ContextRows() {
		if pkgs[s.Pkg] == nil {
			if strings.Contains(s.Pkg, ".") {
				t.Errorf("%s: its module is not in the catalog's test module", s)
			}
			continue // a standard package the libraries do not import
		}
		fn, ok := lookup(pkgs, s).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function in the real module", s)
			continue
		}
		sig := fn.Type().(*types.Signature)
		if e != catalog.CtxRoot && (sig.Params().Len() == 0 || !isCtx(sig.Params().At(0).Type())) {
			t.Errorf("%s: the parent context is not its first parameter: %s", s, sig)
		}
		i := catalog.ContextResult(fn)
		if i >= sig.Results().Len() || !isCtx(sig.Results().At(i).Type()) {
			t.Errorf("%s: result %d is not a context: %s", s, i, sig)
		}
	}
}
