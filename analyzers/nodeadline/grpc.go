package nodeadline

import (
	"go/constant"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// gRPC calls bounded by the channel: a context with no deadline does not
// make a call wait forever when an interceptor bounds it.
//
//	conn, _ := grpc.NewClient(addr, grpc.WithUnaryInterceptor(
//		retry.UnaryClientInterceptor(retry.WithMax(3))))
//	client := pb.NewOrdersClient(conn)
//	client.Get(context.Background(), req, retry.WithPerRetryTimeout(2*time.Second)) // bounded
//
// A timeout interceptor bounds every call; a retry interceptor bounds
// each attempt when the retry options it applies (its own defaults, the
// channel's default call options, then the call's, later ones winning)
// give a per-retry timeout and a WithMax other than 0. Where the engine
// cannot see how the channel is made (a client from a parameter, a
// DialOption from another package), a call whose own options ask for a
// per-retry timeout is taken to have its interceptor: the author wrote
// the options for one. A call with neither is judged by its context
// alone, as before.

// retrySettings are the retry options that reach a call, as far as they
// are seen.
type retrySettings struct {
	perRetry, max catalog.Tri
}

// bounds reports settings under which the retry interceptor bounds each
// attempt; unknownMax: a max not seen counts (the interceptor's
// defaults are out of sight).
func (r retrySettings) bounds(unknownMax bool) bool {
	return r.perRetry == catalog.TriYes && (r.max == catalog.TriYes || (unknownMax && r.max == catalog.TriUnknown))
}

// grpcBounded reports whether the options of a unary gRPC call, or the
// interceptors of every channel it may be made on, bound it.
func (c *checker) grpcBounded(in ssa.CallInstruction) bool {
	if !catalog.GRPCUnary(engine.Callee(in)) {
		return false
	}
	cc := in.Common()
	own, _ := c.p.Elems(cc.Args[len(cc.Args)-1], nil)
	channels, known := c.p.GRPCChannels(in)
	if !known {
		return c.retrySettings(own).bounds(true)
	}
	for _, ch := range channels {
		if ch.Timeout {
			continue
		}
		s := c.retrySettings(append(append([]engine.Source(nil), ch.Defaults...), own...))
		if !(ch.Retry && s.bounds(false)) && !(!ch.Seen && s.bounds(true)) {
			return false
		}
	}
	return len(channels) > 0
}

// retrySettings applies retry options in order: a later WithMax or
// WithPerRetryTimeout replaces an earlier one.
func (c *checker) retrySettings(opts []engine.Source) retrySettings {
	var r retrySettings
	for _, opt := range opts {
		for _, src := range c.p.SourcesIn(opt.Value, opt.In) {
			call, o := engine.GRPCOptionCall(src.Value)
			if o == nil {
				continue
			}
			switch o.Role {
			case catalog.GRPCPerRetryTimeout:
				r.perRetry = c.nonZero(engine.Arg(call, o.Arg), src.In)
			case catalog.GRPCRetryMax:
				r.max = c.nonZero(engine.Arg(call, o.Arg), src.In)
			case catalog.GRPCRetryDisable:
				r.max = catalog.TriNo
			}
		}
	}
	return r
}

// nonZero reports whether a number is not zero: no when every value it
// can be is the constant 0, yes otherwise (a value out of sight is
// taken to be set on purpose).
func (c *checker) nonZero(v ssa.Value, in *engine.Frame) catalog.Tri {
	for _, src := range c.p.SourcesIn(v, in) {
		k, ok := src.Value.(*ssa.Const)
		if !ok || k.Value == nil || constant.Sign(k.Value) != 0 {
			return catalog.TriYes
		}
	}
	return catalog.TriNo
}
