package topology

import (
	"strings"
)

// Target is what an entry point serves or an outbound call calls: a gRPC
// method, or an HTTP route. `retrylint report merge` joins the outbound
// calls of one service to the entry points of another by their targets.
//
// On an entry point, Path is the route's pattern in the syntax of Go
// 1.22's ServeMux, whatever router registered it: "/orders/{id}" (one
// segment), "/files/{path...}" (the rest), "/static/" (the subtree),
// "/{$}" (exactly "/"); Method is empty when the route takes any method.
// On an outbound call, Path is the path the call sends, with "{name}"
// for a segment the code does not show as a constant ("/orders/{id}"
// from "/orders/" + id), and Method and Host are empty when they are not
// known: Unknown then says why.
type Target struct {
	// GRPC is a gRPC full method name: "/ledger.v1.Ledger/Debit".
	GRPC string `json:"grpc,omitempty"`
	// Method, Host and Path are an HTTP route's.
	Method string `json:"method,omitempty"`
	Host   string `json:"host,omitempty"`
	Path   string `json:"path,omitempty"`
	// Unknown says which part of the target is not known, and why: "the
	// host comes from field baseURL".
	Unknown string `json:"unknown,omitempty"`
}

// Known reports whether the target names a gRPC method or an HTTP path:
// what a join needs.
func (t *Target) Known() bool { return t != nil && (t.GRPC != "" || t.Path != "") }

// String renders the target: "/ledger.v1.Ledger/Debit", "POST
// /orders/{id}", "GET ledger.internal/accounts/{id}", or "?" when
// nothing of it is known.
func (t *Target) String() string {
	switch {
	case t == nil:
		return "?"
	case t.GRPC != "":
		return t.GRPC
	case t.Path == "":
		return "?"
	}
	s := t.Host + t.Path
	if t.Method != "" {
		s = t.Method + " " + s
	}
	return s
}

// match reports whether the call target c reaches the route r an entry
// point serves, and how specific the route is: a literal segment counts
// more than a wildcard, a route of one method more than one of any. Only
// a wildcard matches a part of the path the call does not show as a
// constant; hosts must agree when both are known.
func match(r, c *Target) (score int, ok bool) {
	switch {
	case r.GRPC != "" || c.GRPC != "":
		return 100, r.GRPC == c.GRPC
	case r.Path == "" || c.Path == "":
		return 0, false
	}
	if r.Method != "" {
		switch {
		case c.Method == "": // not known: any route of the path may be the one
		case r.Method == c.Method, r.Method == "GET" && c.Method == "HEAD":
			score++
		default:
			return 0, false
		}
	}
	sameHost := r.Host != "" && c.Host != "" && strings.EqualFold(hostname(r.Host), hostname(c.Host))
	switch {
	case r.Host != "" && c.Host != "" && !sameHost:
		return 0, false
	case r.Path == "/" && !sameHost:
		// "/" takes every path: a file server, a proxy. Any call would
		// match it, so it says nothing about which service a call
		// reaches unless the hosts do.
		return 0, false
	}
	rs, cs := segments(r.Path), segments(c.Path)
	for i, seg := range rs {
		last := i == len(rs)-1
		switch {
		case last && seg == "{$}":
			// "/orders/{$}" is "/orders/" only.
			return score, i == len(cs)-1 && cs[i] == ""
		case last && strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "...}"):
			return score, true // the rest, whatever it is
		case last && seg == "":
			// A pattern ending in a slash is the subtree below it.
			return score, i <= len(cs)
		case i >= len(cs):
			return 0, false
		case isWildcard(seg):
			if cs[i] == "" {
				return 0, false // a wildcard matches a whole, non-empty segment
			}
			score += 2
		case seg == cs[i] && !strings.Contains(cs[i], "{"):
			score += 4
		default:
			return 0, false
		}
	}
	return score, len(rs) == len(cs)
}

// segments splits a path after its leading slash: "/a/{id}/" is "a",
// "{id}", "".
func segments(path string) []string {
	return strings.Split(strings.TrimPrefix(path, "/"), "/")
}

func isWildcard(seg string) bool {
	return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") && seg != "{$}"
}

// hostname drops a port: "ledger:8080" is "ledger".
func hostname(h string) string {
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i:], "]") {
		return h[:i]
	}
	return h
}
