package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestHeaderSettersMatchRealLibraries checks every header setter row
// against the module it names: the function or method exists, takes
// the name and value where the row reads them, and LookupHeaderSetter
// finds the row from it.
func TestHeaderSettersMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, h := range catalog.HeaderSetters() {
		fn, ok := lookup(pkgs, h.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function or method in the real module", h.Symbol)
			continue
		}
		if n := fn.Type().(*types.Signature).Params().Len(); h.Name >= n || h.Value >= n {
			t.Errorf("%s: name %d or value %d out of range (%d parameters)", h.Symbol, h.Name, h.Value, n)
		}
		if catalog.LookupHeaderSetter(fn) == nil {
			t.Errorf("%s: LookupHeaderSetter does not find the row from the real function", h.Symbol)
		}
	}
}

// TestTokenSettersMatchRealLibraries checks the token setter rows that
// name one package (no owner suffix, no prefix of a generated SDK)
// against it: the function exists and LookupTokenSetter finds the row.
func TestTokenSettersMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	checked := 0
	for _, k := range catalog.Tokens() {
		if k.Kind != catalog.TokenSetter || k.OwnerSuffix || pkgs[k.Pkg] == nil {
			continue
		}
		checked++
		fn, ok := lookup(pkgs, catalog.Symbol{Pkg: k.Pkg, Recv: k.Owner, Name: k.Name}).(*types.Func)
		if !ok {
			t.Errorf("%s %s.%s: no such function or method in the real module", k.Pkg, k.Owner, k.Name)
			continue
		}
		if k.Arg >= fn.Type().(*types.Signature).Params().Len() {
			t.Errorf("%s: argument %d out of range", k.Name, k.Arg)
		}
		if catalog.LookupTokenSetter(fn) == nil {
			t.Errorf("%s: LookupTokenSetter does not find the row from the real function", k.Name)
		}
	}
	if checked < 2 {
		t.Errorf("%d token setter rows checked, want the NATS ones at least", checked)
	}
}

// TestHeaderStructsMatchRealLibraries checks every header struct row
// against the module it names: the type is a struct with both fields,
// and LookupHeaderStruct finds the row from it (through kafka-go's
// alias too).
func TestHeaderStructsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, h := range catalog.HeaderStructs() {
		tn, ok := lookup(pkgs, catalog.Symbol{Pkg: h.Pkg, Name: h.Type}).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type in the real module", h.Pkg, h.Type)
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			t.Errorf("%s.%s: not a struct", h.Pkg, h.Type)
			continue
		}
		for _, name := range []string{h.Name, h.Value} {
			if !hasField(st, name) {
				t.Errorf("%s.%s: no field %s", h.Pkg, h.Type, name)
			}
		}
		if catalog.LookupHeaderStruct(tn.Type()) == nil {
			t.Errorf("%s.%s: LookupHeaderStruct does not find the row from the real type", h.Pkg, h.Type)
		}
	}
	if k := pkgs["github.com/segmentio/kafka-go"]; k == nil {
		t.Error("kafka-go did not load")
	} else if catalog.LookupHeaderStruct(k.Scope().Lookup("Header").Type()) == nil {
		t.Error("kafka.Header, an alias, is not found")
	}
}

func hasField(st *types.Struct, name string) bool {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}
