package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Each self-bounded row names a real function or method of the standard
// library, which IsSelfBounded finds; a dial and an HTTP call are not
// rows: nothing but their context bounds them.
func TestSelfBoundedMatchStandardLibrary(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, s := range catalog.SelfBounded() {
		fn, ok := lookup(pkgs, s).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function in the standard library", s)
			continue
		}
		if !catalog.IsSelfBounded(fn) {
			t.Errorf("%s: IsSelfBounded does not find it", s)
		}
	}
	for _, s := range []catalog.Symbol{catalog.NetDialerDialCtx, catalog.HTTPClientDo, {Pkg: "net", Name: "Dial"}} {
		fn, ok := lookup(pkgs, s).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function in the standard library", s)
			continue
		}
		if catalog.IsSelfBounded(fn) {
			t.Errorf("%s: read as bounding itself", s)
		}
	}
}
