package catalog

import (
	"flag"
	"fmt"
	"slices"
	"strings"
)

// KeyHeadersFlag is the name of the one flag that extends the list of
// idempotency-key headers (keyHeaders in tokens.go). Every analyzer that
// reads keys binds it with BindKeyHeaders (keyregen reports a key made
// anew per attempt, nonidempotent a retried request that carries none),
// so the drivers see the same flag on each and offer it once, without
// the analyzer prefix: retrylint -keyheaders=X-Dedup-Key, a top-level
// keyheaders setting in golangci-lint (analysisutil.SharedFlags).
const KeyHeadersFlag = "keyheaders"

const keyHeadersUsage = "comma-separated header names that also carry an idempotency key (beyond Idempotency-Key and the catalogued ones)"

// KeyHeaders is the user's extension of the key header list: the header
// names the servers this code talks to deduplicate by. It is the value
// of the -keyheaders flag (comma-separated names; each Set replaces the
// list). The zero value adds nothing.
type KeyHeaders struct {
	names []string
}

// BindKeyHeaders registers k as the -keyheaders flag of an analyzer.
func BindKeyHeaders(fs *flag.FlagSet, k *KeyHeaders) {
	fs.Var(k, KeyHeadersFlag, keyHeadersUsage)
}

// String returns the names as Set takes them.
func (k *KeyHeaders) String() string {
	if k == nil {
		return ""
	}
	return strings.Join(k.names, ",")
}

// Set replaces the list with the comma-separated names in v. A name
// that is not an HTTP header token (a space, a colon) is an error, so
// that "X-Dedup-Key: abc" fails on the command line instead of matching
// nothing.
func (k *KeyHeaders) Set(v string) error {
	var names []string
	for _, h := range strings.Split(v, ",") {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		if strings.IndexFunc(h, func(r rune) bool { return !isTokenChar(r) }) >= 0 {
			return fmt.Errorf("%q is not a header name: want names such as X-Dedup-Key, comma-separated", h)
		}
		names = append(names, h)
	}
	k.names = names
	return nil
}

// isTokenChar reports whether r may appear in an HTTP field name
// (RFC 9110 token).
func isTokenChar(r rune) bool {
	switch {
	case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
		return true
	}
	return r < 0x80 && strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}

// HeaderClass classifies an HTTP header or gRPC metadata key like the
// function HeaderClass, with the names in k as keys: a name the user
// lists is a key even when the catalog calls it a request ID.
func (k *KeyHeaders) HeaderClass(name string) (SinkClass, bool) {
	if k != nil && len(k.names) > 0 {
		n := strings.TrimSpace(name)
		if slices.ContainsFunc(k.names, func(h string) bool { return strings.EqualFold(n, h) }) {
			return SinkKey, true
		}
	}
	return HeaderClass(name)
}

// IsKey reports whether a header carries an idempotency key.
func (k *KeyHeaders) IsKey(name string) bool {
	c, ok := k.HeaderClass(name)
	return ok && c == SinkKey
}

// NameClass classifies a map key, a field or a parameter name like the
// function NameClass, with the names in k as key headers (a map of
// headers: {"X-Dedup-Key": key}).
func (k *KeyHeaders) NameClass(name string) (SinkClass, bool) {
	if c, ok := k.HeaderClass(name); ok {
		return c, true
	}
	return NameClass(name)
}
