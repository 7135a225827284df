package catalog_test

import (
	"go/types"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Each readiness probe names a real method of grpc's health stub, whose
// full method name is the row's, and which LookupReadinessProbe finds;
// its pending codes are gRPC codes, and Unimplemented, the answer of a
// server without the service, is never one. The health service's List
// (a snapshot of every service, with no "not yet") is no probe.
func TestReadinessProbesMatchGRPC(t *testing.T) {
	pkgs := loadLibraries(t)
	for _, p := range catalog.ReadinessProbes() {
		fn, ok := lookup(pkgs, p.Symbol).(*types.Func)
		if !ok {
			t.Errorf("%s: no such method in grpc", p.Symbol)
			continue
		}
		if got := catalog.GRPCFullMethod(fn); got != p.Method {
			t.Errorf("%s: full method name %q, the row says %q", p.Symbol, got, p.Method)
		}
		if got := catalog.LookupReadinessProbe(fn); got == nil || got.Method != p.Method {
			t.Errorf("%s: LookupReadinessProbe = %v", p.Symbol, got)
		}
		if len(p.Pending) == 0 {
			t.Errorf("%s: no pending code", p.Symbol)
		}
		for _, name := range p.Pending {
			code, ok := catalog.LookupGRPCCode(name)
			if !ok || code.Name != name {
				t.Errorf("%s: pending %q is not a gRPC code's Go name", p.Symbol, name)
			}
			if !p.IsPending(code) {
				t.Errorf("%s: IsPending(%s) is false", p.Symbol, name)
			}
		}
		if unimpl, _ := catalog.LookupGRPCCode("Unimplemented"); p.IsPending(unimpl) {
			t.Errorf("%s: Unimplemented is pending, but a server without the health service answers it for good", p.Symbol)
		}
	}
	list, ok := lookup(pkgs, catalog.Symbol{Pkg: "google.golang.org/grpc/health/grpc_health_v1", Recv: "HealthClient", Name: "List"}).(*types.Func)
	if !ok {
		t.Fatal("HealthClient.List: no such method in grpc")
	}
	if p := catalog.LookupReadinessProbe(list); p != nil {
		t.Errorf("HealthClient.List read as the readiness probe %s", p.Method)
	}
	if catalog.LookupReadinessProbe(nil) != nil {
		t.Error("LookupReadinessProbe(nil) is not nil")
	}
}
