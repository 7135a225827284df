package catalog

import (
	"go/types"
	"slices"
	"strings"
)

// Go code talks to another machine, or to another program that may, only
// through a few packages of the standard library: sockets (net, and so
// net/http, crypto/tls, gRPC and every client built on them), database
// drivers (database/sql, whose drivers register themselves and need not
// import net where the caller can see it) and commands (os/exec: the
// command may be a client of a server). A package that imports none of
// them, directly or through its imports, cannot reach a peer but by raw
// system calls, so a retry of its functions (fsnotify's Watcher.Add, an
// embedded store's write) waits for this machine, with no herd of
// clients to spread out.
var peerPkgs = []string{"net", "database/sql", "database/sql/driver", "os/exec", "plugin"}

// IsPeerPackage reports whether importing the package at path lets code
// talk to a peer: one of peerPkgs.
func IsPeerPackage(path string) bool { return slices.Contains(peerPkgs, path) }

// rawPkgs are the raw system call packages: a package that calls them
// directly may open a socket with no import of net.
var rawPkgs = []string{"syscall", "golang.org/x/sys/unix", "golang.org/x/sys/windows"}

// socketCalls are the names, by prefix, of the BSD socket calls in
// rawPkgs (unix.Connect, syscall.Sendto, unix.Recvmsg, ...).
var socketCalls = []string{"Socket", "Connect", "Send", "Recv", "Accept", "Bind", "Listen", "Getpeername", "Shutdown", "WSA"}

// IsSocketCall reports a raw socket system call: a function of syscall
// or golang.org/x/sys whose name is one of the socket calls'.
func IsSocketCall(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || !slices.Contains(rawPkgs, fn.Pkg().Path()) {
		return false
	}
	return slices.ContainsFunc(socketCalls, func(p string) bool { return strings.HasPrefix(fn.Name(), p) })
}

// quietMethods are methods that do no I/O whatever the dynamic type and
// whatever they are handed: reading an error's text, a context's state,
// and updating a metric, which the metrics libraries keep in this
// process's memory for a scrape or an exporter to read later (a retry
// loop that counts its rounds, q.m.retries.Inc(), is as local as its
// attempt; a metric vector's child is looked up or made in memory, and
// prometheus imports net/http for its handlers, not for these).
var quietMethods = []Symbol{
	{"", "error", "Error"},
	{"context", "Context", "Done"}, {"context", "Context", "Err"},
	{"context", "Context", "Deadline"}, {"context", "Context", "Value"},
	{promPkg, "Counter", "Inc"}, {promPkg, "Counter", "Add"},
	{promPkg, "Gauge", "Set"}, {promPkg, "Gauge", "Inc"}, {promPkg, "Gauge", "Dec"},
	{promPkg, "Gauge", "Add"}, {promPkg, "Gauge", "Sub"}, {promPkg, "Gauge", "SetToCurrentTime"},
	{promPkg, "Observer", "Observe"}, {promPkg, "Histogram", "Observe"}, {promPkg, "Summary", "Observe"},
	{promPkg, "CounterVec", "WithLabelValues"}, {promPkg, "CounterVec", "With"},
	{promPkg, "GaugeVec", "WithLabelValues"}, {promPkg, "GaugeVec", "With"},
	{promPkg, "HistogramVec", "WithLabelValues"}, {promPkg, "HistogramVec", "With"},
	{promPkg, "SummaryVec", "WithLabelValues"}, {promPkg, "SummaryVec", "With"},
	{otelMetric, "Int64Counter", "Add"}, {otelMetric, "Float64Counter", "Add"},
	{otelMetric, "Int64UpDownCounter", "Add"}, {otelMetric, "Float64UpDownCounter", "Add"},
	{otelMetric, "Int64Histogram", "Record"}, {otelMetric, "Float64Histogram", "Record"},
	{otelMetric, "Int64Gauge", "Record"}, {otelMetric, "Float64Gauge", "Record"},
}

const (
	promPkg    = "github.com/prometheus/client_golang/prometheus"
	otelMetric = "go.opentelemetry.io/otel/metric"
)

// IsQuietMethod reports a method of quietMethods.
func IsQuietMethod(fn *types.Func) bool {
	return fn != nil && slices.Contains(quietMethods, SymbolOf(fn))
}

// CarriesPeer reports whether a value of type t handed to a function of
// package home may hold something that reaches a peer: a function, or an
// interface other than error, context.Context and home's unexported
// ones, in it or in its fields and elements. json.NewEncoder(conn) and
// bufio's Flush write to whatever the caller gave them, a net.Conn as
// well as a file.
func CarriesPeer(t types.Type, home *types.Package) bool {
	return carriesPeer(t, home, map[types.Type]bool{})
}

func carriesPeer(t types.Type, home *types.Package, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := t.(*types.Named); ok && types.IsInterface(n) {
		obj := n.Obj()
		switch {
		case obj.Pkg() == nil && obj.Name() == "error", obj.Pkg() != nil && obj.Pkg().Path() == "context" && obj.Name() == "Context":
			return false
		case obj.Pkg() == home && !obj.Exported():
			return false
		}
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface, *types.Signature:
		return true
	case *types.Pointer:
		return carriesPeer(u.Elem(), home, seen)
	case *types.Slice:
		return carriesPeer(u.Elem(), home, seen)
	case *types.Array:
		// [0]func() holds nothing: go.uber.org/atomic's nocmp, a marker
		// that makes its types incomparable.
		return u.Len() > 0 && carriesPeer(u.Elem(), home, seen)
	case *types.Chan:
		return carriesPeer(u.Elem(), home, seen)
	case *types.Map:
		return carriesPeer(u.Key(), home, seen) || carriesPeer(u.Elem(), home, seen)
	case *types.Struct:
		for f := range u.Fields() {
			if carriesPeer(f.Type(), home, seen) {
				return true
			}
		}
	}
	return false
}
