package catalog

import "go/types"

// Self-bounded calls: calls whose own time the standard library bounds,
// whatever context they are given. An attempt made of them has a timeout
// of its own, though the code sets none:
//
//	for ctx.Err() == nil {
//		addr, err := net.DefaultResolver.LookupIPAddr(ctx, host) // resolv.conf's timeout x attempts
//		if err == nil {
//			return addr, nil
//		}
//		time.Sleep(time.Second)
//	}
//
// Go's resolver (go1.26.8 src/net/dnsclient_unix.go, dnsconfig_unix.go)
// sends each query with resolv.conf's timeout (5s by default) and gives
// up after its attempts (2 by default) over the name servers; the cgo
// resolver's getaddrinfo reads the same settings. How long that is in
// all depends on the host's resolv.conf, so no duration is given: the
// attempt is bounded, by an amount the code cannot see.
//
// A dial is not here: without a deadline it waits for the operating
// system's connect timeout, minutes (Outbound.Dial).
var selfBounded = func() []Symbol {
	var rows []Symbol
	for _, name := range []string{"LookupAddr", "LookupCNAME", "LookupHost", "LookupIP", "LookupIPAddr", "LookupMX", "LookupNS", "LookupNetIP", "LookupPort", "LookupSRV", "LookupTXT"} {
		rows = append(rows, Symbol{"net", "Resolver", name})
		if name != "LookupIPAddr" && name != "LookupNetIP" {
			rows = append(rows, Symbol{"net", "", name}) // the package functions use the DefaultResolver
		}
	}
	for _, name := range []string{"ResolveTCPAddr", "ResolveUDPAddr", "ResolveIPAddr"} {
		rows = append(rows, Symbol{"net", "", name})
	}
	return rows
}()

var selfBoundedIndex = index(selfBounded, func(s *Symbol) Symbol { return *s })

// SelfBounded returns the self-bounded rows, for tests.
func SelfBounded() []Symbol { return selfBounded }

// IsSelfBounded reports whether the standard library bounds a call of fn
// on its own (a DNS lookup: the resolver's timeout and attempts).
func IsSelfBounded(fn *types.Func) bool {
	return fn != nil && selfBoundedIndex[SymbolOf(fn)] != nil
}
