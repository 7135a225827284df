package catalog_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Each context twin row names a real function whose Op argument is a
// function (a condition returning (bool, error), or a func() when Runs),
// whose Stop argument is a channel, and whose twin exists and takes a
// context first.
func TestCtxlessWaitsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, r := range catalog.CtxlessWaits() {
		fn, ok := lookup(pkgs, r.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function in the real module", r.Symbol)
			continue
		}
		if catalog.LookupCtxlessWait(fn) == nil {
			t.Errorf("%s: LookupCtxlessWait does not find it", r.Symbol)
		}
		params := fn.Type().(*types.Signature).Params()
		if r.Op >= params.Len() {
			t.Errorf("%s: Op %d out of range", r.Symbol, r.Op)
			continue
		}
		op, ok := params.At(r.Op).Type().Underlying().(*types.Signature)
		switch {
		case !ok:
			t.Errorf("%s: argument %d is not a function", r.Symbol, r.Op)
		case r.Runs && (op.Params().Len() != 0 || op.Results().Len() != 0):
			t.Errorf("%s: argument %d is not a func()", r.Symbol, r.Op)
		case !r.Runs && op.Results().Len() != 2:
			t.Errorf("%s: argument %d is not a condition (bool, error)", r.Symbol, r.Op)
		}
		if r.Stop >= 0 {
			if r.Stop >= params.Len() {
				t.Errorf("%s: Stop %d out of range", r.Symbol, r.Stop)
			} else if _, ok := params.At(r.Stop).Type().Underlying().(*types.Chan); !ok {
				t.Errorf("%s: argument %d is not a channel", r.Symbol, r.Stop)
			}
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(r.Twin, "wait."), "(")
		twin, ok := lookup(pkgs, catalog.Symbol{Pkg: r.Pkg, Name: name}).(*types.Func)
		if !ok {
			t.Errorf("%s: twin %s not in the real module", r.Symbol, name)
			continue
		}
		if tp := twin.Type().(*types.Signature).Params(); tp.Len() == 0 || tp.At(0).Type().String() != "context.Context" {
			t.Errorf("%s: twin %s does not take a context first", r.Symbol, name)
		}
	}
	wait := pkgs["k8s.io/apimachinery/pkg/util/wait"]
	if wait == nil || !catalog.NeverStops(wait.Scope().Lookup("NeverStop")) {
		t.Error("wait.NeverStop is not recognised")
	}
}
