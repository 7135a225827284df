package nonidempotent

import (
	"go/ast"
	"go/types"
	"net"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A local admin API (the catalog's Local protocols: Envoy's admin) is
// known by its paths only on a local address, where the paths cannot be
// another service's: a URL whose host is a constant loopback name or
// address, or a client whose transport, built in the same function,
// dials a unix socket:
//
//	c := http.Client{Transport: &http.Transport{
//		DialContext: func(context.Context, string, string) (net.Conn, error) {
//			return net.Dial("unix", adminSocket)
//		},
//	}}
//	c.Post("http://envoy/healthcheck/fail", "", nil) // sets a flag: idempotent
//
// "http://unix/..." or "http://envoy/..." alone says nothing: the host of
// a unix-socket client is any word.

// localTarget reports whether a request goes to a local address: its
// URL's host is loopback, or the client that sends it (client, the
// receiver of Post or Do) dials a unix socket.
func (c *checker) localTarget(url ssa.Value, client ast.Expr, where place) bool {
	if head, _, _ := c.constParts(url, 0); loopbackHost(head) {
		return true
	}
	return client != nil && c.dialsUnix(client, where)
}

// loopbackHost reports whether the constant start of a URL holds its
// whole host, and that host is localhost or a loopback address.
func loopbackHost(head string) bool {
	i := strings.Index(head, "://")
	if i < 0 {
		return false
	}
	rest := head[i+3:]
	var host string
	if strings.HasPrefix(rest, "[") { // [::1]:9901
		j := strings.IndexByte(rest, ']')
		if j < 0 {
			return false
		}
		host = rest[1:j]
	} else {
		j := strings.IndexAny(rest, ":/?#")
		if j < 0 {
			return false // the host may go on past the constant
		}
		host = rest[:j]
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// dialsUnix reports whether client is a variable of the function at
// where whose value, an http.Client literal made there, holds a dial of
// a unix socket: net.Dial("unix", ...), net.DialTimeout,
// (*net.Dialer).Dial or DialContext with the network "unix", or
// net.DialUnix.
func (c *checker) dialsUnix(client ast.Expr, where place) bool {
	id, ok := ast.Unparen(client).(*ast.Ident)
	if !ok {
		return false
	}
	obj, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok || where.fd == nil || where.fd.Body == nil {
		return false
	}
	found := false
	ast.Inspect(where.fd.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		var lhs, rhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt:
			lhs, rhs = n.Lhs, n.Rhs
		case *ast.ValueSpec:
			for _, name := range n.Names {
				lhs = append(lhs, name)
			}
			rhs = n.Values
		default:
			return true
		}
		if len(lhs) != len(rhs) {
			return true
		}
		for i, l := range lhs {
			if lid, ok := l.(*ast.Ident); ok && c.info.ObjectOf(lid) == obj && c.hasUnixDial(rhs[i]) {
				found = true
			}
		}
		return true
	})
	return found
}

// hasUnixDial reports a unix-socket dial in the syntax of e.
func (c *checker) hasUnixDial(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := analysisutil.AnyCallee(c.info, call)
		network := -1
		switch {
		case analysisutil.IsFunc(fn, "net", "", "DialUnix"):
			found = true
		case analysisutil.IsFunc(fn, "net", "", "Dial"), analysisutil.IsFunc(fn, "net", "", "DialTimeout"), analysisutil.IsFunc(fn, "net", "Dialer", "Dial"):
			network = 0
		case analysisutil.IsFunc(fn, "net", "Dialer", "DialContext"):
			network = 1
		}
		if network >= 0 && network < len(call.Args) {
			if s, ok := analysisutil.ConstString(c.info, call.Args[network]); ok && s == "unix" {
				found = true
			}
		}
		return !found
	})
	return found
}
