package topology

import "testing"

// TestMatch checks how a call's target meets a route: each row a route
// an entry point serves, a call's target, and whether the call reaches
// it; the look-alike that must not match follows each that does.
func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		route, call Target
		ok          bool
	}{
		{Target{GRPC: "/ledger.v1.Ledger/Debit"}, Target{GRPC: "/ledger.v1.Ledger/Debit"}, true},
		{Target{GRPC: "/ledger.v1.Ledger/Debit"}, Target{GRPC: "/ledger.v1.Ledger/Credit"}, false},
		{Target{GRPC: "/ledger.v1.Ledger/Debit"}, Target{Method: "POST", Path: "/ledger.v1.Ledger/Debit"}, false},
		// A wildcard takes a segment the call does not show as a constant
		// and one it does; a literal only its own text.
		{Target{Method: "POST", Path: "/orders/{id}"}, Target{Method: "POST", Path: "/orders/{cart}"}, true},
		{Target{Method: "POST", Path: "/orders/{id}"}, Target{Method: "POST", Path: "/orders/42"}, true},
		{Target{Method: "POST", Path: "/orders/new"}, Target{Method: "POST", Path: "/orders/{cart}"}, false},
		{Target{Method: "POST", Path: "/orders/{id}"}, Target{Method: "POST", Path: "/orders/42/items"}, false},
		{Target{Method: "POST", Path: "/orders/{id}"}, Target{Method: "POST", Path: "/orders/"}, false},
		// Methods: a route of any method, GET taking HEAD, a call whose
		// method is not known.
		{Target{Path: "/orders/{id}"}, Target{Method: "DELETE", Path: "/orders/1"}, true},
		{Target{Method: "GET", Path: "/orders/{id}"}, Target{Method: "HEAD", Path: "/orders/1"}, true},
		{Target{Method: "GET", Path: "/orders/{id}"}, Target{Method: "POST", Path: "/orders/1"}, false},
		{Target{Method: "GET", Path: "/orders/{id}"}, Target{Path: "/orders/1"}, true},
		// The rest, a subtree, exactly a directory.
		{Target{Path: "/files/{path...}"}, Target{Path: "/files/a/b/c"}, true},
		{Target{Path: "/static/"}, Target{Path: "/static/css/x.css"}, true},
		{Target{Path: "/static/"}, Target{Path: "/other/x.css"}, false},
		{Target{Path: "/orders/{$}"}, Target{Path: "/orders/"}, true},
		{Target{Path: "/orders/{$}"}, Target{Path: "/orders/1"}, false},
		// Hosts, when both sides know theirs.
		{Target{Host: "bank.internal", Path: "/transfers"}, Target{Host: "bank.internal:8080", Path: "/transfers"}, true},
		{Target{Host: "bank.internal", Path: "/transfers"}, Target{Host: "ledger.internal", Path: "/transfers"}, false},
		{Target{Path: "/transfers"}, Target{Host: "ledger.internal", Path: "/transfers"}, true},
		// "/" takes every path: only a host says a call is for it.
		{Target{Path: "/"}, Target{Path: "/transfers"}, false},
		{Target{Host: "bank.internal", Path: "/"}, Target{Host: "bank.internal", Path: "/transfers"}, true},
	} {
		if _, ok := match(&tc.route, &tc.call); ok != tc.ok {
			t.Errorf("route %s, call %s: match %v, want %v", tc.route.String(), tc.call.String(), ok, tc.ok)
		}
	}
	// The more literal route scores higher.
	lit, _ := match(&Target{Method: "GET", Path: "/orders/new"}, &Target{Method: "GET", Path: "/orders/new"})
	wild, _ := match(&Target{Method: "GET", Path: "/orders/{id}"}, &Target{Method: "GET", Path: "/orders/new"})
	if lit <= wild {
		t.Errorf("literal route scores %d, wildcard %d: want the literal higher", lit, wild)
	}
}
