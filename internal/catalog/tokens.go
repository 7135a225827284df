package catalog

import (
	"bytes"
	"go/types"
	"slices"
	"strings"
)

// Where an ID is sent, for the keyregen analyzer: HTTP headers, names
// that say "idempotency key" in any package, and the fields and setters
// that SDKs document as deduplication tokens. The ID generators are in
// ids.go.

// SinkClass says what a sink carries.
type SinkClass uint8

const (
	// SinkKey is an idempotency key: the server deduplicates by it.
	SinkKey SinkClass = iota + 1
	// SinkRequestID is a request or correlation ID: X-Request-ID,
	// Request-Id, a field or parameter named requestID. Servers use it
	// to trace rather than to deduplicate, in general (see the keyregen
	// documentation for why it is behind a flag).
	SinkRequestID
)

// Header names, lower case. PayPal-Request-Id and Repeatability-Request-ID
// are request IDs by name but idempotency keys by contract;
// x-ms-client-request-id is the Azure SDK's correlation ID (azcore's
// request-ID policy fills it with a fresh UUID when it is empty).
// x-goog-gcs-idempotency-token is Cloud Storage's: GCS deduplicates the
// requests that carry one token (cloud.google.com/go/storage sets it once
// per operation, through gax-go's callctx.SetHeaders, on every attempt).
// Nats-Msg-Id is NATS JetStream's: a stream drops a message whose ID it
// has seen within its duplicate window (nats.go v1.55.0 js.go MsgIdHdr).
var (
	keyHeaders       = []string{"idempotency-key", "x-idempotency-key", "cko-idempotency-key", "paypal-request-id", "repeatability-request-id", "x-goog-gcs-idempotency-token", "nats-msg-id"}
	requestIDHeaders = []string{"x-request-id", "request-id", "x-ms-client-request-id"}
)

// HeaderClass classifies an HTTP header or gRPC metadata key, case
// insensitively; ok is false for any other header. Beyond the list, a
// header whose name says idempotency is a key, as a field's name is
// (nameRules): APIs name their own (YooKassa's Idempotence-Key, k6's
// k6-Idempotency-Key, X-Idempotent-Key). A header name has a '-'; a
// field name such as IdempotencyKey is NameClass's.
func HeaderClass(name string) (SinkClass, bool) {
	n := strings.TrimSpace(name)
	is := func(h string) bool { return strings.EqualFold(n, h) }
	switch {
	case slices.ContainsFunc(keyHeaders, is):
		return SinkKey, true
	case slices.ContainsFunc(requestIDHeaders, is):
		return SinkRequestID, true
	case strings.IndexByte(n, '-') >= 0 && strings.Contains(squash(n), idempotentStem):
		return SinkKey, true
	}
	return 0, false
}

// NameMatch says how a NameRule compares a squashed name.
type NameMatch uint8

const (
	NameExact NameMatch = iota + 1
	NameSuffix
	NameContains
)

// NameRule classifies a name that says what it holds, in any package,
// user structs included. Text is squashed (lower case, no '_' or '-').
// Only names with one meaning are rules: ClientToken is not one, since
// HashiCorp Vault's SecretAuth.ClientToken (vault/api v1.23.0) is an
// auth token, and RequestId is a key only where an SDK says so (Tokens).
type NameRule struct {
	Match NameMatch
	Text  string
	Class SinkClass
	Note  string
}

// idempotentStem is what a name that says idempotency holds, squashed:
// idempotency, idempotence, idempotent.
const idempotentStem = "idempoten"

var nameRules = []NameRule{
	{NameContains, idempotentStem, SinkKey, "IdempotencyKey, idempotency_token, IdempotentID: the name says so"},
	{NameExact, "dedupkey", SinkKey, "dedupKey, dedup_key"},
	{NameExact, "dedupid", SinkKey, "dedupID"},
	{NameSuffix, "deduplicationid", SinkKey, "MessageDeduplicationId (SQS and SNS FIFO) and look-alikes"},
	{NameSuffix, "deduplicationkey", SinkKey, "DeduplicationKey"},
	{NameExact, "clientrequesttoken", SinkKey, "AWS's idempotency token name, copied by structs that mirror SDK inputs; it has no other common meaning"},
	{NameExact, "repeatabilityrequestid", SinkKey, "OASIS Repeatable Requests' Repeatability-Request-ID, as a body field (Azure Communication Services SMS recipients)"},
	{NameExact, "paypalrequestid", SinkKey, "PayPal-Request-Id as a field: a key by PayPal's contract"},
	{NameExact, "requestid", SinkRequestID, "requestID: a correlation ID unless an SDK row says otherwise"},
	{NameExact, "xrequestid", SinkRequestID, "X-Request-ID as a map key or field"},
	{NameExact, "reqid", SinkRequestID, "reqID"},
}

