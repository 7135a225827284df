package catalog

import "go/types"

// Transports that retry inside. An *http.Client given one as its
// Transport retries every request it sends, through Do, Get, Post,
// PostForm and Head; retryablehttp's StandardClient builds exactly that:
//
//	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
//	hc.Do(req) // up to RetryMax+1 attempts, as rc.Do(rreq)
//
// The recognizer reads the transport's type where the client is built,
// or, for a transport of an unexported type, the call of the function
// that builds it, whose policies say whether and how often it retries:
//
//	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build()
//	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
//	hc.Do(req) // up to 3 attempts; with only a circuit breaker, one
//
// A hand-written transport of the package, whose RoundTrip retries, is
// found from its method's body and needs no row.
type Transport struct {
	// Type is the transport's struct type (Name empty).
	Type Symbol
	// ClientField is the field holding the client whose configuration
	// the retries follow (its RetryMax, its Backoff). The zero value
	// (no client) uses the library's defaults.
	ClientField string
	// RoundTrip is the row of the transport's RoundTrip method: its
	// default attempts and delay, and the name messages give it.
	RoundTrip Symbol
	// Ctors are the functions that build the transport and return it
	// as an http.RoundTripper (its type unexported), or as the
	// transport's own type (rehttp.NewTransport); their arguments from
	// index Policies on configure its retries: failsafe-go policies, or
	// an executor made of them (such a transport retries only when a
	// retry policy is among them); rehttp's RetryFn and DelayFn.
	Ctors    []Symbol
	Policies int
	// AttemptTimeout is the field of the transport's struct that gives
	// each attempt a timeout of its own (rehttp's PerAttemptTimeout; 0,
	// its zero value, none), "" when it has none.
	AttemptTimeout string
	// Inner is 1 + the index of the constructor argument holding the
	// transport each attempt is sent with (nil: http.DefaultTransport,
	// which bounds no attempt), 0 when none.
	Inner int
}

// transports lists them: hashicorp/go-retryablehttp v0.7.8
// (roundtripper.go: RoundTrip converts the request and runs Client.Do, a
// nil Client being NewClient()); failsafe-go v0.9.8 (failsafehttp/
// client.go: NewRoundTripper(inner, policies...) is
// NewRoundTripperWithExecutor(inner, failsafe.With(policies...)), whose
// RoundTrip runs the inner transport in executor.GetWithExecution);
// PuerkitoBio/rehttp v1.4.0.
var transports = []Transport{
	{Type: Symbol{retryHTTP, "RoundTripper", ""}, ClientField: "Client", RoundTrip: Symbol{retryHTTP, "RoundTripper", "RoundTrip"}},
	{Type: Symbol{failsafeHTTP, "roundTripper", ""}, RoundTrip: Symbol{failsafeHTTP, "roundTripper", "RoundTrip"},
		Ctors: []Symbol{{failsafeHTTP, "", "NewRoundTripper"}, {failsafeHTTP, "", "NewRoundTripperWithExecutor"}}, Policies: 1},
	// PuerkitoBio/rehttp v1.4.0 (rehttp.go): NewTransport(rt, retry,
	// delay) returns an exported *Transport, whose RetryFn and DelayFn
	// (arguments 1 and 2) configure every retry.
	{Type: Symbol{rehttp, "Transport", ""}, RoundTrip: Symbol{rehttp, "Transport", "RoundTrip"},
		Ctors: []Symbol{{rehttp, "", "NewTransport"}}, Policies: 1, AttemptTimeout: "PerAttemptTimeout", Inner: 1},
}

var transportIndex = index(transports, func(t *Transport) Symbol { return t.Type })

var transportCtors = func() map[Symbol]*Transport {
	m := map[Symbol]*Transport{}
	for i := range transports {
		for _, c := range transports[i].Ctors {
			m[c] = &transports[i]
		}
	}
	return m
}()

// TransportCtor returns the catalogued retrying transport fn builds
// (failsafehttp.NewRoundTripper), or nil.
func TransportCtor(fn *types.Func) *Transport {
	if fn == nil {
		return nil
	}
	return LookupTransportCtor(SymbolOf(fn))
}

// LookupTransportCtor is TransportCtor by the function's symbol, as a
// ConfigFact's item names it.
func LookupTransportCtor(sym Symbol) *Transport { return transportCtors[sym] }

// Transports returns every catalogued retrying transport (for tests).
func Transports() []Transport { return transports }

// LookupTransport returns the catalogued retrying transport whose struct
// type is sym (Name empty), or nil.
func LookupTransport(sym Symbol) *Transport { return transportIndex[sym] }

// TransportOf returns the catalogued retrying transport whose struct
// type t is or points to, or nil.
func TransportOf(t types.Type) *Transport {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	return LookupTransport(Symbol{Pkg: n.Obj().Pkg().Path(), Recv: n.Obj().Name()})
}

// TransportOfRow returns the catalogued retrying transport whose
// RoundTrip row is row, or nil.
func TransportOfRow(row *Retry) *Transport {
	if row == nil {
		return nil
	}
	for i := range transports {
		if transports[i].RoundTrip == row.Symbol {
			return &transports[i]
		}
	}
	return nil
}

// Row returns the retry row of a transport's RoundTrip (never nil: the
// catalog's tests check it).
func (t *Transport) Row() *Retry { return retryIndex[t.RoundTrip] }
