package catalog

import (
	"testing"
	"time"
)

func TestParseServiceConfig(t *testing.T) {
	for _, tc := range []struct {
		text       string
		ok         bool
		attempts   int
		timeout    time.Duration
		throttling bool
	}{
		{`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 4}}]}`, true, 4, 0, false},
		{`{"methodConfig": [{"name": [{}], "timeout": "1.5s", "retryPolicy": {"maxAttempts": 9}}], "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`, true, 5, 1500 * time.Millisecond, true},
		{`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 1}}]}`, true, 0, 0, false},
		{`{"methodConfig": [{"name": [{}], "timeout": "2s"}]}`, true, 0, 0, false},
		{`{"methodConfig": [{"name": [{}], "timeout": "2", "retryPolicy": {"maxAttempts": 3}}]}`, false, 0, 0, false},
		{`{"methodConfig": [{"name": [{}], "timeout": "-2s", "retryPolicy": {"maxAttempts": 3}}]}`, false, 0, 0, false},
		{`not json`, false, 0, 0, false},
		// grpc rejects the whole config when its retryThrottling is out
		// of range, so nothing retries.
		{`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3}}], "retryThrottling": {"maxTokens": 10, "tokenRatio": 0}}`, false, 0, 0, false},
		{`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3}}], "retryThrottling": {"maxTokens": 1001, "tokenRatio": 0.1}}`, false, 0, 0, false},
		{`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3}}], "retryThrottling": {"maxTokens": 1000, "tokenRatio": 0.5}}`, true, 3, 0, true},
	} {
		sc, ok := ParseServiceConfig(tc.text)
		if ok != tc.ok {
			t.Errorf("%s: ok = %v, want %v", tc.text, ok, tc.ok)
			continue
		}
		if got := sc.MaxAttempts(); got != tc.attempts {
			t.Errorf("%s: attempts = %d, want %d", tc.text, got, tc.attempts)
		}
		if len(sc.Methods) > 0 && sc.Methods[0].Timeout != tc.timeout {
			t.Errorf("%s: timeout = %v, want %v", tc.text, sc.Methods[0].Timeout, tc.timeout)
		}
		if (sc.Throttling != nil) != tc.throttling {
			t.Errorf("%s: throttling = %v, want %v", tc.text, sc.Throttling, tc.throttling)
		}
	}
}

// Retryable codes are read by name; a code written as a number is left
// out (retryclass names the codes it reports).
func TestParseServiceConfigCodes(t *testing.T) {
	sc, ok := ParseServiceConfig(`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "retryableStatusCodes": ["UNAVAILABLE", 5, "NOT_FOUND"]}}]}`)
	if !ok || len(sc.Methods) != 1 {
		t.Fatalf("ParseServiceConfig = %+v, %v", sc, ok)
	}
	if got := sc.Methods[0].Codes; len(got) != 2 || got[0] != "UNAVAILABLE" || got[1] != "NOT_FOUND" {
		t.Errorf("codes = %q, want [UNAVAILABLE NOT_FOUND]", got)
	}
}

// The share of extra load retryThrottling allows is r/(1+r); the AWS
// bucket's is one retry per 14 successful calls.
func TestLoadBudgetShares(t *testing.T) {
	if got := (RetryThrottling{MaxTokens: 10, TokenRatio: 0.1}).GRPCBudget(); got.Kind != BudgetOn || got.Share < 0.0909 || got.Share > 0.0910 ||
		got.What != "retryThrottling (maxTokens 10, tokenRatio 0.1)" {
		t.Errorf("GRPCBudget = %+v", got)
	}
	if got := AWSBudget(AWSRetryTokens, true); got.Kind != BudgetOn || got.Share != 1.0/14 || got.What != "retry token bucket (500 tokens, 14 per retry), on by default" {
		t.Errorf("AWSBudget = %+v", got)
	}
	if b, ok := LookupLibraryBudget(cenkaltiV4); !ok || b.Kind != BudgetNone {
		t.Errorf("cenkalti/backoff v4: %+v, %v; want none", b, ok)
	}
	if _, ok := LookupLibraryBudget("example.com/own/retry"); ok {
		t.Error("a library the catalog does not know has a budget row")
	}
}

// Every retry library of the catalog says what it offers as a load
// budget, so that a site of a catalogued library is never unknown for
// want of a row.
func TestLibraryBudgetRows(t *testing.T) {
	for _, r := range retries {
		if _, ok := libraryBudgets[r.Pkg]; !ok && r.Pkg != "" {
			t.Errorf("%s (%s): no load budget row", r.Pkg, r.Display)
		}
	}
}

// A call takes the method config of its exact name, else its service's,
// else the default; a method config without a retryPolicy takes its
// methods out of a wider one's retries. An unknown method is answered
// only when every method gets the same attempts.
func TestServiceConfigAttempts(t *testing.T) {
	sc, ok := ParseServiceConfig(`{"methodConfig": [
	  {"name": [{"service": "orders.Orders", "method": "Place"}], "timeout": "1s"},
	  {"name": [{"service": "orders.Orders"}], "retryPolicy": {"maxAttempts": 4}},
	  {"name": [{}], "retryPolicy": {"maxAttempts": 3}},
	  {"name": [{"method": "Orphan"}], "retryPolicy": {"maxAttempts": 2}}]}`)
	if !ok {
		t.Fatal("config not parsed")
	}
	for _, tc := range []struct {
		method  string
		maxCall int
		want    int
		known   bool
	}{
		{"/orders.Orders/Place", 0, 1, true}, // its own config has no retryPolicy
		{"/orders.Orders/Get", 0, 4, true},   // the service's
		{"/billing.Billing/Charge", 0, 3, true},
		{"/orders.Orders/Get", 2, 2, true}, // grpc.WithMaxCallAttempts(2)
		{"/orders.Orders/Get", 1, 4, true}, // below 2: grpc's default cap, 5
		{"", 0, 0, false},
	} {
		n, known := sc.Attempts(tc.method, tc.maxCall)
		if n != tc.want || known != tc.known {
			t.Errorf("Attempts(%q, %d) = %d, %v; want %d, %v", tc.method, tc.maxCall, n, known, tc.want, tc.known)
		}
	}
	// Every method gets the default's attempts, capped at 5.
	all, _ := ParseServiceConfig(`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 9}}]}`)
	if n, known := all.Attempts("", 0); n != 5 || !known {
		t.Errorf("default config, unknown method: %d, %v; want 5, true", n, known)
	}
	// A config that names one service says nothing of a method it may not name.
	one, _ := ParseServiceConfig(`{"methodConfig": [{"name": [{"service": "orders.Orders"}], "retryPolicy": {"maxAttempts": 4}}]}`)
	if n, known := one.Attempts("/grpc.health.v1.Health/Check", 0); n != 1 || !known {
		t.Errorf("other service: %d, %v; want 1, true", n, known)
	}
	if _, known := one.Attempts("", 0); known {
		t.Error("named service, unknown method: known")
	}
}
