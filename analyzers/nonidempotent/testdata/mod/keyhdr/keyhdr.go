// Package keyhdr sets the headers of requests that other packages send:
// a helper that sets an idempotency-key header on a parameter gets a
// KeySetterFact naming it.
package keyhdr

import "net/http"

// SetKey sets the key on the request it is given.
func SetKey(req *http.Request, key string) { // want SetKey:`setskey\(0\)`
	req.Header.Set("Idempotency-Key", key)
}

// SetKeyHeader sets the key in the header map it is given.
func SetKeyHeader(h http.Header, key string) { // want SetKeyHeader:`setskey\(0\)`
	h["Idempotency-Key"] = []string{key}
}

// Signer signs requests.
type Signer struct{ Prefix string }

// Sign sets the key on its second argument.
func (s *Signer) Sign(key string, req *http.Request) { // want Sign:`setskey\(1\)`
	req.Header.Set("Idempotency-Key", s.Prefix+key)
}

// SetTrace sets a trace header only: no fact.
func SetTrace(req *http.Request, id string) {
	req.Header.Set("X-Request-Id", id)
}

// HasKey names the key header but only reads it: no fact.
func HasKey(req *http.Request) bool {
	return req.Header.Get("Idempotency-Key") != ""
}
