package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Each loop driver is a real function of the module version its row
// names, with the shape its form needs: a wait returns a bool, an
// iterator is a range-over-func sequence, and Ctx is a context.
func TestLoopRowsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	if len(catalog.Loops()) == 0 {
		t.Fatal("no loop drivers catalogued")
	}
	for _, r := range catalog.Loops() {
		fn, ok := lookup(pkgs, r.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function or method in the real module", r.Symbol)
			continue
		}
		sig := fn.Type().(*types.Signature)
		switch r.Form {
		case catalog.FormWait:
			if sig.Results().Len() != 1 || sig.Results().At(0).Type().String() != "bool" {
				t.Errorf("%s: a wait must return one bool, returns %s", r.Symbol, sig.Results())
			}
		case catalog.FormIter:
			if sig.Results().Len() != 1 {
				t.Errorf("%s: an iterator constructor must return one sequence", r.Symbol)
			} else if s, ok := sig.Results().At(0).Type().Underlying().(*types.Signature); !ok || s.Params().Len() != 1 {
				t.Errorf("%s: returns %s, not a range-over-func sequence", r.Symbol, sig.Results().At(0).Type())
			}
		default:
			t.Errorf("%s: no form", r.Symbol)
		}
		if r.Ctx >= 0 && (r.Ctx >= sig.Params().Len() || sig.Params().At(r.Ctx).Type().String() != "context.Context") {
			t.Errorf("%s: argument %d is not a context.Context", r.Symbol, r.Ctx)
		}
		if got := catalog.LookupLoop(fn); got == nil || got.Symbol != r.Symbol {
			t.Errorf("%s: LookupLoop does not find the row from the real function", r.Symbol)
		}
		if r.Display == "" {
			t.Errorf("%s: no display name", r.Symbol)
		}
	}
}
