package nodeadline

import (
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// WrappedFact is the package fact listing, per generated gRPC client
// interface, the unary methods an implementation in this package or in
// one it imports, directly or not, bounds with a deadline of its own
// (wrapper.go). Temporal's client package carries five interfaces and
// about 290 methods: each is kept as the shorter of its two lists, the
// methods bounded or, with All, those not bounded, so that a wrapper
// bounding all but a few costs a few names in every importer's fact.
type WrappedFact struct {
	Clients []WrappedClient // sorted by Iface
}

// WrappedClient is one interface, by package path and name
// ("google.golang.org/grpc/health/grpc_health_v1.HealthClient"): with
// All, every unary method is bounded but those of Names; without, those
// of Names. Names are sorted.
type WrappedClient struct {
	Iface string
	All   bool
	Names []string
}

func (*WrappedFact) AFact() {}

func (f *WrappedFact) String() string {
	var parts []string
	for _, cl := range f.Clients {
		ms := strings.Join(cl.Names, ", ")
		switch {
		case cl.All && len(cl.Names) == 0:
			ms = "all"
		case cl.All:
			ms = "all but " + ms
		}
		parts = append(parts, cl.Iface[strings.LastIndex(cl.Iface, "/")+1:]+": "+ms)
	}
	return "wrapped(" + strings.Join(parts, "; ") + ")"
}

// wrappedSet is a WrappedFact being built, by interface.
type wrappedSet map[string]*wrappedMethods

// wrappedMethods is the bounded methods of one interface: all but names
// (all), or names.
type wrappedMethods struct {
	all   bool
	names map[string]bool
}

// bounds reports whether some implementation bounds method m of iface.
func (w wrappedSet) bounds(iface, m string) bool {
	ms := w[iface]
	return ms != nil && ms.all != ms.names[m] // all: m is not an exception; else: m is listed
}

// merge adds the methods one implementation (or package) bounds: the
// union of what each bounds.
func (w wrappedSet) merge(iface string, all bool, names []string) {
	in := map[string]bool{}
	for _, n := range names {
		in[n] = true
	}
	ms := w[iface]
	switch {
	case ms == nil:
		w[iface] = &wrappedMethods{all: all, names: in}
	case ms.all && all: // an exception of both stays one
		maps.DeleteFunc(ms.names, func(n string, _ bool) bool { return !in[n] })
	case ms.all: // a method listed is no exception any more
		maps.DeleteFunc(ms.names, func(n string, _ bool) bool { return in[n] })
	case all: // the exceptions are those neither bounds
		maps.DeleteFunc(in, func(n string, _ bool) bool { return ms.names[n] })
		ms.all, ms.names = true, in
	default:
		maps.Copy(ms.names, in)
	}
}

// importWrapped merges the WrappedFacts of the package's direct imports.
func importWrapped(pass *analysis.Pass) wrappedSet {
	w := wrappedSet{}
	for _, imp := range pass.Pkg.Imports() {
		f := new(WrappedFact)
		if pass.ImportPackageFact(imp, f) {
			for _, cl := range f.Clients {
				w.merge(cl.Iface, cl.All, cl.Names)
			}
		}
	}
	return w
}

// fact returns the set as a WrappedFact, sorted, or nil when empty.
func (w wrappedSet) fact() *WrappedFact {
	if len(w) == 0 {
		return nil
	}
	f := new(WrappedFact)
	for _, iface := range slices.Sorted(maps.Keys(w)) {
		ms := w[iface]
		f.Clients = append(f.Clients, WrappedClient{Iface: iface, All: ms.all, Names: slices.Sorted(maps.Keys(ms.names))})
	}
	return f
}

// exportWrapped exports the set as the package's WrappedFact.
func exportWrapped(pass *analysis.Pass, w wrappedSet) {
	if f := w.fact(); f != nil {
		pass.ExportPackageFact(f)
	}
}
