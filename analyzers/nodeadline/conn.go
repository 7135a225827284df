package nodeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Connections that wait forever: a connection dialed with no timeout and
// then read or written with no deadline set blocks for as long as the
// peer stays silent, inside a retry or not.
//
//	conn, err := net.Dial("tcp", addr)
//	defer conn.Close()
//	conn.Write(req)
//	n, err := conn.Read(buf) // reported: nothing bounds the read
//
// Quiet when the function sets a deadline on the connection anywhere
// (flow-insensitive: conn.SetDeadline before or after), when the dial has
// a timeout (net.DialTimeout, a net.Dialer with Timeout or Deadline),
// and when the connection leaves the analyzer's sight: it is returned,
// stored, handed to a function other than the standard readers and
// writers of catalog.ConnUser, or converted (conn.(*net.TCPConn)).

// connUse is the first read or write of a connection.
type connUse struct {
	call *ast.CallExpr
	io   catalog.ConnIO
}

// conn checks the connection that the dial call in returns, where the
// engine says it goes (engine.Uses). dialName names the dial in
// messages.
func (c *checker) conn(s site, in ssa.CallInstruction, dialName string) {
	dial, ok := in.(*ssa.Call)
	if !ok {
		return
	}
	res := engine.Result(dial, 0)
	nets := c.networkOf(dial)
	if res == nil || nets.local() {
		return // a Unix socket: its peer is a process on this machine
	}
	var first connUse
	uses := promoted(c.p.Uses(engine.Source{Value: res}))
	for _, u := range uses {
		var use connUse
		switch x := u.Instr.(type) {
		case ssa.CallInstruction:
			fn := engine.Callee(x)
			if unembed(engine.Recv(x)) != u.Value || handed(x, u.Value) {
				io := catalog.ConnUser(fn)
				if io == catalog.ConnNone {
					return // handed to code that may set a deadline
				}
				use = connUse{c.p.CallExpr(x), io}
			} else if fn != nil {
				switch {
				case catalog.ConnDeadlineMethod(fn.Name()), catalog.ConnEscapeMethod(fn.Name()):
					return
				case catalog.ConnMethod(fn.Name()) != catalog.ConnNone:
					use = connUse{c.p.CallExpr(x), catalog.ConnMethod(fn.Name())}
				}
			}
		case *ssa.BinOp:
			continue // conn != nil
		default:
			return // returned, stored, converted
		}
		if use.call == nil || c.unblocked(s.fi, dial.Parent(), u.Instr, uses) {
			continue
		}
		if !c.allDialForever(s.fi, u.Value) {
			return // also a connection the analyzer does not judge
		}
		if first.call == nil || use.call.Pos() < first.call.Pos() {
			first = use
		}
	}
	if first.call == nil || (first.io == catalog.ConnWrite && nets.datagram()) {
		return
	}
	where, ok := c.where(s.fi, first.call)
	if !ok {
		return
	}
	verb := "reads"
	if first.io == catalog.ConnWrite {
		verb = "writes"
	}
	fix := "call SetDeadline on it"
	if name := engine.Name(res); name != "" {
		fix = "call " + name + ".SetDeadline"
	}
	d := analysis.Diagnostic{
		Pos: first.call.Pos(), End: first.call.End(), Category: "conn",
		Message: fmt.Sprintf("%s %s a connection from %s with no timeout and no deadline: %s; %s before reading and writing",
			types.ExprString(first.call.Fun), verb, dialName,
			where.wait("a peer that stops answering blocks it forever", "can wait forever on a peer that stops answering"), fix),
	}
	c.connFinding(s, d)
}

// allDialForever reports whether every connection v can be comes from a
// dial that waits forever (a nil aside).
func (c *checker) allDialForever(fi *funcInfo, v ssa.Value) bool {
	for _, src := range c.p.SourcesIn(v, nil) {
		switch x := src.Value.(type) {
		case *ssa.Const:
			if x.IsNil() {
				continue // var conn net.Conn
			}
		case *ssa.Extract:
			if d, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && c.dialsForever(fi, d) {
				continue // a Unix socket's dial too: it adds nothing, and the others decide
			}
		}
		return false
	}
	return true
}

// dialsForever reports whether a call dials a connection with no
// timeout: net.Dial and friends, or a dial on a net.Dialer made without
// Timeout and Deadline (DialContext: and a context with no deadline).
func (c *checker) dialsForever(fi *funcInfo, in ssa.CallInstruction) bool {
	fn := engine.Callee(in)
	if fn == nil {
		return false
	}
	if catalog.ConnDial(fn) {
		return true
	}
	s := catalog.SymbolOf(fn)
	var dialer ssa.Value
	switch s {
	case catalog.NetDialerDial, catalog.NetDialerDialCtx:
		dialer = engine.Recv(in)
	case catalog.TLSDialWithDialer:
		dialer = engine.Arg(in, 0)
	default:
		return false
	}
	t := c.tracer(fi)
	if _, ok := t.noTimeout(dialer, "Timeout", "Deadline"); !ok {
		return false
	}
	return s != catalog.NetDialerDialCtx || t.ctx(engine.Arg(in, 0), nil).kind == noDeadline
}

// A connection made by several dials (syslog's Unix socket or the
// network its caller names) is one connection: its first read or write
// is reported once, with every dial that waits forever as a related
// location.
type connReport struct {
	fi    *funcInfo
	d     analysis.Diagnostic
	dials []ast.Node
}

// connFinding holds the finding of one dial until every dial is seen.
func (c *checker) connFinding(s site, d analysis.Diagnostic) {
	if c.conns == nil {
		c.conns = map[token.Pos]*connReport{}
	}
	r := c.conns[d.Pos]
	if r == nil {
		r = &connReport{fi: s.fi, d: d}
		c.conns[d.Pos] = r
	}
	if len(r.dials) > 0 && s.call.Pos() < r.dials[0].Pos() {
		r.fi, r.d = s.fi, d // the message names the first dial
	}
	r.dials = append(r.dials, s.call)
}

// flushConns reports the connections' findings, in the order of their
// positions.
func (c *checker) flushConns() {
	var rs []*connReport
	for _, r := range c.conns {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b *connReport) int { return int(a.d.Pos - b.d.Pos) })
	for _, r := range rs {
		slices.SortFunc(r.dials, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
		r.d.Related = nil
		for _, n := range r.dials {
			r.d.Related = append(r.d.Related, related(n, "the connection is dialed here, with no timeout")...)
		}
		c.report(r.fi, r.d)
	}
}

// promoted replaces a use of a connection as the base of an embedded
// field's address by the calls that take the address as receiver: a
// *net.TCPConn's Read is (*net.conn).Read on &conn.conn.
func promoted(uses []engine.Use) []engine.Use {
	var out []engine.Use
	for _, u := range uses {
		fa, ok := u.Instr.(*ssa.FieldAddr)
		if !ok || fa.X != u.Value || !embedded(fa) {
			out = append(out, u)
			continue
		}
		for _, r := range *fa.Referrers() {
			out = append(out, engine.Use{Instr: r, Value: u.Value, In: u.In})
		}
	}
	return out
}

// unembed returns the value whose embedded field v is the address of,
// or v.
func unembed(v ssa.Value) ssa.Value {
	if fa, ok := v.(*ssa.FieldAddr); ok && embedded(fa) {
		return fa.X
	}
	return v
}

// embedded reports the address of an embedded field.
func embedded(fa *ssa.FieldAddr) bool {
	f := engine.FieldOf(fa)
	return f != nil && f.Embedded()
}
