package catalog

import "testing"

func TestHeaderAndNameClass(t *testing.T) {
	for _, tc := range []struct {
		name  string
		class SinkClass // 0: not a sink
	}{
		{"Idempotency-Key", SinkKey},
		{"idempotency-key", SinkKey},
		{"X-IDEMPOTENCY-KEY", SinkKey},
		{"PayPal-Request-Id", SinkKey},
		{"X-Request-ID", SinkRequestID},
		{"Request-Id", SinkRequestID},
		{"IdempotencyKey", SinkKey},
		{"idempotency_token", SinkKey},
		{"MessageDeduplicationId", SinkKey},
		{"dedupID", SinkKey},
		{"RequestID", SinkRequestID},
		{"X-B3-SpanId", 0},
		{"Content-Type", 0},
		{"TraceID", 0},
		{"key", 0},
		{"requestIDs", 0},
	} {
		got, ok := NameClass(tc.name)
		if !ok {
			got = 0
		}
		if got != tc.class {
			t.Errorf("NameClass(%q) = %v, want %v", tc.name, got, tc.class)
		}
	}
	if _, ok := HeaderClass("IdempotencyKey"); ok {
		t.Errorf("HeaderClass accepts a field name")
	}
}

func TestGeneratorRows(t *testing.T) {
	seen := map[Symbol]bool{}
	for _, g := range Generators() {
		if seen[g.Symbol] {
			t.Errorf("duplicate generator row %v", g.Symbol)
		}
		seen[g.Symbol] = true
		if g.Display == "" || g.Kind == 0 {
			t.Errorf("incomplete generator row %v", g.Symbol)
		}
	}
	// Name-based UUIDs are deterministic: never generators.
	for _, s := range []Symbol{{googleUUID, "", "NewSHA1"}, {googleUUID, "", "NewMD5"}, {gofrsV5, "", "NewV5"}, {satori, "", "NewV3"}} {
		if seen[s] {
			t.Errorf("deterministic %v listed as a generator", s)
		}
	}
	if stripePkg("github.com/stripe/stripe-go/v76") != stripeMod || stripePkg("github.com/stripe/stripe-go/v85/form") == stripeMod {
		t.Errorf("stripePkg maps the wrong paths")
	}
	if !KeyField("github.com/stripe/stripe-go/v85", "Params", "IdempotencyKey") || KeyField("github.com/stripe/stripe-go/v85", "ChargeParams", "IdempotencyKey") {
		t.Errorf("KeyField: stripe's key is declared in Params only")
	}
	if !KeyField("github.com/aws/aws-sdk-go-v2/service/ec2", "RunInstancesInput", "ClientToken") || KeyField("example.com/x", "In", "ClientToken") {
		t.Errorf("KeyField: ClientToken is a key in aws-sdk-go-v2 services only")
	}
}
