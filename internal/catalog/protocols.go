package catalog

import (
	"slices"
	"strings"
)

// Protocols whose writes are idempotent by contract: the receiver
// accepts a repeat, and the sender is expected to retry. Their requests
// need no idempotency key, whatever their method.

// Protocol is one such protocol, known by the URL paths of its requests
// and by the packages that speak it.
type Protocol struct {
	Name string
	// Paths are the URL paths of its requests, matched at the end of a
	// URL whose tail is a constant (endpoint + "/v1/traces").
	Paths []string
	// Pkgs are the import paths of the packages whose requests are the
	// protocol's (an exporter's client, whatever its URL), each with the
	// packages under it.
	Pkgs []string
	// BodyFields are form fields that only the protocol's requests carry
	// (OIDC Back-Channel Logout's logout_token): a request whose body
	// has one, with a constant name, is the protocol's, whatever its URL.
	BodyFields []string
	// Local says that Paths name a request of the protocol only on a
	// local address (a loopback host, or a client that dials a unix
	// socket): an admin API's paths are common words elsewhere.
	Local bool
}

var protocols = []Protocol{
	// OTLP (opentelemetry-proto, specification/otlp.md, "Duplicate
	// Data"): exporters retry, and receivers take duplicated data as the
	// price of delivery. OTLP/HTTP posts to these paths; the Go SDK's
	// exporters (otlptrace, otlpmetric, otlplog; HTTP and gRPC) and the
	// collector's OTLP exporters speak it.
	{
		Name:  "OTLP export",
		Paths: []string{"/v1/traces", "/v1/metrics", "/v1/logs"},
		Pkgs: []string{
			"go.opentelemetry.io/otel/exporters/otlp/",
			"go.opentelemetry.io/collector/exporter/otlpexporter",
			"go.opentelemetry.io/collector/exporter/otlphttpexporter",
		},
	},
	// OpenID Connect Back-Channel Logout 1.0 (section 2.5): the OP POSTs
	// a form with a logout_token, a JWT whose jti the RP may use to
	// detect replays (section 2.6); logging a session out twice leaves it
	// logged out. Seen in ory/hydra v2.3.0 consent/strategy_default.go.
	{
		Name:       "OpenID Connect Back-Channel Logout",
		BodyFields: []string{"logout_token"},
	},
	// Google's IAM Service Account Credentials API (iamcredentials v1:
	// projects.serviceAccounts.signBlob, signJwt, generateAccessToken,
	// generateIdToken, and GETs of allowed locations): every method
	// computes a signature or a token from its input and changes no
	// state, so a repeat costs only the work. Its methods are POSTs;
	// cloud.google.com/go/storage retries signBlob (bucket.go, v1.70.0).
	{
		Name: "IAM credentials (signing and tokens)",
		Pkgs: []string{"google.golang.org/api/iamcredentials/"},
	},
	// Envoy's admin API (docs: operations/admin): these POSTs set a
	// state (fail or pass health checks, drain listeners, set log levels
	// or runtime values), so running one twice leaves what running it
	// once leaves. The admin listener is local by design (contour
	// v1.33.8 cmd/contour/shutdownmanager.go posts /healthcheck/fail over
	// a unix socket).
	{
		Name:  "Envoy admin",
		Paths: []string{"/healthcheck/fail", "/healthcheck/ok", "/drain_listeners", "/logging", "/runtime_modify", "/reset_counters", "/reopen_logs", "/cpuprofiler", "/heapprofiler"},
		Local: true,
	},
}

// ProtocolOfURL returns the protocol a URL's path is a request of, or
// nil. url may be the URL's constant tail; a query is ignored.
func ProtocolOfURL(url string) *Protocol {
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		url = url[:i]
	}
	url = strings.TrimSuffix(url, "/")
	for i := range protocols {
		for _, p := range protocols[i].Paths {
			if strings.HasSuffix(url, p) {
				return &protocols[i]
			}
		}
	}
	return nil
}

// ProtocolOfPkg returns the protocol a package speaks, or nil.
func ProtocolOfPkg(path string) *Protocol {
	for i := range protocols {
		for _, p := range protocols[i].Pkgs {
			dir := strings.TrimSuffix(p, "/")
			if path == dir || strings.HasPrefix(path, dir+"/") {
				return &protocols[i]
			}
		}
	}
	return nil
}

// ProtocolOfBodyField returns the protocol whose requests alone carry a
// form field of that name, or nil.
func ProtocolOfBodyField(name string) *Protocol {
	for i := range protocols {
		if slices.Contains(protocols[i].BodyFields, name) {
			return &protocols[i]
		}
	}
	return nil
}
