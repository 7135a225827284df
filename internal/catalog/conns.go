package catalog

import "go/types"

// Connections and what reads or writes them, for nodeadline's check of
// connections that wait forever:
//
//	conn, err := net.Dial("tcp", addr) // no timeout
//	conn.Write(req)                    // no deadline set
//	n, err := conn.Read(buf)           // waits as long as the peer stays silent

// ConnIO says whether a use of a connection reads it or writes it.
type ConnIO uint8

const (
	ConnNone ConnIO = iota
	ConnRead
	ConnWrite
)

// ConnDial reports whether fn returns a connection dialed with no
// timeout at all, whatever its arguments: net.Dial, net.DialTCP,
// net.DialUnix, tls.Dial. Dials on a net.Dialer depend on the dialer.
func ConnDial(fn *types.Func) bool {
	s := SymbolOf(fn)
	if s.Recv != "" {
		return false
	}
	switch s.Pkg {
	case "net":
		return s.Name == "Dial" || s.Name == "DialTCP" || s.Name == "DialUnix"
	case "crypto/tls":
		return s.Name == "Dial"
	}
	return false
}

// ConnDeadlineMethod reports the methods that bound a connection's
// reads and writes.
func ConnDeadlineMethod(name string) bool {
	return name == "SetDeadline" || name == "SetReadDeadline" || name == "SetWriteDeadline"
}

// ConnEscapeMethod reports methods that hand out the connection's
// socket, where a timeout may be set behind the analyzer's back.
func ConnEscapeMethod(name string) bool {
	return name == "SyscallConn" || name == "File" || name == "NetConn"
}

// connMethods are the methods of net.Conn, *net.TCPConn, *net.UnixConn,
// *net.UDPConn and *tls.Conn that block on the peer.
var connMethods = map[string]ConnIO{
	"Read": ConnRead, "ReadFrom": ConnRead, "ReadFromUDP": ConnRead, "ReadFromUnix": ConnRead,
	"ReadMsgUDP": ConnRead, "ReadMsgUnix": ConnRead, "Handshake": ConnRead,
	"Write": ConnWrite, "WriteTo": ConnWrite, "WriteToUDP": ConnWrite, "WriteToUnix": ConnWrite,
	"WriteMsgUDP": ConnWrite, "WriteMsgUnix": ConnWrite,
}

// ConnMethod returns whether a method of a connection reads or writes.
func ConnMethod(name string) ConnIO { return connMethods[name] }

// connUsers are the standard functions that read or write a connection
// handed to them and cannot set its deadline. io.Copy and friends are
// left out on purpose: a connection copied to another is a tunnel, meant
// to live as long as its peers.
var connUsers = map[Symbol]ConnIO{
	{"io", "", "ReadFull"}: ConnRead, {"io", "", "ReadAtLeast"}: ConnRead, {"io", "", "ReadAll"}: ConnRead,
	{"bufio", "", "NewReader"}: ConnRead, {"bufio", "", "NewReaderSize"}: ConnRead, {"bufio", "", "NewScanner"}: ConnRead,
	{"fmt", "", "Fscan"}: ConnRead, {"fmt", "", "Fscanf"}: ConnRead, {"fmt", "", "Fscanln"}: ConnRead,
	{"encoding/binary", "", "Read"}: ConnRead, {"encoding/json", "", "NewDecoder"}: ConnRead,
	{"encoding/gob", "", "NewDecoder"}: ConnRead, {"net/textproto", "", "NewReader"}: ConnRead,
	{"io", "", "WriteString"}: ConnWrite, {"bufio", "", "NewWriter"}: ConnWrite, {"bufio", "", "NewWriterSize"}: ConnWrite,
	{"fmt", "", "Fprint"}: ConnWrite, {"fmt", "", "Fprintf"}: ConnWrite, {"fmt", "", "Fprintln"}: ConnWrite,
	{"encoding/binary", "", "Write"}: ConnWrite, {"encoding/json", "", "NewEncoder"}: ConnWrite,
	{"encoding/gob", "", "NewEncoder"}: ConnWrite,
}

// ConnUser returns whether fn, given a connection as an argument, reads
// or writes it; ConnNone for anything else.
func ConnUser(fn *types.Func) ConnIO { return connUsers[SymbolOf(fn)] }

// ContextTwin reports whether twin is the context-taking twin of a
// context-free method named name, in the naming of the standard library:
// XContext for X, and database/sql's BeginTx for Begin (which drivers
// copy: driver.Conn.Begin and driver.ConnBeginTx.BeginTx).
func ContextTwin(name, twin string) bool {
	return twin == name+"Context" || (sqlNoCtx[name] == twin && twin != "")
}
