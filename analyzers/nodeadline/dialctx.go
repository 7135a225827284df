package nodeadline

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A dial that ignores the context at hand: net.Dial, tls.Dial or Dial on
// a net.Dialer with no Timeout, in a function that has a context someone
// can end (a parameter, one with a deadline, one whose cancel func is
// used). The dial waits for the operating system's connect timeout
// (minutes) however early the context is done:
//
//	func (c *client) connect(ctx context.Context) error {
//		conn, err := net.Dial("tcp", c.addr) // reported: use (&net.Dialer{}).DialContext(ctx, ...)
//
// Outside retry sites only; inside them the dial is reported for having
// no timeout at all. TCP dials only: a Unix socket or a datagram network
// has no handshake with a distant peer to wait for (network.go reads
// the network). A function with only context.Background() at hand gains
// nothing from DialContext and is left alone.

// dialIgnoresCtx reports a dial with no timeout outside retry sites
// when a context is at hand.
func (c *checker) dialIgnoresCtx(s site, in ssa.CallInstruction, fn *types.Func) {
	where, ok := c.where(s.fi, s.call)
	if !ok || where.site != "" || c.networkOf(in)&netStream == 0 {
		return
	}
	name := c.ctxAtHand(s.fi, in)
	if name == "" {
		return
	}
	fix := fmt.Sprintf("(&net.Dialer{}).DialContext(%s, network, address)", name)
	switch {
	case catalog.SymbolOf(fn).Pkg == "crypto/tls":
		fix = fmt.Sprintf("(&tls.Dialer{Config: config}).DialContext(%s, network, address)", name)
	case fn.Type().(*types.Signature).Recv() != nil:
		if sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr); ok {
			fix = fmt.Sprintf("%s.DialContext(%s, network, address)", types.ExprString(sel.X), name)
		}
	}
	c.report(s.fi, analysis.Diagnostic{
		Pos: s.call.Pos(), End: s.call.End(), Category: "dial-ctx",
		Message: fmt.Sprintf("%s takes no context though %s is at hand: the dial waits for the operating system's connect timeout (minutes) after %s is done; use %s",
			types.ExprString(s.call.Fun), name, name, fix),
	})
}

// ctxAtHand returns the name of a context of the dial's function that
// someone can end and that is set before the dial: a parameter, a free
// variable, or a variable made by a call that dominates it; "" when none.
func (c *checker) ctxAtHand(fi *funcInfo, in ssa.CallInstruction) string {
	fn := in.Parent()
	var cands []ssa.Value
	for _, p := range fn.Params {
		cands = append(cands, p)
	}
	for _, fv := range fn.FreeVars {
		cands = append(cands, fv)
	}
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			switch v := x.(type) {
			case *ssa.Call, *ssa.Extract:
				if before(x, in) {
					cands = append(cands, v.(ssa.Value))
				}
			}
		}
	}
	for _, v := range cands {
		name := varName(v)
		if name == "" || name == "_" || !catalog.IsContext(v.Type()) {
			continue
		}
		if st := c.tracer(fi).ctx(v, nil); st.kind != noDeadline || st.cancelled {
			return name
		}
	}
	return ""
}

// before reports whether instruction a runs before b on every path to b.
func before(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, x := range a.Block().Instrs {
		switch x {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// varName returns the name a value is known by: a parameter's, a free
// variable's, or the variable it is assigned to (ctx := r.Context()).
func varName(v ssa.Value) string {
	if p, ok := v.(*ssa.Parameter); ok {
		if analysisutil.IsNil(p.Object()) {
			return ""
		}
		return p.Object().Name() // "" for func(context.Context, ...), not SSA's arg0
	}
	if n := engine.Name(v); n != "" {
		return n
	}
	for _, r := range *v.Referrers() {
		if d, ok := r.(*ssa.DebugRef); ok {
			if id, ok := d.Expr.(*ast.Ident); ok {
				return id.Name
			}
		}
	}
	return ""
}
