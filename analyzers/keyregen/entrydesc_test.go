package keyregen

import (
	"go/types"
	"testing"
)

// TestEntryDesc checks that a key written into a map is named as the
// header or gRPC metadata the map is, as the setters name it.
func TestEntryDesc(t *testing.T) {
	named := func(path, name string) types.Type {
		pkg := types.NewPackage(path, path)
		m := types.NewMap(types.Typ[types.String], types.NewSlice(types.Typ[types.String]))
		return types.NewNamed(types.NewTypeName(0, pkg, name, nil), m, nil)
	}
	for _, c := range []struct {
		m    types.Type
		want string
	}{
		{named("google.golang.org/grpc/metadata", "MD"), `the "idempotency-key" metadata`},
		{named("net/http", "Header"), "the idempotency-key header"},
		{named("example.com/app", "Labels"), "the idempotency-key entry"},
		{types.NewMap(types.Typ[types.String], types.Typ[types.String]), "the idempotency-key entry"},
	} {
		if got := entryDesc(c.m, "idempotency-key"); got != c.want {
			t.Errorf("entryDesc(%s) = %q, want %q", c.m, got, c.want)
		}
	}
}
