package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestStatusFieldsMatchRealLibraries checks each status field row
// against the real module: an integer field of the named struct type,
// found by IsStatusField from that type, and no other field of it.
func TestStatusFieldsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, s := range catalog.StatusFields() {
		f, ok := lookup(pkgs, s).(*types.Var)
		if !ok || !f.IsField() {
			t.Errorf("%s: no such field in the real module", s)
			continue
		}
		if b, ok := f.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			t.Errorf("%s: field of type %s, not an integer", s, f.Type())
		}
		n := lookup(pkgs, catalog.Symbol{Pkg: s.Pkg, Recv: s.Recv}).(*types.TypeName).Type().(*types.Named)
		if !catalog.IsStatusField(n, s.Name) {
			t.Errorf("%s: IsStatusField does not find the row from the real type", s)
		}
		if catalog.IsStatusField(n, "Body") {
			t.Errorf("%s: IsStatusField says yes to another field", s)
		}
		body, _, _ := types.LookupFieldOrMethod(n, true, n.Obj().Pkg(), "Body")
		if !catalog.NamesStatusField(f) || body == nil || catalog.NamesStatusField(body) {
			t.Errorf("%s: NamesStatusField does not tell the field from Body", s)
		}
	}
}
