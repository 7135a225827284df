// Package keyregen defines an Analyzer that reports idempotency keys
// generated inside the retried code.
//
// # Analyzer keyregen
//
// keyregen: report idempotency keys generated inside the retried code
//
// An idempotency key protects against duplicates only if every attempt of
// one logical operation carries the same key. Generated inside the retry,
// each attempt has a new key, the server sees a new operation, and a
// timeout that hid a success becomes a double charge:
//
//	err := backoff.Retry(func() error {
//		req, _ := http.NewRequestWithContext(ctx, "POST", chargeURL, body)
//		req.Header.Set("Idempotency-Key", uuid.NewString()) // new key per attempt
//		return send(req)
//	}, b)
//
// keyregen reports, at the generator call:
//
//	idempotency key from uuid.NewString is generated inside the retry (backoff.Retry at client.go:40):
//	each attempt sends a new key, so the server cannot deduplicate; generate it once before the retry
//
// with related positions at the sink and at the retry. The fix is to make
// the key once per logical operation:
//
//	key := uuid.NewString()
//	err := backoff.Retry(func() error {
//		req, _ := http.NewRequestWithContext(ctx, "POST", chargeURL, body)
//		req.Header.Set("Idempotency-Key", key)
//		return send(req)
//	}, b)
//
// When the key is made by a plain definition (key := uuid.NewString()) at
// the top of the attempt body, whose inputs exist before the retry and
// whose name is free there, a suggested fix moves it before the statement
// holding the retry.
//
// The retries are those of the retryscan recognizer: hand-written retry
// loops, retry libraries (cenkalti/backoff, avast/retry-go, ...) and
// retry wrappers, whose attempt body is a loop body, a function literal or
// a named function. A loop that sends each item of a list once is not a
// retry, and nothing in it is reported.
//
// Generators: google/uuid (New, NewString, NewRandom, NewV7, ..., and
// Must around them), gofrs/uuid, satori/go.uuid, hashicorp/go-uuid,
// rs/xid, oklog/ulid, segmentio/ksuid, stripe.NewIdempotencyKey,
// crypto/rand (Read, Text, Int, io.ReadFull(rand.Reader, b)), math/rand
// and math/rand/v2, and time.Now; and any value derived from one
// (fmt.Sprintf, strconv, String(), concatenation, conversion). Name-based
// UUIDs (v3, v5, NewSHA1, NewMD5) are the same on every attempt and are
// not generators.
//
// Sinks: the headers Idempotency-Key, X-Idempotency-Key,
// Cko-Idempotency-Key, PayPal-Request-Id, Repeatability-Request-ID,
// X-Goog-Gcs-Idempotency-Token and NATS JetStream's Nats-Msg-Id (any
// case), and any header whose name says idempotency (an API's own:
// YooKassa's Idempotence-Key, k6-Idempotency-Key), set with http.Header Set or Add, a map write, an
// http.Header or map literal, resty SetHeader or SetHeaders, gRPC
// metadata (Pairs, AppendToOutgoingContext, MD.Set, metadata.New) or a
// NATS message's Header Set or Add, a Kafka record header written as a
// struct of a name and a value (kafka-go's kafka.Header, franz-go's
// kgo.RecordHeader, sarama's RecordHeader, by field or by position); the
// tokens SDKs document as deduplication tokens, matched by package
// (JetStream's WithMsgID and MsgId publish options;
// stripe-go Params.IdempotencyKey and SetIdempotencyKey; aws-sdk-go and
// aws-sdk-go-v2 ClientToken, ClientRequestToken, IdempotencyToken,
// MessageDeduplicationId; the RequestId of Google Cloud request messages
// and of google.golang.org/api calls and request bodies; Alibaba and
// Tencent Cloud ClientToken); and, in any package, struct fields and
// map keys whose name says idempotency key or deduplication ID
// (IdempotencyKey, idempotency_token, dedupID, ClientRequestToken,
// RepeatabilityRequestID).
//
// Beyond the catalogued SDKs, the token field of any SDK's request
// struct is a key. A field is one when all of these hold: its name is
// ClientToken, ClientRequestToken, IdempotencyToken, RequestId (any
// case, with or without '_') or ends in RetryToken (OCI's
// OpcRetryToken); its type is string or *string; its struct is named
// like an operation's input (...Request, ...Input); the struct is
// declared outside the module being analyzed and outside the standard
// library; and an exported function, method or interface method of the
// struct's package takes it as a parameter, so that it is what a call of
// the SDK sends:
//
//	_, err := svc.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{
//		RequestId: uuid.NewString(), // Temporal starts one workflow per RequestId
//	})
//
// Elsewhere RequestId and ClientToken are correlation IDs and auth
// tokens (Vault's SecretAuth.ClientToken, a user's own
// CreateOrderRequest, a response's RequestId): not keys. Names that
// contain RequestId but are longer (OCI's OpcRequestId, Azure's
// ClientRequestID, EC2's SpotFleetRequestId) are correlation or resource
// IDs, and trace, span and correlation IDs are meant to change per
// attempt: none is a key.
//
// Through calls: a function that puts a fresh key in a sink on every call
// (say newChargeRequest), or that returns a fresh ID (say newKey), gets a
// fact, in its own package and in every package importing it; calling the
// first inside a retry is reported at the call, and the result of the
// second counts as a generated value. A function that returns its
// caller's ID when there is one and a fresh one otherwise (if ev.ID != ""
// { return ev.ID }; return uuid.NewString()) returns a fresh ID too, as
// the same branch written in the attempt does; one that returns an ID it
// remembers (from a map or a field) does not.
//
// Through function values: a generator injected so that tests can
// replace it, kept in an unexported field its constructor sets, an
// unexported package variable or a local, is a generator where it is
// called, when every function the package puts there is one (a
// generator above, or a helper that returns a fresh ID):
//
//	type gateway struct{ newID func() string }
//	func New() *gateway { return &gateway{newID: uuid.NewString} }
//	req.Header.Set("Idempotency-Key", g.newID()) // in the attempt: reported
//
//	var newKey = uuid.NewString // newKey() in the attempt: reported
//
// reported as "idempotency key from uuid.NewString (via g.newID)". A
// field also set to a function literal (a test hook returning a fixed
// key, one returning the caller's key) or from a parameter is not.
//
// A request decorator is one too: a function literal kept in an
// unexported package variable or field (its value, an assignment, a field
// of a composite literal) that puts a fresh key in a sink itself, called
// in the attempt through the value, when every function the package puts
// there is such a literal:
//
//	var decorate = func(req *http.Request) {
//		req.Header.Set("Idempotency-Key", uuid.NewString())
//	}
//	decorate(req) // in the attempt: reported, "(via decorate)"
//
// An exported one (importers may replace it), a named function kept as
// the value, and a decorator handed the key as an argument
// (decorate(req, key), made once before the retry: not reported) are not
// followed; the caller of the latter gets no fact for the key it hands on.
//
// A key made in the attempt and handed to a helper is followed into it.
// Each function is summarized by what it does with each parameter that
// can hold an ID: one that reaches a sink inside it (directly or through
// another helper, in any package) makes the function a sink for that
// argument. The parameter's name plays no part:
//
//	func setKey(req *http.Request, key string) { req.Header.Set("Idempotency-Key", key) }
//	func logKey(idempotencyKey string)        { log.Print(idempotencyKey) }
//
// setKey(req, uuid.NewString()) in an attempt is reported,
// logKey(uuid.NewString()) is not. A helper that sets a header its caller
// names (setHeader(req, name, value), an SDK's option.WithHeader(name,
// value)) is a sink where the call names a key header. Only the methods
// of interfaces and function values, whose bodies cannot be seen, are
// sinks by their declared parameter names (Charge(ctx, amount,
// idempotencyKey string)).
//
// Request IDs: X-Request-ID, Request-Id and x-ms-client-request-id
// headers, and fields named requestID, are correlation IDs for most servers: a new
// one per attempt costs traceability, not correctness, and some teams
// want exactly that. They are reported only with -keyregen.requestid,
// with the message "request id from ... : each attempt sends a new
// request id, so the server cannot tell the attempts apart from new
// requests". Request IDs that are keys by contract (PayPal-Request-Id,
// Repeatability-Request-ID) are always reported.
//
// A key made again after a failure, kept where the next attempt sends it,
// is reported: the failed attempt may have acted, and the next one asks
// for a second operation (bosh-alicloud-cpi's CreateInstance at 1d63cfa0):
//
//	err := invoker.Run(func() error {
//		resp, e := client.CreateInstance(args)
//		if e != nil {
//			if isExpectedErrors(e, []string{"InvalidIPAddress.AlreadyUsed"}) {
//				args.ClientToken = buildClientToken(args.GetActionName()) // reported
//			}
//			return e
//		}
//
// A key is made after a failure when only the way of a failed attempt to
// the next one reaches it, however the outcome is read: under if err !=
// nil, after if err == nil { return nil }, in a case of a switch on the
// error, under a test of the response's status (or of a copy of it), in
// a classifier of the package. The same holds in a helper that makes a
// new key when it returns an error, and in the function handed to a
// retry wrapper of the package.
//
// Not reported: a key generated before the loop or outside the function
// passed to the retry library; a key made lazily and kept across attempts
// (if key == "" { key = uuid.NewString() }, or key = cmp.Or(key, ...),
// and after a failure when the condition tests the key's variable too:
// if err != nil && in.ClientToken == nil), or on the first round only (if
// first { ... }); a key made again under a condition a successful attempt
// can pass too (another call's error: a token store that has none yet),
// after an attempt that succeeded, or after a failure the retry gives up
// on (return retry.Unrecoverable(err)); one made at the top of a loop's
// round from the previous round's error (if lastErr != nil { ... }),
// which the engine does not tell from the first round's;
// a fresh ID that does not reach a sink (a log field, a trace span ID, a
// temporary file name); a token an SDK fills in itself when the field is
// left empty. The aws-sdk-go-v2 operations that auto-fill ClientToken do
// so once per operation call, before the SDK's own retries, and the
// catalog lists no generator inside the SDKs: a field the code never
// writes is never a sink.
//
// Categories: "key" and "key-via-call" (the key is made by a called
// function), "request-id" and "request-id-via-call" (with
// -keyregen.requestid).
//
// # Flags
//
//	-keyregen.requestid   also report request IDs (X-Request-ID, Request-Id, fields named requestID)
//	-keyregen.keyheaders  comma-separated extra header names that carry an idempotency key
//	-keyregen.headers     deprecated: the old name of -keyregen.keyheaders
//	-keyregen.tests       report in _test.go files too
//
// The key headers are one list for the suite: nonidempotent reads the
// same -nonidempotent.keyheaders, and -keyheaders=X-Dedup-Key, without
// the analyzer name (the retrylint command and go vet; in golangci-lint a
// top-level keyheaders setting), sets both, so that a header added once
// makes keyregen report a key made per attempt and nonidempotent accept
// the request as keyed.
//
// # Limitations
//
// The dataflow is the engine's, in one function and the closures written
// in it: a key stored in a struct built elsewhere, passed through a
// channel, or set in an interceptor is not followed. Helpers are followed
// through parameters of string, byte slice or byte array type: a key
// passed inside a struct, as a variadic argument, or to a function
// literal called through a variable is not. Variables follow the order
// the attempt runs (a key made after the request is sent is not
// reported, one made at the end of an attempt for the next is); what is
// stored in a field or in a variable a closure shares counts for every
// read of it in the attempt. The retries of SDK clients (which
// reuse the key they were given) are out of scope. Keys that differ per attempt for other reasons (an attempt
// counter in the key) are not reported. An SDK's token field with
// another name (a Token, a Nonce) is a key only once the catalog has a
// row for that SDK; one whose request type is named otherwise
// (...Args, ...Options, ...Params) is not taken for a request struct;
// and an SDK that uses RequestId on its request structs as a
// correlation ID would be reported wrongly (none seen: in the SDKs read,
// RequestId on a request is a key and on a response an ID of the call).
// The standard library is not analyzed: what it generates is in the
// catalog, and its code makes no keys of its own. A Kafka header is read
// where its literal names it; headers built by a function of the
// application that takes the name as a parameter are not, and
// confluent-kafka-go (a cgo module) is not catalogued.
//
// A function value is a generator only where the package sees every
// write to it: an exported package variable (var NewKey =
// uuid.NewString) or an exported field may be replaced by another
// package, a parameter is the caller's, and a variable or field whose
// address is handed on is written out of sight; calls through them are
// not reported. A function literal put in the value (newID: func()
// string { return uuid.NewString() }) is not read: a call through a
// value it may hold is not reported. Nor is a clock kept as a value
// (now: time.Now): it is there for tests to replace, and reading every
// call of a func() time.Time value through the package costs SDKs with
// an injected clock more than a key made from one is worth.
package keyregen