// NameRules returns the name table (for documentation and tests).
func NameRules() []NameRule { return nameRules }

// NameClass classifies the name of a struct field, a parameter or a map
// key by what it says it holds: "IdempotencyKey", "idempotency_token",
// "dedupID" are keys; "RequestID", "X-Request-Id" are request IDs. The
// first matching rule wins, so keys come before request IDs.
func NameClass(name string) (SinkClass, bool) {
	// Every catalogued header name has a '-'.
	if strings.IndexByte(name, '-') >= 0 {
		if c, ok := HeaderClass(name); ok {
			return c, true
		}
	}
	var buf [64]byte
	b := buf[:0]
	if len(name) > len(buf) {
		b = make([]byte, 0, len(name))
	}
	n := squashInto(b, name)
	for _, r := range nameRules {
		var ok bool
		switch r.Match {
		case NameExact:
			ok = string(n) == r.Text
		case NameSuffix:
			ok = len(n) >= len(r.Text) && string(n[len(n)-len(r.Text):]) == r.Text
		case NameContains:
			ok = bytes.Contains(n, []byte(r.Text))
		}
		if ok {
			return r.Class, true
		}
	}
	return 0, false
}

// TokenKind says how an SDK takes a token.
type TokenKind uint8

const (
	// TokenField is a struct field: &ec2.RunInstancesInput{ClientToken: t}.
	TokenField TokenKind = iota + 1
	// TokenSetter is a method that sends its argument Arg as the token:
	// svc.Projects.Locations.Backups.Create(...).RequestId(t).
	TokenSetter
)

// Token is a field or method that an SDK documents as a deduplication
// token: the server ignores a second request with the same value. Rows
// are matched by package path prefix and owner type, because the same
// name is a correlation ID elsewhere (a RequestId field is a key in
// Google Cloud request messages and a log field in most other code).
type Token struct {
	// Pkg matches a package path equal to it or beginning with Pkg+"/".
	Pkg string
	// Owner is the struct (TokenField) or receiver (TokenSetter) type
	// name; empty matches any. With OwnerSuffix, a type name ending in
	// Owner matches ("Request": CreateClusterRequest).
	Owner       string
	OwnerSuffix bool
	Name        string
	Kind        TokenKind
	Arg         int
	// Note says where the contract is documented.
	Note string
}

const (
	awsV1Pkg     = "github.com/aws/aws-sdk-go/aws"
	awsV1Service = "github.com/aws/aws-sdk-go/service"
	googleAPI    = "google.golang.org/api"
	googleCloud  = "cloud.google.com/go"
	aliyunSvc    = "github.com/aliyun/alibaba-cloud-sdk-go/services"
	tencentSvc   = "github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud"
	natsGo       = "github.com/nats-io/nats.go"
)

