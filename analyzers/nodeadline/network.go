package nodeadline

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// The network a dial uses decides what its connection can wait for: a
// Unix socket talks to a process on this machine, and a datagram socket
// ("udp", "ip4:icmp", "unixgram") sends without waiting for its peer.
// The network is read from the dial's network argument as the package
// shows it, not only when it is written as a constant:
//
//	net.Dial("udp", addr)
//
//	for _, network := range []string{"unixgram", "unix"} { // each element
//		conn, err := net.Dial(network, path)
//
//	addr := &net.UnixAddr{Net: "unixgram", Name: socket}   // the literal's field
//	conn, err := net.DialUnix(addr.Net, nil, addr)
//
// through variables, phis and the package's helpers (engine.SourcesIn).
// A network the analyzer cannot see (a parameter, an exported field read
// elsewhere) may be TCP.

// netKind sorts the networks a dial can use.
type netKind uint8

const (
	netStream        netKind = 1 << iota // TCP, or not seen: waits on a distant peer
	netLocal                             // "unix", "unixpacket": a process on this machine
	netDatagram                          // "udp*", "ip*": writes do not wait
	netLocalDatagram                     // "unixgram": both
)

// networkOf returns the kinds of network a dial can use; netStream
// when one of them is out of sight.
func (c *checker) networkOf(in ssa.CallInstruction) netKind {
	fn := engine.Callee(in)
	if fn == nil {
		return netStream
	}
	i := 0
	if strings.HasSuffix(fn.Name(), "Context") || catalog.SymbolOf(fn) == catalog.TLSDialWithDialer {
		i = 1 // DialContext(ctx, network, address), DialWithDialer(d, network, address, config)
	}
	if s := catalog.SymbolOf(fn); s.Pkg == "net" && s.Recv == "" && s.Name == "DialUnix" {
		return netLocal // "unix", "unixgram" or "unixpacket", whichever it is
	}
	arg := engine.Arg(in, i)
	if arg == nil || !isString(arg.Type()) {
		return netStream
	}
	nets, ok := c.stringsOf(arg, nil, map[ssa.Value]bool{})
	if !ok || len(nets) == 0 {
		return netStream
	}
	var k netKind
	for _, n := range nets {
		switch {
		case n == "unixgram":
			k |= netLocalDatagram
		case strings.HasPrefix(n, "unix"):
			k |= netLocal
		case strings.HasPrefix(n, "udp"), strings.HasPrefix(n, "ip"):
			k |= netDatagram
		default:
			k |= netStream
		}
	}
	return k
}

// only reports whether every network of k is one of want.
func (k netKind) only(want netKind) bool { return k != 0 && k&^want == 0 }

// local reports a dial of a Unix socket only.
func (k netKind) local() bool { return k.only(netLocal | netLocalDatagram) }

// datagram reports a dial of a datagram network only.
func (k netKind) datagram() bool { return k.only(netDatagram | netLocalDatagram) }

// stringsOf returns the constant strings a value can be, read in frame
// in; ok is false when one of its sources is not a constant the package
// shows.
func (c *checker) stringsOf(v ssa.Value, in *engine.Frame, seen map[ssa.Value]bool) ([]string, bool) {
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	// A field of a local literal first: SourcesIn would read every
	// write of an unexported field in the package (ep.network of
	// endpoint{network: "udp"} and of endpoint{network: "tcp"}).
	switch x := v.(type) {
	case *ssa.Phi:
		var out []string
		for _, e := range x.Edges {
			s, ok := c.stringsOf(e, in, seen)
			if !ok {
				return nil, false
			}
			out = append(out, s...)
		}
		return out, true
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if a, ok := fa.X.(*ssa.Alloc); ok {
				vals, ok := literalField(a, fa.Field, in)
				return c.stringsFrom(vals, ok, seen)
			}
		}
	case *ssa.Field:
		// addr := net.UnixAddr{...}; addr.Net
		if u, ok := x.X.(*ssa.UnOp); ok {
			if a, ok := u.X.(*ssa.Alloc); ok {
				vals, ok := literalField(a, x.Field, in)
				return c.stringsFrom(vals, ok, seen)
			}
		}
	}
	var out []string
	for _, src := range c.p.SourcesIn(v, in) {
		var from []engine.Source
		ok := false
		switch x := src.Value.(type) {
		case *ssa.Const:
			if x.Value == nil || x.Value.Kind() != constant.String {
				return nil, false
			}
			out = append(out, constant.StringVal(x.Value))
			continue
		case *ssa.UnOp:
			from, ok = c.loadedFrom(x, src.In)
		}
		if !ok {
			return nil, false
		}
		s, ok := c.stringsFrom(from, true, seen)
		if !ok {
			return nil, false
		}
		out = append(out, s...)
	}
	return out, true
}

// stringsFrom returns the constant strings the sources can be.
func (c *checker) stringsFrom(from []engine.Source, ok bool, seen map[ssa.Value]bool) ([]string, bool) {
	if !ok {
		return nil, false
	}
	var out []string
	for _, f := range from {
		s, ok := c.stringsOf(f.Value, f.In, seen)
		if !ok {
			return nil, false
		}
		out = append(out, s...)
	}
	return out, true
}

// loadedFrom returns the values a load can read that SourcesIn leaves
// alone: an element of a slice the package builds (a range over a
// slice literal), a field of a local struct literal, and a package
// variable of the package's own.
func (c *checker) loadedFrom(u *ssa.UnOp, in *engine.Frame) ([]engine.Source, bool) {
	switch a := u.X.(type) {
	case *ssa.IndexAddr:
		if _, isSlice := a.X.Type().Underlying().(*types.Slice); isSlice {
			return c.p.Elems(a.X, in)
		}
	case *ssa.FieldAddr:
		if alloc, ok := a.X.(*ssa.Alloc); ok {
			return literalField(alloc, a.Field, in)
		}
	case *ssa.Global:
		// var driver = "sqlite"; a package variable of the package's own.
		vals, ok := c.p.GlobalWrites(a)
		var from []engine.Source
		for _, v := range vals {
			from = append(from, engine.Source{Value: v})
		}
		return from, ok
	}
	return nil, false
}

// literalField returns the values stored in field i of a local struct
// (a literal, &T{...} or a variable) that nothing else can write: its
// address is only used to select fields, and no field address is handed
// on.
func literalField(a *ssa.Alloc, i int, in *engine.Frame) ([]engine.Source, bool) {
	var vals []engine.Source
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef, *ssa.UnOp:
		case *ssa.Store:
			// ep := endpoint{...}: the literal is built in a temporary,
			// then copied whole into the variable.
			u, ok := r.Val.(*ssa.UnOp)
			if !ok || r.Addr != a || u.Op != token.MUL {
				return nil, false
			}
			tmp, ok := u.X.(*ssa.Alloc)
			if !ok {
				return nil, false
			}
			more, ok := literalField(tmp, i, in)
			if !ok {
				return nil, false
			}
			vals = append(vals, more...)
		case *ssa.FieldAddr:
			for _, rr := range *r.Referrers() {
				switch st := rr.(type) {
				case *ssa.Store:
					if st.Addr != r {
						return nil, false
					}
					if r.Field == i {
						vals = append(vals, engine.Source{Value: st.Val, In: in})
					}
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return nil, false // &addr.Net handed on
				}
			}
		case ssa.CallInstruction:
			// net.DialUnix(addr.Net, nil, addr): the standard library's
			// dials read the address, they do not write it.
			if fn := engine.Callee(r); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net" {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return vals, len(vals) > 0
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
