package retryclass

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A loop around a readiness probe (catalog.LookupReadinessProbe: the gRPC
// health service's Check and Watch) waits for a server to come up; it
// retries no request:
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
// Two things differ from a retry of any other call. The probe's pending
// codes (NotFound: the service has not set its status yet) say "not
// yet", and are no permanent code for it, named or not. And what goes
// round unnamed is the wait's, which ends at its bound: while it waits,
// the server answers Unavailable or NotFound. The health service answers
// one code for good, Unimplemented, when the server does not run it;
// that costs one wait its deadline, once per misconfigured deployment,
// not each request its attempts, and a wait with no bound is
// unboundedbackoff's finding. So only a decision that names a code it
// sends round is judged, on the codes less the pending ones:
//
//	case codes.Unavailable, codes.NotFound: // quiet: NotFound is pending
//	case codes.Unavailable, codes.Unimplemented: // retries codes.Unimplemented ...
//
// while retrying every error, stopping on a few codes and letting the
// others go round (the health protocol's own advice for Watch: stop on
// UNIMPLEMENTED), or a classifier that says yes to all but a few, is
// quiet.

// attemptProbe returns the readiness probe an attempt waits on, or nil:
// every gRPC call of the attempt, itself or through a helper of the
// package, makes one. An attempt that also makes another call retries
// that call, and is judged as any retry; a stream's Recv (Watch's, read
// by a reconnect loop) counts for neither.
func (c *checker) attemptProbe(a *attempt) *catalog.ReadinessProbe {
	var probe *catalog.ReadinessProbe
	loop := a.region.Loop()
	for _, b := range a.region.Func().Blocks {
		if loop != nil && !loop.Has(b) {
			continue
		}
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok || !isGRPC(call) || streamRecv(engine.Callee(call)) {
				continue
			}
			if probe = catalog.LookupReadinessProbe(grpcOf(call)); probe == nil {
				return nil
			}
		}
	}
	return probe
}

// isProbeCall reports a call of a readiness probe, itself or through a
// helper of the package.
func isProbeCall(call ssa.CallInstruction) bool {
	return catalog.LookupReadinessProbe(grpcOf(call)) != nil
}

// codesFor returns the permanent codes for a gRPC method that is probe
// (nil: any other): the configured ones, less the probe's pending codes.
func (c *checker) codesFor(probe *catalog.ReadinessProbe) []catalog.GRPCCode {
	if probe == nil {
		return c.codes
	}
	var out []catalog.GRPCCode
	for _, code := range c.codes {
		if !probe.IsPending(code) {
			out = append(out, code)
		}
	}
	return out
}

// namesFew reports a classifier table that says yes to a few gRPC codes
// (at most maxListed, named one by one) rather than to all but a few.
func namesFew(table []catalog.Tri) bool {
	yes := 0
	for _, code := range catalog.GRPCCodes() {
		if code.Value > 0 && engine.CaseAnswer(table, engine.ClassCase{Kind: engine.CaseGRPC, N: int64(code.Value)}) == catalog.TriYes {
			yes++
		}
	}
	return yes <= maxListed
}
