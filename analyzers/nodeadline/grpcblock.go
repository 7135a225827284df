package nodeadline

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// CategoryGRPCBlock: a gRPC dial told to wait for the connection, with
// nothing to end the wait.
const CategoryGRPCBlock = "grpc-block"

// grpcBlockFamily names a blocking dial in the messages of the callers
// that hand it their context (ReachFact.Family).
const grpcBlockFamily = "a blocking gRPC dial"

// A gRPC dial told to block waits until the channel is READY: while the
// server is down or the address is wrong, grpc reconnects underneath
// with its own backoff and the dial never returns (catalog.GRPCBlock,
// GRPCBlockingDial):
//
//	conn, err := grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(creds)) // reported
//	conn, err := grpc.DialContext(context.Background(), addr, grpc.WithBlock())         // reported
//
// It waits on its own, so it is reported wherever it is, not only in a
// retry. Quiet when grpc.WithTimeout is among the options (with a
// duration that is not the constant 0), when DialContext's context has
// a deadline or comes from where the analyzer cannot see, when no option
// blocks (grpc.NewClient never does), and when an option may be one the
// engine cannot read (engine.GRPCChannel.OptionsUnknown: an opts...
// parameter, a DialOption of another package), which may be the timeout.
// A context parameter makes a summary, so that a caller handing the dial
// context.Background() through it is reported at its call, as for any
// outbound call.

// grpcBlock checks a call of grpc.Dial or DialContext; with report
// false it only makes the function's summary.
func (c *checker) grpcBlock(s site, fn *types.Func, report bool) {
	ctxArg, ok := catalog.GRPCBlockingDial(fn)
	if !ok || !report && (ctxArg < 0 || !c.asks(s.fi, false)) {
		return
	}
	dial, _ := c.instr(s).(*ssa.Call)
	if dial == nil {
		return
	}
	ch, ok := c.p.GRPCDial(dial)
	if !ok || len(ch.Blocks) == 0 || ch.OptionsUnknown || c.dialTimeout(ch) {
		return
	}
	st := state{kind: noDeadline}
	if ctxArg >= 0 {
		st = c.arg(s, ctxArg)
		if st.kind == param {
			c.reach(s.fi, s.call, st, hop{name: analysisutil.FuncName(fn, c.pass.Pkg), text: callText(s.call, fn, c.pass.Pkg), ctx: ctxArg,
				fact: &ReachFact{Param: -1, Family: grpcBlockFamily}}, false)
			return
		}
	}
	if !report || st.kind != noDeadline {
		return
	}
	where, ok := c.where(s.fi, s.call)
	if !ok {
		return
	}
	block := engine.Callee(ch.Blocks[0])
	name, opt := types.ExprString(s.call.Fun), "grpc."+block.Name()
	msg := fmt.Sprintf("%s with %s has no timeout", name, opt)
	fix := "add grpc.WithTimeout or dial with grpc.DialContext and a context from context.WithTimeout"
	if ctxArg >= 0 {
		msg = fmt.Sprintf("%s with %s gets %s", name, opt, strings.TrimSuffix(origin(st), ","))
		if !strings.Contains(msg, "deadline") {
			msg += " with no deadline" // context.Background(), not "context.WithoutCancel, which drops the deadline"
		}
		fix = "add grpc.WithTimeout or derive the context with context.WithTimeout"
	}
	d := analysis.Diagnostic{
		Pos: s.call.Pos(), End: s.call.End(), Category: CategoryGRPCBlock,
		Message: fmt.Sprintf("%s: %s; %s", msg,
			where.wait("it waits forever while the server is unreachable", "waits forever while the server is unreachable"), fix),
	}
	for _, b := range ch.Blocks {
		if e := c.p.CallExpr(b); e != nil && (e.Pos() < s.call.Pos() || e.End() > s.call.End()) {
			d.Related = append(d.Related, related(e, "the dial is told to wait for the connection here")...)
		}
	}
	if ctxArg >= 0 {
		d.Related = append(d.Related, c.originRelated(s.call, st)...)
	}
	c.report(s.fi, d)
}

// dialTimeout reports whether a grpc.WithTimeout among a dial's options
// may bound its wait: its duration is not the constant 0 on every way
// (a timeout of 0 or less is none: DialContext derives its context only
// "if cc.dopts.timeout > 0").
func (c *checker) dialTimeout(ch engine.GRPCChannel) bool {
	for _, t := range ch.DialTimeouts {
		if c.nonZero(t.Value, t.In) != catalog.TriNo {
			return true
		}
	}
	return false
}