var tokens = func() []Token {
	rows := []Token{
		{Pkg: stripeMod, Owner: "Params", Name: "IdempotencyKey", Kind: TokenField,
			Note: "stripe-go v85.0.0 params.go: Params.IdempotencyKey, embedded in every *Params, sent as Idempotency-Key"},
		{Pkg: stripeMod, Owner: "Params", Name: "SetIdempotencyKey", Kind: TokenSetter, Arg: 0,
			Note: "stripe-go v85.0.0 params.go: (*Params).SetIdempotencyKey(val string)"},
		{Pkg: strings.TrimSuffix(awsService, "/") + "/cloudformation", Name: "OperationId", Kind: TokenField,
			Note: "aws-sdk-go-v2 cloudformation v1.84.0: the StackSet operations' OperationId is their idempotency token"},
		{Pkg: googleAPI, Owner: "Call", OwnerSuffix: true, Name: "RequestId", Kind: TokenSetter, Arg: 0,
			Note: "google.golang.org/api v0.304.0: every (*XxxCall).RequestId (104 generated files: alloydb, compute, redis, ...) says the server ignores a retried request with the same ID"},
		{Pkg: googleAPI, Owner: "Request", OwnerSuffix: true, Name: "RequestId", Kind: TokenField,
			Note: "google.golang.org/api v0.304.0: RequestId fields of XxxRequest bodies (171 of 178 documented as deduplication; other types use it for a response's ID)"},
		{Pkg: googleCloud, Owner: "Request", OwnerSuffix: true, Name: "RequestId", Kind: TokenField,
			Note: "cloud.google.com/go GAPIC request messages (AIP-155): alloydb v1.33.1 alloydbpb, redis v1.29.0 redispb, compute computepb"},
		{Pkg: aliyunSvc, Name: "ClientToken", Kind: TokenField,
			Note: "alibaba-cloud-sdk-go services/*: ClientToken query parameter, Alibaba Cloud's 'How to ensure idempotence'"},
		{Pkg: natsGo + "/jetstream", Name: "WithMsgID", Kind: TokenSetter, Arg: 0,
			Note: "nats.go v1.55.0 jetstream_options.go: WithMsgID(id) sets Nats-Msg-Id, by which the stream deduplicates"},
		{Pkg: natsGo, Name: "MsgId", Kind: TokenSetter, Arg: 0,
			Note: "nats.go v1.55.0 js.go: the legacy JetStream API's MsgId(id) PubOpt, the same header"},
		{Pkg: tencentSvc, Name: "ClientToken", Kind: TokenField,
			Note: "tencentcloud-sdk-go: ClientToken 'a string used to ensure the idempotency of the request' (cvm AllocateHosts, ...)"},
	}
	// aws-sdk-go-v2 services, and v1 from the same Smithy models: fields
	// with the @idempotencyToken trait (ec2 v1.347.0 RunInstancesInput.
	// ClientToken, dynamodb v1.74.0 TransactWriteItemsInput.
	// ClientRequestToken, acm v1.51.5 RequestCertificateInput.
	// IdempotencyToken) and the FIFO deduplication ID (sqs v1.53.0
	// SendMessageInput, sns v1.48.0 PublishInput).
	for _, pkg := range []string{strings.TrimSuffix(awsService, "/"), awsV1Service} {
		for _, name := range []string{"ClientToken", "ClientRequestToken", "IdempotencyToken", "MessageDeduplicationId"} {
			rows = append(rows, Token{Pkg: pkg, Name: name, Kind: TokenField,
				Note: "AWS SDK inputs: idempotency token / FIFO deduplication ID (retry-libraries.md §6)"})
		}
	}
	return rows
}()

// tokensByName indexes the rows by field or method name.
var tokensByName = func() map[string][]*Token {
	m := map[string][]*Token{}
	for i := range tokens {
		m[tokens[i].Name] = append(m[tokens[i].Name], &tokens[i])
	}
	return m
}()

// Tokens returns every SDK token row (for documentation and tests).
func Tokens() []Token { return tokens }

func (t *Token) matches(kind TokenKind, pkg, owner, name string) bool {
	if t.Kind != kind || t.Name != name {
		return false
	}
	if pkg != t.Pkg && !strings.HasPrefix(pkg, t.Pkg+"/") {
		return false
	}
	switch {
	case t.Owner == "":
		return true
	case t.OwnerSuffix:
		return strings.HasSuffix(owner, t.Owner)
	}
	return owner == t.Owner
}

func lookupToken(kind TokenKind, pkg, owner, name string) *Token {
	for _, t := range tokensByName[name] {
		if t.matches(kind, pkg, owner, name) {
			return t
		}
	}
	return nil
}

// TokenFieldOf returns the row of a struct field, declared in package pkg
// in the struct type owner, that an SDK documents as a deduplication
// token, or nil. A token the SDK fills in itself when the field is left
// empty needs nothing more: the SDK does it once per operation call,
// outside the code keyregen reads, so a field never written is no sink.
func TokenFieldOf(pkg, owner, name string) *Token {
	return lookupToken(TokenField, pkg, owner, name)
}

// LookupTokenSetter returns the row of a method that sends its argument
// Arg as a deduplication token, or nil.
func LookupTokenSetter(fn *types.Func) *Token {
	if fn == nil || tokensByName[fn.Name()] == nil {
		return nil
	}
	s := SymbolOf(fn)
	return lookupToken(TokenSetter, s.Pkg, s.Recv, s.Name)
}

// squash lower-cases name and drops '_' and '-'.
func squash(name string) string { return string(squashInto(nil, name)) }

// squashInto appends squash(name) to b. NameClass runs on every field,
// parameter and map key of every package (keyregen summaries run on all
// dependencies), so it squashes into a buffer on the stack: a
// strings.Replacer per call was 10% of the suite's CPU time on the LARGE
// corpus set.
func squashInto(b []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}
