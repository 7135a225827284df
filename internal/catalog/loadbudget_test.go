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
