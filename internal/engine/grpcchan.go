package engine

import (
	"go/constant"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// The channel a gRPC call is made on, and what its dial options install
// (catalog.GRPCOption's rows):
//
//	conn, err := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(
//		retry.UnaryClientInterceptor(retry.WithMax(3)),   // retries each call
//		timeout.UnaryClientInterceptor(5*time.Second)))   // bounds each call
//	client := pb.NewOrdersClient(conn)
//	client.Get(ctx, req, retry.WithPerRetryTimeout(time.Second))
//
// nodeadline asks whether an interceptor bounds the call, the recognizer
// how many attempts the retry interceptor and the service config's
// retryPolicy make of it:
//
//	conn, err := grpc.NewClient(addr, grpc.WithDefaultServiceConfig(`{"methodConfig": [...
//		"retryPolicy": {"maxAttempts": 4, ...}}]}`))

// GRPCChannel is what the dial options of one channel do.
type GRPCChannel struct {
	// Timeout: a timeout interceptor bounds every call; Retry: a retry
	// interceptor is installed.
	Timeout, Retry bool
	// Defaults are the retry interceptor's options, then the channel's
	// default call options, in the order they apply.
	Defaults []Source
	// Seen: every option is in sight.
	Seen bool
	// ServiceConfigs are the constant texts handed to
	// grpc.WithDefaultServiceConfig; ConfigUnknown: one is given a value
	// that is not one constant.
	ServiceConfigs []string
	ConfigUnknown  bool
	// RetryOff: grpc.WithDisableRetry() is among the options, so the
	// service config's retryPolicy retries nothing.
	RetryOff bool
	// MaxCallAttempts is the constant of grpc.WithMaxCallAttempts, the
	// cap on the retryPolicy's attempts (0: not set, grpc's 5);
	// MaxCallUnknown: it is given a value that is not one constant.
	MaxCallAttempts int
	MaxCallUnknown  bool
	// CallOptions are the channel's default call options
	// (grpc.WithDefaultCallOptions), which its outermost interceptor
	// sees before the call's own.
	CallOptions []Source
	// Chains are the unary interceptor chains a call on the channel may
	// go through, outermost first: one per way through the dial's options
	// (an interceptor appended to them under an if makes two), each
	// distinct. ChainsUnknown: there are too many ways to tell apart.
	Chains        [][]GRPCInterceptor
	ChainsUnknown bool
	// Blocks are the options that make grpc.Dial and DialContext wait
	// until the channel is ready (grpc.WithBlock,
	// WithReturnConnectionError: catalog.GRPCBlock), and DialTimeouts
	// the durations of the grpc.WithTimeout options that bound the
	// wait; nodeadline asks whether a dial can wait forever:
	//
	//	conn, err := grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(creds))
	//
	// OptionsUnknown: an option may be one that blocks or bounds for all
	// the engine can tell (a DialOption of another package, or from a
	// list out of sight, such as a parameter).
	Blocks         []*ssa.Call
	DialTimeouts   []Source
	OptionsUnknown bool
}

// GRPCInterceptor is one unary interceptor of a channel's chain:
//
//	r := retry.UnaryClientInterceptor(retry.WithMax(5))
//	grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(logCalls, r))
//
// is two, logCalls (a Func) and r (Made by retry.UnaryClientInterceptor,
// with Arg 1 in the same Install call).
type GRPCInterceptor struct {
	// Install is the option that installs it (grpc.WithUnaryInterceptor,
	// WithChainUnaryInterceptor), and Arg its argument there (for a
	// list spread with ..., its index in the list). For one inside
	// go-grpc-middleware v1's ChainUnaryClient, the chain and its
	// argument there.
	Install *ssa.Call
	Arg     int
	// Value is what is installed.
	Value Source
	// Made is the call of a catalogued constructor it is the result of
	// (go-grpc-middleware's retry and timeout interceptors), with its
	// row; its options are read in Value.In.
	Made *ssa.Call
	Row  *catalog.GRPCOption
	// Func is the function it is, when it is not Made: a function of
	// the package (declared, or a literal a helper returns) or of
	// another one. Whether it retries is the recognizer's question.
	Func *ssa.Function
}

// GRPCChannels returns the channels a gRPC call may be made on: the
// receiver of ClientConn.Invoke, or the channel a generated client was
// made with (pb.NewOrdersClient(conn)). known is false when one of them
// is out of sight.
func (p *Program) GRPCChannels(in ssa.CallInstruction) (out []GRPCChannel, known bool) {
	conns := []Source{{Value: Recv(in)}}
	if fn := Callee(in); catalog.SymbolOf(fn).Recv != "ClientConn" {
		conns = nil
		for _, src := range p.SourcesIn(Recv(in), nil) {
			call, _ := src.Value.(*ssa.Call)
			if call == nil || !catalog.GRPCStubConstructor(Callee(call)) {
				return nil, false
			}
			conns = append(conns, Source{Value: Arg(call, 0), In: src.In})
		}
	}
	for _, conn := range conns {
		for _, src := range p.SourcesIn(conn.Value, conn.In) {
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
			o := catalog.LookupGRPCOption(Callee(dial))
			if o == nil || o.Role != catalog.GRPCDialer {
				return nil, false
			}
			out = append(out, p.dialOpts(dial, o.Arg, src.In))
		}
	}
	return out, len(out) > 0
}

// GRPCDial returns what the options of a dial (grpc.NewClient, Dial,
// DialContext) do with the channel it makes; ok is false for a call of
// another function.
func (p *Program) GRPCDial(dial *ssa.Call) (ch GRPCChannel, ok bool) {
	o := catalog.LookupGRPCOption(Callee(dial))
	if o == nil || o.Role != catalog.GRPCDialer {
		return ch, false
	}
	return p.dialOpts(dial, o.Arg, nil), true
}

// dialOpts reads the DialOptions of a dial from argument i on.
func (p *Program) dialOpts(dial *ssa.Call, i int, in *Frame) GRPCChannel {
	var ch GRPCChannel
	opts, seen := p.Elems(Arg(dial, i), in)
	ch.Seen, ch.OptionsUnknown = seen, !seen
	if seen {
		ch.Chains, ch.ChainsUnknown = p.unaryChains(Arg(dial, i), in)
	}
	for _, opt := range opts {
		for _, src := range p.SourcesIn(opt.Value, opt.In) {
			call, o := GRPCOptionCall(src.Value)
			if o == nil {
				// grpc.WithTransportCredentials and the other options of
				// grpc install no interceptor; a DialOption of another
				// package or from a variable may.
				if call == nil || !catalog.GRPCPackage(Callee(call)) {
					ch.Seen, ch.OptionsUnknown = false, true
				}
				continue
			}
			switch o.Role {
			case catalog.GRPCBlock:
				ch.Blocks = append(ch.Blocks, call)
			case catalog.GRPCDialTimeout:
				ch.DialTimeouts = append(ch.DialTimeouts, Source{Value: Arg(call, o.Arg), In: src.In})
			case catalog.GRPCInterceptor, catalog.GRPCInterceptors:
				p.interceptors(call, o.Arg, src.In, &ch)
			case catalog.GRPCDefaultCallOptions:
				def, _ := p.Elems(Arg(call, o.Arg), src.In)
				ch.Defaults = append(ch.Defaults, def...)
				ch.CallOptions = append(ch.CallOptions, def...)
			case catalog.GRPCServiceConfig:
				k := p.oneConst(Arg(call, o.Arg), src.In)
				if k == nil || k.Value == nil || k.Value.Kind() != constant.String {
					ch.ConfigUnknown = true
					continue
				}
				ch.ServiceConfigs = append(ch.ServiceConfigs, constant.StringVal(k.Value))
			case catalog.GRPCServiceRetryOff:
				ch.RetryOff = true
			case catalog.GRPCMaxCallAttempts:
				n, ok := p.intConst(Arg(call, o.Arg), src.In)
				ch.MaxCallAttempts, ch.MaxCallUnknown = int(n), !ok
			}
		}
	}
	return ch
}

// interceptors reads the interceptors WithUnaryInterceptor or
// WithChainUnaryInterceptor installs.
func (p *Program) interceptors(call *ssa.Call, i int, in *Frame, ch *GRPCChannel) {
	arg := Arg(call, i)
	list := []Source{{Value: arg, In: in}}
	if _, ok := arg.Type().Underlying().(*types.Slice); ok {
		var seen bool
		if list, seen = p.Elems(arg, in); !seen {
			ch.Seen = false
		}
	}
	for _, it := range list {
		for _, v := range p.SourcesIn(it.Value, it.In) {
			seqs, ok := p.unchain(call, i, v, 0)
			if !ok {
				ch.Seen = false
			}
			for _, ic := range slices.Concat(seqs...) {
				if ic.Row == nil {
					ch.Seen = false // an interceptor of another package may bound calls
					continue
				}
				switch ic.Row.Role {
				case catalog.GRPCTimeoutInterceptor:
					ch.Timeout = true
				case catalog.GRPCRetryInterceptor:
					ch.Retry = true
					def, _ := p.Elems(Arg(ic.Made, ic.Row.Arg), ic.Value.In)
					ch.Defaults = append(def, ch.Defaults...) // the interceptor's own options apply first
				}
			}
		}
	}
}

// maxUnchain bounds the chains read inside chains.
const maxUnchain = 3

// unchain returns the interceptors src, installed as argument arg of
// call, stands for, in order, one sequence per way its arguments may be:
// go-grpc-middleware v1's ChainUnaryClient(a, b) is a then b, the first
// outermost, each installed as its argument of the chain, a chain inside
// it flattened; any other value is itself. ok is false when a chain's
// list cannot be read.
//
//	grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(auth, grpc_retry.UnaryClientInterceptor()))
func (p *Program) unchain(call *ssa.Call, arg int, src Source, depth int) ([][]GRPCInterceptor, bool) {
	chain, o := GRPCOptionCall(src.Value)
	if o == nil || o.Role != catalog.GRPCChainInterceptor {
		ic := GRPCInterceptor{Install: call, Arg: arg, Value: src}
		if chain != nil && o != nil {
			ic.Made, ic.Row = chain, o
		} else {
			ic.Func = funcOf(src.Value)
		}
		return [][]GRPCInterceptor{{ic}}, true
	}
	if depth >= maxUnchain {
		return nil, false
	}
	paths, ok := p.ElemPaths(Arg(chain, o.Arg), src.In, nil)
	if !ok {
		return nil, false
	}
	return p.sequences(chain, o.Arg, paths, depth+1)
}

// sequences returns the interceptor sequences the lists paths install
// as arguments of call from arg on, one per way: a way for each list,
// for each value an element may be, and for each way a chain among them
// may be (unchain, at depth).
func (p *Program) sequences(call *ssa.Call, arg int, paths [][]Source, depth int) (seqs [][]GRPCInterceptor, ok bool) {
	for _, path := range paths {
		ways := [][]GRPCInterceptor{nil}
		for k, e := range path {
			var next [][]GRPCInterceptor
			for _, v := range p.SourcesIn(e.Value, e.In) {
				subs, ok := p.unchain(call, arg+k, v, depth)
				if !ok {
					return nil, false
				}
				for _, w := range ways {
					for _, sub := range subs {
						next = append(next, append(slices.Clip(w), sub...))
					}
				}
			}
			if ways = next; len(ways) > maxChains {
				return nil, false
			}
		}
		seqs = append(seqs, ways...)
	}
	return seqs, len(seqs) <= maxChains
}

// maxChains bounds the interceptor chains told apart on one channel.
const maxChains = 32

// unaryChains reads the unary interceptor chains of the dial options
// opts, way by way (ElemPaths): on each, the last WithUnaryInterceptor
// outermost, then every WithChainUnaryInterceptor's in order. An option
// or an interceptor that may be one of several values (a variable set
// in both branches of an if) makes a chain for each. unknown is true
// when there are more than maxChains.
func (p *Program) unaryChains(opts ssa.Value, in *Frame) (chains [][]GRPCInterceptor, unknown bool) {
	paths, ok := p.ElemPaths(opts, in, p.mayInstall)
	if !ok {
		return nil, true
	}
	type state struct {
		unary []GRPCInterceptor // none or one
		chain []GRPCInterceptor
	}
	for _, path := range paths {
		states := []state{{}}
		for _, opt := range path {
			var next []state
			same := false // some way, the option installs nothing
			for _, src := range p.SourcesIn(opt.Value, opt.In) {
				call, o := GRPCOptionCall(src.Value)
				if o == nil || o.Role != catalog.GRPCInterceptor && o.Role != catalog.GRPCInterceptors {
					if !same {
						next, same = append(next, states...), true
					}
					continue
				}
				lists, ok := p.installed(call, o, src.In)
				if !ok {
					return nil, true
				}
				for _, st := range states {
					for _, l := range lists {
						if o.Role == catalog.GRPCInterceptor {
							next = append(next, state{l, st.chain})
						} else {
							next = append(next, state{st.unary, append(slices.Clip(st.chain), l...)})
						}
					}
				}
			}
			if states = next; len(states) > maxChains {
				return nil, true
			}
		}
		for _, st := range states {
			chains = addChain(chains, append(slices.Clip(st.unary), st.chain...))
		}
		if len(chains) > maxChains {
			return nil, true
		}
	}
	return chains, false
}

// mayInstall reports a dial option that may install unary interceptors.
func (p *Program) mayInstall(opt Source) bool {
	for _, src := range p.SourcesIn(opt.Value, opt.In) {
		if _, o := GRPCOptionCall(src.Value); o != nil && (o.Role == catalog.GRPCInterceptor || o.Role == catalog.GRPCInterceptors) {
			return true
		}
	}
	return false
}

// installed returns the lists of interceptors an option call installs,
// one per way its arguments may be.
func (p *Program) installed(call *ssa.Call, o *catalog.GRPCOption, in *Frame) ([][]GRPCInterceptor, bool) {
	arg := Arg(call, o.Arg)
	values := [][]Source{{{Value: arg, In: in}}}
	if _, ok := arg.Type().Underlying().(*types.Slice); ok {
		var ok bool
		if values, ok = p.ElemPaths(arg, in, nil); !ok {
			return nil, false
		}
	}
	return p.sequences(call, o.Arg, values, 0)
}

// addChain adds a chain to chains unless it is there already.
func addChain(chains [][]GRPCInterceptor, chain []GRPCInterceptor) [][]GRPCInterceptor {
	same := func(a, b GRPCInterceptor) bool {
		return a.Install == b.Install && a.Arg == b.Arg && a.Value.Value == b.Value.Value && a.Value.In.Key() == b.Value.In.Key()
	}
	for _, c := range chains {
		if slices.EqualFunc(c, chain, same) {
			return chains
		}
	}
	return append(chains, chain)
}

// funcOf returns the function a value is, named or a closure of a
// literal, or nil (a method value, a field, a parameter).
func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		if fn, _ := v.Fn.(*ssa.Function); fn != nil && fn.Synthetic == "" {
			return fn
		}
	}
	return nil
}

