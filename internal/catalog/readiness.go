package catalog

import (
	"go/types"
	"slices"
)

// Readiness probes: calls that ask whether a server, or one service of
// it, is up yet. A loop around one waits for a server that is starting:
//
//	for {
//		if _, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: "orders"}); err == nil {
//			return nil
//		}
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-time.After(time.Second):
//		}
//	}
//
// Some of a probe's answers that would say "stop" from any other call
// say "not yet" from it: the gRPC health service answers NotFound for a
// service that has not set its status yet (health.proto: "If the
// requested service is unknown, the call will fail with status
// NOT_FOUND"; grpc v1.85.0 health/server.go Check returns
// status.Error(codes.NotFound, "unknown service")), and the server's own
// start-up ends that when it calls SetServingStatus. Others keep their
// meaning: a server that does not run the health service at all answers
// Unimplemented however long one waits (health.proto on Watch: "If the
// call terminates with status UNIMPLEMENTED, then clients should assume
// this method is not supported and should not retry the call").

// ReadinessProbe is one probe: its gRPC method, with the generated stub
// of grpc's own package for code generated before the full method name
// constants (GRPCFullMethod), and the codes it answers while the server
// is still starting.
type ReadinessProbe struct {
	Method string // full gRPC method name: "/grpc.health.v1.Health/Check"
	Symbol Symbol // grpc's stub of it
	// Pending are the codes, by Go name, that say "not up yet": not a
	// stop signal for a loop that waits on the probe.
	Pending []string
}

const grpcHealth = "google.golang.org/grpc/health/grpc_health_v1"

var readinessProbes = []ReadinessProbe{
	{Method: "/grpc.health.v1.Health/Check", Symbol: Symbol{grpcHealth, "HealthClient", "Check"}, Pending: []string{"NotFound"}},
	// Watch streams SERVICE_UNKNOWN for an unknown service rather than
	// fail, and health.proto asks its clients to open it again on every
	// status but UNIMPLEMENTED: NotFound, from a server that answers
	// Watch as it answers Check, says "not yet" too.
	{Method: "/grpc.health.v1.Health/Watch", Symbol: Symbol{grpcHealth, "HealthClient", "Watch"}, Pending: []string{"NotFound"}},
}

// ReadinessProbes returns the rows, for tests.
func ReadinessProbes() []ReadinessProbe { return readinessProbes }

// LookupReadinessProbe returns the probe a gRPC stub method is, by its
// full method name (a copy of health.proto generated into another
// package is the same probe) or its symbol, or nil.
func LookupReadinessProbe(fn *types.Func) *ReadinessProbe {
	if fn == nil {
		return nil
	}
	method, sym := GRPCFullMethod(fn), SymbolOf(fn)
	for i, p := range readinessProbes {
		if method == p.Method || sym == p.Symbol {
			return &readinessProbes[i]
		}
	}
	return nil
}

// IsPending reports whether code says "not up yet" from the probe.
func (p *ReadinessProbe) IsPending(code GRPCCode) bool {
	return p != nil && slices.Contains(p.Pending, code.Name)
}
