package catalog

import "strings"

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
