package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

const redisV9 = "github.com/redis/go-redis/v9"

// method looks a method up on a type of go-redis v9.23.0 as a call on a
// value of that type does: the function, and its index path.
func method(t *testing.T, pkgs map[string]*types.Package, recv types.Type, name string) (*types.Func, []int) {
	t.Helper()
	obj, path, _ := types.LookupFieldOrMethod(recv, true, pkgs[redisV9], name)
	fn, ok := obj.(*types.Func)
	if !ok {
		t.Fatalf("%s has no method %s", recv, name)
	}
	return fn, path
}

// Commands on the clients are retried 4 times by default; what is not
// sent through the retry loop (Watch, Subscribe, a command that writes
// into the caller's buffer, a command queued on a pipeline, the reply's
// methods) is not.
func TestRedisCommands(t *testing.T) {
	pkgs := loadLibraries(t)
	named := func(name string) types.Type { return pkgs[redisV9].Scope().Lookup(name).(*types.TypeName).Type() }
	for _, tc := range []struct {
		recv    types.Type
		name    string
		display string // "": no row
	}{
		{types.NewPointer(named("Client")), "Get", "redis.Client.Get"},
		{types.NewPointer(named("Client")), "SetNX", "redis.Client.SetNX"},
		{types.NewPointer(named("Client")), "Do", "redis.Client.Do"},
		{types.NewPointer(named("Client")), "Process", "redis.Client.Process"},
		{types.NewPointer(named("Client")), "Pipelined", "redis.Client.Pipelined"},
		{types.NewPointer(named("Client")), "TxPipelined", "redis.Client.TxPipelined"},
		{types.NewPointer(named("ClusterClient")), "Incr", "redis.ClusterClient.Incr"},
		{types.NewPointer(named("Ring")), "HGetAll", "redis.Ring.HGetAll"},
		{types.NewPointer(named("Ring")), "Pipelined", ""},
		{named("UniversalClient"), "Set", "redis.UniversalClient.Set"},
		{named("UniversalClient"), "Pipelined", "redis.UniversalClient.Pipelined"},
		{types.NewPointer(named("Client")), "Watch", ""},
		{types.NewPointer(named("Client")), "Subscribe", ""},
		{types.NewPointer(named("Client")), "GetToBuffer", ""},
		{types.NewPointer(named("Client")), "DoRawWriteTo", ""},
		{types.NewPointer(named("Client")), "Close", ""},
		{types.NewPointer(named("Client")), "Pipeline", ""},
		{named("Pipeliner"), "Get", ""},
		{named("Cmdable"), "Get", ""},
		{types.NewPointer(named("Tx")), "Get", ""},
		{types.NewPointer(named("StringCmd")), "Result", ""},
	} {
		fn, path := method(t, pkgs, tc.recv, tc.name)
		row := catalog.LookupRedisCommand(fn, tc.recv, path)
		switch {
		case tc.display == "" && row != nil:
			t.Errorf("%s.%s: got row %s, want none", tc.recv, tc.name, row.Display)
		case tc.display == "":
		case row == nil:
			t.Errorf("%s.%s: no row, want %s", tc.recv, tc.name, tc.display)
		case row.Display != tc.display || row.Attempts != 4 || row.Role != catalog.RoleClient || row.Ctx != 0:
			t.Errorf("%s.%s: got %s, %d attempts, role %d, ctx %d; want %s, 4 attempts, a client, ctx 0",
				tc.recv, tc.name, row.Display, row.Attempts, row.Role, row.Ctx, tc.display)
		}
	}
	// A client embedded in a struct of the program is still the client.
	field := types.NewField(0, nil, "Client", types.NewPointer(named("Client")), true)
	cache := types.NewNamed(types.NewTypeName(0, nil, "cache", nil), types.NewStruct([]*types.Var{field}, nil), nil)
	fn, path := method(t, pkgs, types.NewPointer(cache), "Get")
	if row := catalog.LookupRedisCommand(fn, types.NewPointer(cache), path); row == nil || row.Display != "redis.Client.Get" {
		t.Errorf("Get through an embedded *redis.Client: got %v, want redis.Client.Get", row)
	}
	// The methods of a reply read the outcome of the command.
	for recv, want := range map[string]bool{"StringCmd": true, "BoolCmd": true, "Client": false} {
		fn, _ := method(t, pkgs, types.NewPointer(named(recv)), "String")
		if got := catalog.RedisReply(fn); got != want {
			t.Errorf("RedisReply((*%s).String) = %v, want %v", recv, got, want)
		}
	}
}
