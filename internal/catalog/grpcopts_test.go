package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// TestGRPCOptionsMatchRealLibraries checks each row against grpc and
// go-grpc-middleware v2: the function exists, is found from the real
// object, and its argument Arg has the type the role reads there.
func TestGRPCOptionsMatchRealLibraries(t *testing.T) {
	pkgs := loadLibraries(t)
	want := map[catalog.GRPCRole]string{
		catalog.GRPCDialer:             "[]google.golang.org/grpc.DialOption",
		catalog.GRPCDefaultCallOptions: "[]google.golang.org/grpc.CallOption",
		catalog.GRPCRetryInterceptor:   "[]github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry.CallOption",
		catalog.GRPCTimeoutInterceptor: "time.Duration",
		catalog.GRPCPerRetryTimeout:    "time.Duration",
		catalog.GRPCRetryMax:           "uint",
		catalog.GRPCRetryBackoff:       "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry.BackoffFunc",
		catalog.GRPCServiceConfig:      "string",
		catalog.GRPCMaxCallAttempts:    "int",
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
		case catalog.GRPCInterceptors:
			if got != "[]google.golang.org/grpc.UnaryClientInterceptor" || !sig.Variadic() {
				t.Errorf("%s: argument %d is %s, not variadic unary client interceptors", o.Symbol, o.Arg, got)
			}
			continue
		}
		if got != want[o.Role] {
			t.Errorf("%s: argument %d is %s, want %s", o.Symbol, o.Arg, got, want[o.Role])
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
