package catalog_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestGRPCOptionsMatchRealLibraries checks each row against grpc and
// go-grpc-middleware v2 and v1: the function exists, is found from the
// real object, and its argument Arg has the type the role reads there
// (for a retry option, a type of the row's own package).
func TestGRPCOptionsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	want := map[catalog.GRPCRole]string{
		catalog.GRPCDialer:             "[]google.golang.org/grpc.DialOption",
		catalog.GRPCDefaultCallOptions: "[]google.golang.org/grpc.CallOption",
		catalog.GRPCRetryInterceptor:   "[]PKG.CallOption",
		catalog.GRPCTimeoutInterceptor: "time.Duration",
		catalog.GRPCPerRetryTimeout:    "time.Duration",
		catalog.GRPCRetryMax:           "uint",
		catalog.GRPCRetryBackoff:       "PKG.BackoffFunc",
		catalog.GRPCServiceConfig:      "string",
		catalog.GRPCMaxCallAttempts:    "int",
		catalog.GRPCDialTimeout:        "time.Duration",
	}
	retryPkgs := map[string]bool{}
	for _, o := range catalog.GRPCOptions() {
		if o.Role == catalog.GRPCRetryInterceptor {
			retryPkgs[o.Pkg] = true
		}
	}
	for _, pkg := range []string{"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry", "github.com/grpc-ecosystem/go-grpc-middleware/retry"} {
		if !retryPkgs[pkg] || !catalog.GRPCRetryPackage(pkg) {
			t.Errorf("%s: no retry interceptor row, or GRPCRetryPackage does not know it", pkg)
		}
	}
	if catalog.GRPCRetryPackage("google.golang.org/grpc") {
		t.Error("grpc itself is read as a retry interceptor's package")
	}
	for _, o := range catalog.GRPCOptions() {
		fn, ok := lookup(pkgs, o.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such function in the real module", o.Symbol)
			continue
		}
		if got := catalog.LookupGRPCOption(fn); got == nil || got.Symbol != o.Symbol {
			t.Errorf("%s: LookupGRPCOption does not find the row from the real function", o.Symbol)
		}
		sig := fn.Type().(*types.Signature)
		if o.Arg < 0 {
			if sig.Params().Len() != 0 {
				t.Errorf("%s: takes arguments, the row reads none", o.Symbol)
			}
			continue
		}
		if o.Arg >= sig.Params().Len() {
			t.Errorf("%s: argument %d out of range", o.Symbol, o.Arg)
			continue
		}
		got := sig.Params().At(o.Arg).Type().String()
		switch o.Role {
		case catalog.GRPCInterceptor:
			if got != "google.golang.org/grpc.UnaryClientInterceptor" {
				t.Errorf("%s: argument %d is %s, not one unary client interceptor", o.Symbol, o.Arg, got)
			}
			continue
		case catalog.GRPCInterceptors, catalog.GRPCChainInterceptor:
			if got != "[]google.golang.org/grpc.UnaryClientInterceptor" || !sig.Variadic() {
				t.Errorf("%s: argument %d is %s, not variadic unary client interceptors", o.Symbol, o.Arg, got)
			}
			continue
		}
		w := strings.ReplaceAll(want[o.Role], "PKG", o.Pkg)
		if o.Symbol.Name == "WithBackoffContext" {
			w += "Context" // v1: a BackoffFuncContext, v2's BackoffFunc form
		}
		if got != w {
			t.Errorf("%s: argument %d is %s, want %s", o.Symbol, o.Arg, got, w)
		}
		if strings.Contains(want[o.Role], "PKG") && !retryPkgs[o.Pkg] {
			t.Errorf("%s: a retry option of a package with no retry interceptor row", o.Symbol)
		}
	}
	health := pkgs["google.golang.org/grpc/health/grpc_health_v1"]
	if health == nil {
		t.Fatal("grpc_health_v1 not loaded")
	}
	if fn := health.Scope().Lookup("NewHealthClient").(*types.Func); !catalog.GRPCStubConstructor(fn) {
		t.Error("NewHealthClient is not read as a stub constructor")
	}
	if fn := pkgs["google.golang.org/grpc"].Scope().Lookup("NewClient").(*types.Func); catalog.GRPCStubConstructor(fn) {
		t.Error("grpc.NewClient is read as a stub constructor")
	}
}

// TestGRPCInvokerMatchesRealLibrary checks that the invoker a real
// interceptor is handed (the parameter of grpc.UnaryClientInterceptor)
// is read as one, with the signature of ClientConn.Invoke plus the
// channel, and that the interceptor type itself is not.
func TestGRPCInvokerMatchesRealLibrary(t *testing.T) {
	grpc := loadLibraries(t)["google.golang.org/grpc"]
	icpt := grpc.Scope().Lookup("UnaryClientInterceptor").Type()
	sig := icpt.Underlying().(*types.Signature)
	invoker := sig.Params().At(5).Type()
	if !catalog.GRPCInvoker(invoker) {
		t.Errorf("%s, the interceptor's invoker, is not read as a gRPC call", invoker)
	}
	if catalog.GRPCInvoker(icpt) || catalog.GRPCInvoker(types.Typ[types.Int]) {
		t.Error("a type other than the invoker is read as one")
	}
	call := invoker.Underlying().(*types.Signature)
	invoke, _, _ := types.LookupFieldOrMethod(types.NewPointer(grpc.Scope().Lookup("ClientConn").Type()), false, grpc, "Invoke")
	if want := invoke.Type().(*types.Signature); call.Params().Len() != want.Params().Len()+1 || !types.Identical(call.Results(), want.Results()) {
		t.Errorf("the invoker %s is not ClientConn.Invoke's call with the channel: %s", call, want)
	}
}

