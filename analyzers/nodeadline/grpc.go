package nodeadline

import (
	"go/constant"
	"go/types"

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

// channelOpts is what the dial options of one channel do.
type channelOpts struct {
	timeout, retry bool
	// defaults: the retry interceptor's options, then the channel's
	// default call options, in the order they apply.
	defaults []engine.Source
	// seen: every option is in sight.
	seen bool
}

// grpcBounded reports whether the options of a unary gRPC call, or the
// interceptors of every channel it may be made on, bound it.
func (c *checker) grpcBounded(in ssa.CallInstruction) bool {
	if !catalog.GRPCUnary(engine.Callee(in)) {
		return false
	}
	cc := in.Common()
	own, _ := c.p.Elems(cc.Args[len(cc.Args)-1], nil)
	channels, known := c.grpcChannels(in)
	if !known {
		return c.retrySettings(own).bounds(true)
	}
	for _, ch := range channels {
		if ch.timeout {
			continue
		}
		s := c.retrySettings(append(append([]engine.Source(nil), ch.defaults...), own...))
		if !(ch.retry && s.bounds(false)) && !(!ch.seen && s.bounds(true)) {
			return false
		}
	}
	return len(channels) > 0
}

// grpcChannels returns the options of the channels a call may be made
// on: the receiver of ClientConn.Invoke, or the channel a generated
// client was made with (pb.NewOrdersClient(conn)). known is false when
// one of them is out of sight.
func (c *checker) grpcChannels(in ssa.CallInstruction) (out []channelOpts, known bool) {
	conns := []engine.Source{{Value: engine.Recv(in)}}
	if fn := engine.Callee(in); catalog.SymbolOf(fn).Recv != "ClientConn" {
		conns = nil
		for _, src := range c.p.SourcesIn(engine.Recv(in), nil) {
			call, _ := src.Value.(*ssa.Call)
			if call == nil || !catalog.GRPCStubConstructor(engine.Callee(call)) {
				return nil, false
			}
			conns = append(conns, engine.Source{Value: engine.Arg(call, 0), In: src.In})
		}
	}
	for _, conn := range conns {
		for _, src := range c.p.SourcesIn(conn.Value, conn.In) {
			ex, _ := src.Value.(*ssa.Extract)
			if ex == nil || ex.Index != 0 {
				return nil, false
			}
			// The tuple may be a type assertion's (c, ok := client.(grpc.ClientConnInterface))
			// or a map lookup's, not a call.
			dial, _ := ex.Tuple.(*ssa.Call)
			if dial == nil {
				return nil, false
			}
			o := catalog.LookupGRPCOption(engine.Callee(dial))
			if o == nil || o.Role != catalog.GRPCDialer {
				return nil, false
			}
			out = append(out, c.dialOpts(dial, o.Arg, src.In))
		}
	}
	return out, len(out) > 0
}

// dialOpts reads the DialOptions of a dial from argument i on.
func (c *checker) dialOpts(dial *ssa.Call, i int, in *engine.Frame) channelOpts {
	var ch channelOpts
	opts, seen := c.p.Elems(engine.Arg(dial, i), in)
	ch.seen = seen
	for _, opt := range opts {
		for _, src := range c.p.SourcesIn(opt.Value, opt.In) {
			call, o := c.optionCall(src.Value)
			if o == nil {
				// grpc.WithTransportCredentials and the other options of
				// grpc install no interceptor; a DialOption of another
				// package or from a variable may.
				if call == nil || !catalog.GRPCPackage(engine.Callee(call)) {
					ch.seen = false
				}
				continue
			}
			switch o.Role {
			case catalog.GRPCInterceptors:
				c.interceptors(call, o.Arg, src.In, &ch)
			case catalog.GRPCDefaultCallOptions:
				def, _ := c.p.Elems(engine.Arg(call, o.Arg), src.In)
				ch.defaults = append(ch.defaults, def...)
			}
		}
	}
	return ch
}

// interceptors reads the interceptors WithUnaryInterceptor or
// WithChainUnaryInterceptor installs.
func (c *checker) interceptors(call *ssa.Call, i int, in *engine.Frame, ch *channelOpts) {
	arg := engine.Arg(call, i)
	list := []engine.Source{{Value: arg, In: in}}
	if _, ok := arg.Type().Underlying().(*types.Slice); ok {
		var seen bool
		if list, seen = c.p.Elems(arg, in); !seen {
			ch.seen = false
		}
	}
	for _, it := range list {
		for _, src := range c.p.SourcesIn(it.Value, it.In) {
			ic, o := c.optionCall(src.Value)
			if o == nil {
				ch.seen = false // an interceptor of another package may bound calls
				continue
			}
			switch o.Role {
			case catalog.GRPCTimeoutInterceptor:
				ch.timeout = true
			case catalog.GRPCRetryInterceptor:
				ch.retry = true
				def, _ := c.p.Elems(engine.Arg(ic, o.Arg), src.In)
				ch.defaults = append(def, ch.defaults...) // the interceptor's own options apply first
			}
		}
	}
}

// optionCall returns the call a value is the result of, with its
// catalog row, or nil.
func (c *checker) optionCall(v ssa.Value) (*ssa.Call, *catalog.GRPCOption) {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return nil, nil
	}
	return call, catalog.LookupGRPCOption(engine.Callee(call))
}

// retrySettings applies retry options in order: a later WithMax or
// WithPerRetryTimeout replaces an earlier one.
func (c *checker) retrySettings(opts []engine.Source) retrySettings {
	var r retrySettings
	for _, opt := range opts {
		for _, src := range c.p.SourcesIn(opt.Value, opt.In) {
			call, o := c.optionCall(src.Value)
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
