package nodeadline

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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

// conn checks the connection that the dial call returns. dialName names
// the dial in messages.
func (c *checker) conn(fi *funcInfo, fl *tracer, call *ast.CallExpr, dialName string) {
	v := assignedFrom(c.pass.TypesInfo, fi.decl.Body, call)
	if v == nil || v.Kind() != types.LocalVar || c.x.AddrTaken(v) {
		return
	}
	for _, d := range c.x.Defs(v) {
		if d.RHS == nil && d.Result == 0 {
			continue // var conn net.Conn
		}
		dc, ok := ast.Unparen(d.RHS).(*ast.CallExpr)
		if !ok || d.Result != 0 || !c.dialsForever(fl, dc) {
			return // also assigned a connection the analyzer does not judge
		}
	}
	use, ok := c.connUses(fi.decl, v)
	if !ok || use.call == nil || (use.io == catalog.ConnWrite && datagram(c.x.Info(), call)) {
		return
	}
	where, ok := c.where(fi, use.call)
	if !ok {
		return
	}
	verb := "reads"
	if use.io == catalog.ConnWrite {
		verb = "writes"
	}
	d := analysis.Diagnostic{
		Pos: use.call.Pos(), End: use.call.End(), Category: "conn",
		Message: fmt.Sprintf("%s %s a connection from %s with no timeout and no deadline: %s; call %s.SetDeadline before reading and writing",
			types.ExprString(use.call.Fun), verb, dialName,
			where.wait("a peer that stops answering blocks it forever", "can wait forever on a peer that stops answering"), v.Name()),
	}
	d.Related = related(call, "the connection is dialed here, with no timeout")
	c.rep.Report(d)
}

// dialsForever reports whether call dials a connection with no timeout:
// net.Dial and friends, or a dial on a net.Dialer made without Timeout
// and Deadline (DialContext: and a context with no deadline).
func (c *checker) dialsForever(fl *tracer, call *ast.CallExpr) bool {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	if catalog.ConnDial(fn) {
		return true
	}
	s := catalog.SymbolOf(fn)
	var dialer ast.Expr
	switch s {
	case catalog.NetDialerDial, catalog.NetDialerDialCtx:
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		dialer = sel.X
	case catalog.TLSDialWithDialer:
		if len(call.Args) == 0 {
			return false
		}
		dialer = call.Args[0]
	default:
		return false
	}
	if _, ok := fl.noTimeout(dialer, "Timeout", "Deadline"); !ok {
		return false
	}
	return s != catalog.NetDialerDialCtx || (len(call.Args) > 0 && fl.ctx(call.Args[0]).kind == noDeadline)
}

// assignedFrom returns the local variable that receives the first result
// of call: conn, err := net.Dial(...).
func assignedFrom(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) *types.Var {
	var v *types.Var
	ast.Inspect(body, func(n ast.Node) bool {
		if v != nil {
			return false
		}
		var lhs []ast.Expr
		var rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			rhs = n.Values
		default:
			return true
		}
		if len(rhs) == 1 && rhs[0] == call && len(lhs) > 0 {
			if id, ok := lhs[0].(*ast.Ident); ok {
				v, _ = info.ObjectOf(id).(*types.Var)
			}
		}
		return true
	})
	return v
}

// connUses finds the first read or write of v in decl; ok is false when a
// deadline is set on v or v leaves the analyzer's sight.
func (c *checker) connUses(decl *ast.FuncDecl, v *types.Var) (connUse, bool) {
	info := c.pass.TypesInfo
	var first connUse
	ok := true
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, isID := n.(*ast.Ident)
		if !isID || info.Uses[id] != v || len(stack) < 2 {
			return true // always descend: f(nil) pops the stack
		}
		var use connUse
		switch p := stack[len(stack)-2].(type) {
		case *ast.SelectorExpr:
			name := p.Sel.Name
			switch {
			case catalog.ConnDeadlineMethod(name), catalog.ConnEscapeMethod(name):
				ok = false
			case catalog.ConnMethod(name) != catalog.ConnNone && len(stack) >= 3:
				if call, isCall := stack[len(stack)-3].(*ast.CallExpr); isCall && call.Fun == p {
					use = connUse{call, catalog.ConnMethod(name)}
				}
			}
		case *ast.CallExpr:
			if io := catalog.ConnUser(analysisutil.Callee(info, p)); io != catalog.ConnNone {
				use = connUse{p, io}
			} else {
				ok = false // handed to code that may set a deadline
			}
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == id {
					return true
				}
			}
			ok = false // copied
		case *ast.BinaryExpr:
			// conn != nil
		default:
			ok = false // returned, stored, converted
		}
		if use.call != nil && (first.call == nil || use.call.Pos() < first.call.Pos()) {
			first = use
		}
		return true
	})
	return first, ok
}

// datagram reports a dial of a datagram network ("udp", "ip4:icmp",
// "unixgram"), whose writes do not wait for the peer.
func datagram(info *types.Info, call *ast.CallExpr) bool {
	for _, a := range call.Args {
		if tv, ok := info.Types[a]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			network := constant.StringVal(tv.Value)
			return strings.HasPrefix(network, "udp") || strings.HasPrefix(network, "ip") || network == "unixgram"
		}
	}
	return false
}
