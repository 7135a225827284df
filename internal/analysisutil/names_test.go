package analysisutil

import (
	"go/types"
	"slices"
	"testing"
)

func TestFuncName(t *testing.T) {
	here := types.NewPackage("example.com/here", "here")
	there := types.NewPackage("example.com/store", "store")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	plain := types.NewFunc(0, there, "Get", sig)
	local := types.NewFunc(0, here, "fetch", sig)
	named := types.NewNamed(types.NewTypeName(0, there, "Client", nil), types.NewStruct(nil, nil), nil)
	recv := types.NewVar(0, there, "c", types.NewPointer(named))
	method := types.NewFunc(0, there, "Do", types.NewSignatureType(recv, nil, nil, nil, nil, false))
	for fn, want := range map[*types.Func]string{plain: "store.Get", local: "fetch", method: "Client.Do", nil: "a function value"} {
		if got := FuncName(fn, here); got != want {
			t.Errorf("FuncName(%v) = %q, want %q", fn, got, want)
		}
	}
}

func TestCapChain(t *testing.T) {
	short := []int{1, 2, 3}
	if got := CapChain(short, nil); !slices.Equal(got, short) {
		t.Errorf("short chain changed: %v", got)
	}
	long := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	even := func(i int) bool { return i%2 == 0 }
	got := CapChain(long, even)
	if len(got) != MaxHops || got[0] != 0 || got[len(got)-1] != 11 {
		t.Fatalf("CapChain = %v: want %d hops from 0 to 11", got, MaxHops)
	}
	for _, h := range []int{2, 4, 6, 8, 10} {
		if !slices.Contains(got, h) {
			t.Errorf("CapChain = %v dropped kept hop %d before the others", got, h)
		}
	}
	if long[1] != 1 {
		t.Error("CapChain changed its argument")
	}
	all := CapChain(long, func(int) bool { return true })
	if len(all) != MaxHops || all[0] != 0 || all[len(all)-1] != 11 {
		t.Errorf("CapChain with every hop kept = %v", all)
	}
}
