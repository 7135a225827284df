package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestStatusMethodsMatchRealLibraries checks each status method row of a
// loaded library against the real module: a method of the response
// returning an int (StatusCode) or a bool, found back by
// LookupStatusMethod, on a type StatusResponse knows.
func TestStatusMethodsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	checked := 0
	for s, m := range catalog.StatusMethods() {
		if pkgs[s.Pkg] == nil {
			continue // resty.dev/v3 is a release candidate the test module does not pin
		}
		fn, ok := lookup(pkgs, s).(*types.Func)
		if !ok {
			t.Errorf("%s: no such method in the real module", s)
			continue
		}
		sig := fn.Type().(*types.Signature)
		want := types.Typ[types.Bool]
		if m == catalog.StatusCode {
			want = types.Typ[types.Int]
		}
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), want) {
			t.Errorf("%s: signature %s, want func() %s", s, sig, want)
		}
		if catalog.LookupStatusMethod(fn) != m {
			t.Errorf("%s: LookupStatusMethod does not find the row", s)
		}
		if !catalog.StatusResponse(sig.Recv().Type()) {
			t.Errorf("%s: StatusResponse does not know the receiver %s", s, sig.Recv().Type())
		}
		checked++
	}
	if checked < 3 {
		t.Errorf("checked %d status methods, want resty v2's three", checked)
	}
}
