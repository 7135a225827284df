package catalog

import (
	"strings"
	"testing"
)

func TestHeaderAndNameClass(t *testing.T) {
	for _, tc := range []struct {
		name  string
		class SinkClass // 0: not a sink
	}{
		{"Idempotency-Key", SinkKey},
		{"idempotency-key", SinkKey},
		{"X-IDEMPOTENCY-KEY", SinkKey},
		{"PayPal-Request-Id", SinkKey},
		{"X-Goog-Gcs-Idempotency-Token", SinkKey},
		{"x-goog-request-params", 0},
		{"X-Request-ID", SinkRequestID},
		{"Request-Id", SinkRequestID},
		{"x-ms-client-request-id", SinkRequestID},
		{"IdempotencyKey", SinkKey},
		{"idempotency_token", SinkKey},
		{"MessageDeduplicationId", SinkKey},
		{"dedupID", SinkKey},
		{"ClientRequestToken", SinkKey},
		{"client_request_token", SinkKey},
		{"RepeatabilityRequestID", SinkKey},
		{"PayPalRequestID", SinkKey},
		{"RequestID", SinkRequestID},
		{"RequestId", SinkRequestID}, // a key only where a Token row says so
		// Look-alikes: auth tokens, tracing IDs, plain names.
		{"ClientToken", 0}, // Vault's auth token
		{"Token", 0},
		{"X-B3-SpanId", 0},
		{"Content-Type", 0},
		{"TraceID", 0},
		{"key", 0},
		{"requestIDs", 0},
		{"CorrelationID", 0},
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
	// A header whose name says idempotency is a key, whatever the API
	// calls it; one that does not say so is not.
	for _, h := range []string{"Idempotence-Key", "k6-Idempotency-Key", "X-Idempotent-Key", "Idempotency-Token"} {
		if c, ok := HeaderClass(h); !ok || c != SinkKey {
			t.Errorf("HeaderClass(%q) = %v, %t; want a key", h, c, ok)
		}
	}
	for _, h := range []string{"X-Dedup", "Content-Type", "X-Retry-Count"} {
		if _, ok := HeaderClass(h); ok {
			t.Errorf("HeaderClass(%q) accepts a header that names no key", h)
		}
	}
}

func TestNameRules(t *testing.T) {
	for _, r := range NameRules() {
		if r.Text == "" || r.Text != squash(r.Text) || r.Match == 0 || r.Class == 0 || r.Note == "" {
			t.Errorf("incomplete or unsquashed name rule %+v", r)
		}
	}
}

func TestTokenRows(t *testing.T) {
	type key struct {
		pkg, owner, name string
		kind             TokenKind
	}
	seen := map[key]bool{}
	for _, r := range Tokens() {
		k := key{r.Pkg, r.Owner, r.Name, r.Kind}
		if seen[k] {
			t.Errorf("duplicate token row %+v", r)
		}
		seen[k] = true
		if r.Pkg == "" || strings.HasSuffix(r.Pkg, "/") || r.Name == "" || r.Kind == 0 || r.Note == "" || (r.OwnerSuffix && r.Owner == "") {
			t.Errorf("malformed token row %+v", r)
		}
	}
}

func TestTokenFieldOf(t *testing.T) {
	for _, tc := range []struct {
		pkg, owner, name string
		want             bool
	}{
		{"github.com/stripe/stripe-go/v85", "Params", "IdempotencyKey", true},
		{"github.com/stripe/stripe-go/v85", "ChargeParams", "IdempotencyKey", false}, // declared in Params
		{"github.com/aws/aws-sdk-go-v2/service/ec2", "RunInstancesInput", "ClientToken", true},
		{"github.com/aws/aws-sdk-go-v2/service/sqs/types", "SendMessageBatchRequestEntry", "MessageDeduplicationId", true},
		{"github.com/aws/aws-sdk-go/service/ec2", "RunInstancesInput", "ClientToken", true},
		{"github.com/aws/aws-sdk-go-v2/service/cloudformation", "CreateStackSetInput", "OperationId", true},
		{"github.com/aws/aws-sdk-go-v2/service/ec2", "RunInstancesInput", "OperationId", false},
		{"github.com/aws/aws-sdk-go-v2/servicex", "In", "ClientToken", false},
		{"cloud.google.com/go/redis/apiv1/redispb", "CreateInstanceRequest", "RequestId", true},
		{"cloud.google.com/go/compute/apiv1/computepb", "InsertInstanceRequest", "RequestId", true},
		{"cloud.google.com/go/appengine/apiv1/appenginepb", "RequestLog", "RequestId", false}, // a log record's ID
		{"google.golang.org/api/alloydb/v1", "RestartInstanceRequest", "RequestId", true},
		{"google.golang.org/api/apigee/v1", "GoogleCloudApigeeV1DeleteResponse", "RequestId", false},
		{"github.com/aliyun/alibaba-cloud-sdk-go/services/ecs", "CreateInstanceRequest", "ClientToken", true},
		{"github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/cvm/v20170312", "AllocateHostsRequestParams", "ClientToken", true},
		// The same names in any other package are not tokens.
		{"github.com/hashicorp/vault/api", "SecretAuth", "ClientToken", false},
		{"example.com/app/rpc", "CreateOrderRequest", "RequestId", false},
		{"example.com/app", "Input", "ClientToken", false},
	} {
		if got := TokenFieldOf(tc.pkg, tc.owner, tc.name) != nil; got != tc.want {
			t.Errorf("TokenFieldOf(%q, %q, %q) = %v, want %v", tc.pkg, tc.owner, tc.name, got, tc.want)
		}
	}
	// A setter row is not a field row, and the reverse.
	if TokenFieldOf("google.golang.org/api/alloydb/v1", "ProjectsLocationsBackupsCreateCall", "RequestId") != nil {
		t.Errorf("TokenFieldOf matches the RequestId setter of a Call")
	}
	if lookupToken(TokenSetter, "google.golang.org/api/alloydb/v1", "ProjectsLocationsBackupsCreateCall", "RequestId") == nil {
		t.Errorf("the RequestId setter of google.golang.org/api calls is not found")
	}
}

// NameClass must not allocate: it runs on every field and map key of
// every package.
func TestNameClassAllocs(t *testing.T) {
	names := []string{"IdempotencyKey", "X-Request-ID", "ClientToken", "Amount", "x_idempotency_key_for_the_order_created_by_the_checkout_service"}
	if n := testing.AllocsPerRun(100, func() {
		for _, s := range names[:4] {
			NameClass(s)
		}
	}); n > 0 {
		t.Errorf("NameClass allocates %v times per run", n)
	}
	if c, ok := NameClass(names[4]); !ok || c != SinkKey {
		t.Errorf("a long name is not classified: %v %v", c, ok)
	}
}

func TestKeyHeaders(t *testing.T) {
	var k KeyHeaders
	if err := k.Set(" X-Dedup-Key , x-request-id,,"); err != nil {
		t.Fatal(err)
	}
	if got := k.String(); got != "X-Dedup-Key,x-request-id" {
		t.Errorf("String() = %q", got)
	}
	for _, tc := range []struct {
		name string
		key  bool
	}{
		{"x-dedup-key", true},
		{"X-Request-ID", true}, // listed: a key here, not a request ID
		{"Idempotency-Key", true},
		{"Request-Id", false},
		{"X-Dedup", false},
	} {
		if got := k.IsKey(tc.name); got != tc.key {
			t.Errorf("IsKey(%q) = %v, want %v", tc.name, got, tc.key)
		}
	}
	if c, ok := k.NameClass("dedupID"); !ok || c != SinkKey {
		t.Errorf("NameClass(dedupID) = %v, %v: the catalogued names still count", c, ok)
	}
	var zero *KeyHeaders
	if !zero.IsKey("Idempotency-Key") || zero.IsKey("X-Dedup-Key") {
		t.Error("a nil list must add nothing to the catalog")
	}
	for _, bad := range []string{"X-Dedup-Key: abc", "Dedup Key", "Schlüssel"} {
		if err := k.Set(bad); err == nil || !strings.Contains(err.Error(), "not a header name") {
			t.Errorf("Set(%q) = %v, want a 'not a header name' error", bad, err)
		}
	}
	if err := k.Set(""); err != nil || k.String() != "" {
		t.Errorf("Set(\"\") = %v, left %q: want the list emptied", err, k.String())
	}
}