// GRPCInvokerCall reports a call of a grpc.UnaryInvoker value, the call
// an interceptor makes of the method it intercepts: a unary gRPC call
// (catalog.GRPCInvoker).
func GRPCInvokerCall(call ssa.CallInstruction) bool {
	c := call.Common()
	return !c.IsInvoke() && c.StaticCallee() == nil && catalog.GRPCInvoker(c.Value.Type())
}

// GRPCOptionCall returns the call a value is the result of, with its
// catalog row, or nil.
func GRPCOptionCall(v ssa.Value) (*ssa.Call, *catalog.GRPCOption) {
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return nil, nil
	}
	return call, catalog.LookupGRPCOption(Callee(call))
}

// GRPCRetry reads what the retry interceptor of package pkg does with a
// call given options opts (the channel's defaults, then the call's own),
// applied in order, a later WithMax or Disable replacing an earlier one:
// WithMax(n) makes n attempts, its default 0 and Disable one. Options of
// another package are not its own (go-grpc-middleware v1's are not
// v2's, catalog.GRPCRetryInterceptor) and change nothing. known is false
// when a count is not one constant; backoff is the call of the last
// WithBackoff among them, the one that applies, or nil.
func (p *Program) GRPCRetry(pkg string, opts []Source) (n int64, known bool, backoff *ssa.Call) {
	n, known = 1, true
	for _, opt := range opts {
		for _, src := range p.SourcesIn(opt.Value, opt.In) {
			call, o := GRPCOptionCall(src.Value)
			if o == nil || o.Pkg != pkg {
				continue
			}
			switch o.Role {
			case catalog.GRPCRetryMax:
				n, known = p.intConst(Arg(call, o.Arg), src.In)
				n = max(n, 1)
			case catalog.GRPCRetryDisable:
				n, known = 1, true
			case catalog.GRPCRetryBackoff:
				backoff = call
			}
		}
	}
	return n, known, backoff
}

// intConst returns the one constant integer a value can be.
func (p *Program) intConst(v ssa.Value, in *Frame) (int64, bool) {
	k := p.oneConst(v, in)
	if k == nil || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(k.Value)
}

// oneConst returns the one constant a value can be, or nil.
func (p *Program) oneConst(v ssa.Value, in *Frame) *ssa.Const {
	srcs := p.SourcesIn(v, in)
	if len(srcs) != 1 {
		return nil
	}
	k, _ := srcs[0].Value.(*ssa.Const)
	return k
}