// TestGRPCFullMethod reads the full method name of the real health
// client's methods, through the interface and the generated struct, and
// none for a function that is no stub method.
func TestGRPCFullMethod(t *testing.T) {
	pkgs := loadLibraries(t)
	health := pkgs["google.golang.org/grpc/health/grpc_health_v1"]
	if health == nil {
		t.Fatal("grpc_health_v1 not loaded")
	}
	client := health.Scope().Lookup("HealthClient").Type()
	check, _, _ := types.LookupFieldOrMethod(client, false, health, "Check")
	if got := catalog.GRPCFullMethod(check.(*types.Func)); got != "/grpc.health.v1.Health/Check" {
		t.Errorf("HealthClient.Check: %q, want /grpc.health.v1.Health/Check", got)
	}
	impl := types.NewPointer(health.Scope().Lookup("healthClient").Type())
	list, _, _ := types.LookupFieldOrMethod(impl, false, health, "List")
	if got := catalog.GRPCFullMethod(list.(*types.Func)); got != "/grpc.health.v1.Health/List" {
		t.Errorf("(*healthClient).List: %q, want /grpc.health.v1.Health/List", got)
	}
	if got := catalog.GRPCFullMethod(health.Scope().Lookup("NewHealthClient").(*types.Func)); got != "" {
		t.Errorf("NewHealthClient: %q, want none", got)
	}
}

// TestGRPCRetryV1LikeV2: go-grpc-middleware v1's retry interceptor runs
// v2's loop with v2's options (grpcopts.go), so each of its rows has
// the role, argument and delay row of v2's row of the same name, and
// v2's options that v1 lacks are the ones the catalog says it lacks.
func TestGRPCRetryV1LikeV2(t *testing.T) {
	const v1, v2 = "github.com/grpc-ecosystem/go-grpc-middleware/retry", "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	rows := func(pkg string) map[string]catalog.GRPCOption {
		m := map[string]catalog.GRPCOption{}
		for _, o := range catalog.GRPCOptions() {
			if o.Pkg == pkg {
				m[o.Name] = o
			}
		}
		return m
	}
	old, cur := rows(v1), rows(v2)
	for name, o := range old {
		if name == "WithBackoffContext" {
			continue // v2's WithBackoff takes this form
		}
		if n, ok := cur[name]; !ok || n.Role != o.Role || n.Arg != o.Arg {
			t.Errorf("v1 %s: %v/%d, v2: %v/%d (found %t)", name, o.Role, o.Arg, n.Role, n.Arg, ok)
		}
	}
	for name := range cur {
		if _, ok := old[name]; !ok {
			t.Errorf("v2 %s has no v1 row", name)
		}
	}
	for _, o := range catalog.DelayOptions() {
		if o.Pkg != v1 || o.Name == "WithBackoffContext" {
			continue
		}
		n := catalog.LookupDelayOption(catalog.Symbol{Pkg: v2, Name: o.Name})
		if n == nil || n.Effect != o.Effect || n.Arg != o.Arg || n.Capped != o.Capped || n.Jittered != o.Jittered || n.Factor != o.Factor {
			t.Errorf("v1 delay row %s differs from v2's: %+v, %+v", o.Name, o, n)
		}
	}
	h1 := catalog.LookupClassHook(lookup(loadLibraries(t), catalog.Symbol{Pkg: v1, Name: "WithCodes"}))
	if h1 == nil || h1.Hook != catalog.HookCodes {
		t.Errorf("v1 WithCodes is not a code list: %+v", h1)
	}
}

// TestGRPCBlockingDialMatchesRealLibrary checks the blocking dials
// against the real grpc: DialContext's argument named as the context is
// one, Dial has none and takes its options from argument 1 as its
// GRPCDialer row says, and NewClient, which ignores WithBlock, is none.
func TestGRPCBlockingDialMatchesRealLibrary(t *testing.T) {
	grpc := loadLibraries(t)["google.golang.org/grpc"]
	for name, want := range map[string]int{"Dial": -1, "DialContext": 0} {
		fn := grpc.Scope().Lookup(name).(*types.Func)
		got, ok := catalog.GRPCBlockingDial(fn)
		if !ok || got != want {
			t.Errorf("grpc.%s: context %d (found %t), want %d", name, got, ok, want)
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		if want >= 0 && params.At(want).Type().String() != "context.Context" {
			t.Errorf("grpc.%s: argument %d is %s, not the context", name, want, params.At(want).Type())
		}
		if want < 0 && params.At(0).Type().String() == "context.Context" {
			t.Errorf("grpc.%s takes a context", name)
		}
		if o := catalog.LookupGRPCOption(fn); o == nil || o.Role != catalog.GRPCDialer {
			t.Errorf("grpc.%s: no dialer row, whose options say whether it blocks", name)
		}
	}
	if _, ok := catalog.GRPCBlockingDial(grpc.Scope().Lookup("NewClient").(*types.Func)); ok {
		t.Error("grpc.NewClient, which never waits, is read as a blocking dial")
	}
}
