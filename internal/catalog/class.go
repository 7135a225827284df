package catalog

import (
	"go/types"
	"strings"
	"time"
)

// What a failure says about a retry: HTTP statuses and gRPC codes that
// will not change when the request is sent again, and the library hooks
// through which code tells a retry to stop, to go round, or to wait what
// the server asked.

// DefaultTransientStatuses are the 4xx statuses a retry may change:
// 408 Request Timeout, 425 Too Early, 429 Too Many Requests (RFC 9110
// §15.5.9, RFC 8470 §5.2, RFC 6585 §4). Every other 4xx says the request
// itself is wrong and comes back the same.
func DefaultTransientStatuses() []int { return []int{408, 425, 429} }

// RetryAfterStatuses are the statuses that carry a server's Retry-After
// pushback (RFC 9110 §10.2.3): 429 and 503.
func RetryAfterStatuses() []int { return []int{429, 503} }

// RetryAfterHeader is the header a server puts its pushback in.
const RetryAfterHeader = "Retry-After"

// GRPCCode is one status code of google.golang.org/grpc/codes (v1.85.0):
// its Go name, value and the name a service config spells it with.
type GRPCCode struct {
	Name  string // NotFound
	Value uint32 // 5
	JSON  string // NOT_FOUND
	// Permanent: the code says the request is wrong or refused, and a
	// retry gets the same answer (gRPC status code guide,
	// doc/statuscodes.md).
	Permanent bool
}

var grpcCodes = []GRPCCode{
	{"OK", 0, "OK", false},
	{"Canceled", 1, "CANCELLED", false},
	{"Unknown", 2, "UNKNOWN", false},
	{"InvalidArgument", 3, "INVALID_ARGUMENT", true},
	{"DeadlineExceeded", 4, "DEADLINE_EXCEEDED", false},
	{"NotFound", 5, "NOT_FOUND", true},
	{"AlreadyExists", 6, "ALREADY_EXISTS", true},
	{"PermissionDenied", 7, "PERMISSION_DENIED", true},
	{"ResourceExhausted", 8, "RESOURCE_EXHAUSTED", false},
	{"FailedPrecondition", 9, "FAILED_PRECONDITION", true},
	{"Aborted", 10, "ABORTED", false},
	{"OutOfRange", 11, "OUT_OF_RANGE", true},
	{"Unimplemented", 12, "UNIMPLEMENTED", true},
	{"Internal", 13, "INTERNAL", false},
	{"Unavailable", 14, "UNAVAILABLE", false},
	{"DataLoss", 15, "DATA_LOSS", false},
	{"Unauthenticated", 16, "UNAUTHENTICATED", true},
}

// GRPCCodes returns every gRPC code, by value.
func GRPCCodes() []GRPCCode { return grpcCodes }

// LookupGRPCCode returns the code spelled name: the Go name (NotFound) or
// the service config name (NOT_FOUND, case-insensitive).
func LookupGRPCCode(name string) (GRPCCode, bool) {
	for _, c := range grpcCodes {
		if c.Name == name || strings.EqualFold(c.JSON, name) {
			return c, true
		}
	}
	return GRPCCode{}, false
}

// GRPCCodesPkg is the package the code constants are declared in.
const GRPCCodesPkg = "google.golang.org/grpc/codes"

// awsPermanentCodes are aws-sdk-go-v2 API error codes (smithy
// APIError.ErrorCode) that say the request is refused or malformed: a
// retry gets the same answer. None is in the SDK's own retryable set
// (aws/retry DefaultRetryableErrorCodes, DefaultThrottleErrorCodes).
var awsPermanentCodes = map[string]bool{
	"AccessDenied": true, "AccessDeniedException": true, "UnauthorizedOperation": true,
	"InvalidClientTokenId": true, "UnrecognizedClientException": true, "SignatureDoesNotMatch": true,
	"InvalidSignatureException": true, "IncompleteSignature": true, "MissingAuthenticationToken": true,
	"ValidationError": true, "ValidationException": true, "InvalidParameterValue": true,
	"InvalidParameterException": true, "InvalidParameterCombination": true, "MissingParameter": true,
	"MalformedQueryString": true, "InvalidAction": true, "NotFound": true, "NoSuchKey": true,
	"NoSuchBucket": true, "ResourceNotFoundException": true, "ConditionalCheckFailedException": true,
	"ResourceInUseException": true, "OptInRequired": true,
}

// AWSPermanentCode reports whether an aws-sdk-go-v2 error code says the
// request will fail the same way when sent again.
func AWSPermanentCode(code string) bool { return awsPermanentCodes[code] }

// Hook is what a library function, option or field does to the decision
// to retry a failure.
type Hook uint8

const (
	// HookPermanent wraps an operation's error so that the retry stops:
	// backoff.Permanent(err), retry.Unrecoverable(err).
	HookPermanent Hook = iota + 1
	// HookRetryAfter is an operation's error that asks for a given wait:
	// backoff.RetryAfter(seconds).
	HookRetryAfter
	// HookClassifier is an option that hands the decision to user code:
	// retry.RetryIf(f), the interceptor's WithRetriable(f).
	HookClassifier
	// HookCodes is an option listing the codes that go round; Arg is the
	// first of them: retry.WithCodes(codes...), retry.AddWithErrorCodes(r, codes...).
	HookCodes
	// HookRetryableFunc turns a function into an aws-sdk-go-v2 retryable
	// check: retry.IsErrorRetryableFunc(f).
	HookRetryableFunc
	// HookServiceConfig gives a gRPC channel its service config, whose
	// retryPolicy lists retryableStatusCodes.
	HookServiceConfig
	// HookBackoffField is the retryablehttp Client field that chooses the
	// wait between attempts (it sees the response).
	HookBackoffField
	// HookCheckRetryField is the retryablehttp Client field that decides
	// whether a response or an error goes round.
	HookCheckRetryField
	// HookBackoffRA is a retryablehttp backoff that waits what Retry-After
	// says on 429 and 503; HookBackoffNoRA one that ignores it.
	HookBackoffRA
	HookBackoffNoRA
	// HookNoFail takes a context but does no I/O with it, so it does not
	// fail when the context is done: http.NewRequestWithContext.
	HookNoFail
	// HookStatusCode reads a gRPC error's code: status.Code(err),
	// status.FromError(err), status.Convert(err), (*Status).Code().
	HookStatusCode
	// HookRetryable wraps an operation's error so that it goes round, in
	// a library whose other errors stop (OptInOperation):
	// retry.RetryableError(err).
	HookRetryable
	// HookRetryCondition adds a resty retry condition, a function of the
	// response and the error whose true sends the request again (beside
	// resty's own retry of a failed request).
	HookRetryCondition
)

// ClassHook is a catalogued hook. For fields, Recv is the struct type.
type ClassHook struct {
	Symbol
	Hook Hook
	Arg  int
}

const (
	grpcMiddlewareRetry = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	// grpcMiddlewareRetryV1 is the retry interceptor of go-grpc-middleware
	// v1.4.0 (module github.com/grpc-ecosystem/go-grpc-middleware, package
	// grpc_retry), which services still use: the same loop and options
	// as v2's (grpcopts.go).
	grpcMiddlewareRetryV1 = "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	// grpcMiddlewareV1 is go-grpc-middleware v1.4.0's root package
	// (grpc_middleware), whose ChainUnaryClient chains interceptors.
	grpcMiddlewareV1 = "github.com/grpc-ecosystem/go-grpc-middleware"
	grpcStatus       = "google.golang.org/grpc/status"
	grpcMetadata     = "google.golang.org/grpc/metadata"
)

func hook(pkg, recv, name string, h Hook, arg int) ClassHook {
	return ClassHook{Symbol: Symbol{pkg, recv, name}, Hook: h, Arg: arg}
}

// classHooks: cenkalti/backoff v4.3.0 and v5.0.3, avast/retry-go v4.7.0
// and v5.1.1, go-grpc-middleware v2.3.4 and v1.4.0, aws-sdk-go-v2 v1.48.0,
// go-retryablehttp v0.7.8, grpc v1.85.0, resty v2.17.2.
var classHooks = func() []ClassHook {
	var rows []ClassHook
	for _, pkg := range []string{cenkaltiV4, cenkaltiV5, cenkaltiV7, "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff"} {
		rows = append(rows, hook(pkg, "", "Permanent", HookPermanent, 0))
	}
	// v5's RetryAfter(seconds int), v7's RetryAfter(d, cause): the wait first.
	for _, pkg := range cenkaltiCtx {
		rows = append(rows, hook(pkg, "", "RetryAfter", HookRetryAfter, 0))
	}
	for _, pkg := range []string{avastV4, avastV5, "github.com/avast/retry-go"} {
		rows = append(rows,
			hook(pkg, "", "Unrecoverable", HookPermanent, 0),
			hook(pkg, "", "RetryIf", HookClassifier, 0))
	}
	rows = append(rows,
		hook(avastV4, "", "AttemptsForError", HookClassifier, 1),
		hook(avastV5, "", "AttemptsForError", HookClassifier, 1),
		hook(grpcMiddlewareRetry, "", "WithCodes", HookCodes, 0),
		hook(grpcMiddlewareRetry, "", "WithRetriable", HookClassifier, 0),
		// v1.4.0 retry/options.go: WithCodes(retryCodes ...codes.Code)
		// replaces the list (`o.codes = retryCodes`), default
		// DefaultRetriableCodes = ResourceExhausted, Unavailable, the
		// same as v2's; isRetriable (retry.go) goes round on a listed
		// code, never on Canceled or DeadlineExceeded. v1 has no
		// WithRetriable: a code list is its only classifier.
		hook(grpcMiddlewareRetryV1, "", "WithCodes", HookCodes, 0),
		hook(awsRetry, "", "AddWithErrorCodes", HookCodes, 1),
		hook(awsRetry, "IsErrorRetryableFunc", "", HookRetryableFunc, 0),
		hook(grpcPkgPath, "", "WithDefaultServiceConfig", HookServiceConfig, 0),
		hook(retryHTTP, "Client", "Backoff", HookBackoffField, -1),
		hook(retryHTTP, "Client", "CheckRetry", HookCheckRetryField, -1),
		hook(retryHTTP, "", "DefaultBackoff", HookBackoffRA, -1),
		hook(retryHTTP, "", "RateLimitLinearJitterBackoff", HookBackoffRA, -1),
		hook(retryHTTP, "", "LinearJitterBackoff", HookBackoffNoRA, -1),
		hook(sethvargo, "", "RetryableError", HookRetryable, 0),
		hook(restyV2, "Client", "AddRetryCondition", HookRetryCondition, 0),
		hook(restyV2, "Request", "AddRetryCondition", HookRetryCondition, 0),
		hook("net/http", "", "NewRequestWithContext", HookNoFail, 0),
		hook("net/http", "Request", "WithContext", HookNoFail, 0),
		hook("net/http", "Request", "Clone", HookNoFail, 0),
		hook(retryHTTP, "", "NewRequestWithContext", HookNoFail, 0),
		hook(grpcMetadata, "", "AppendToOutgoingContext", HookNoFail, 0),
		hook(grpcMetadata, "", "NewOutgoingContext", HookNoFail, 0),
		hook(grpcStatus, "", "Code", HookStatusCode, 0),
		hook(grpcStatus, "", "FromError", HookStatusCode, 0),
		hook(grpcStatus, "", "Convert", HookStatusCode, 0),
		// status.Status is an alias of the internal type that has the method.
		hook("google.golang.org/grpc/internal/status", "Status", "Code", HookStatusCode, -1))
	return rows
}()

const grpcPkgPath = "google.golang.org/grpc"

// ClassHooks returns every hook row (for tests and documentation).
func ClassHooks() []ClassHook { return classHooks }

var classIndex = index(classHooks, func(h *ClassHook) Symbol { return h.Symbol })

// LookupClassHook returns the hook row of a function, method, type
// (conversion) or package-level variable, or nil. Every function of the
// context package is a HookNoFail: deriving a context does no I/O.
func LookupClassHook(obj types.Object) *ClassHook {
	switch obj := obj.(type) {
	case *types.Func:
		if obj == nil {
			return nil
		}
		if obj.Pkg() != nil && obj.Pkg().Path() == "context" && obj.Name() != "Cause" {
			return &contextNoFail
		}
		return classIndex[SymbolOf(obj.Origin())]
	case *types.TypeName:
		if obj != nil && obj.Pkg() != nil {
			return classIndex[Symbol{Pkg: obj.Pkg().Path(), Recv: obj.Name()}]
		}
	case *types.Var:
		if obj != nil && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			return classIndex[Symbol{Pkg: obj.Pkg().Path(), Name: obj.Name()}]
		}
	}
	return nil
}

var contextNoFail = ClassHook{Symbol: Symbol{Pkg: "context"}, Hook: HookNoFail}

// NoFailOnCancel reports a function that takes a context but does not
// fail when it is done (a HookNoFail row, or a function of the context
// package that derives one): its error, if it has one, is no look at the
// context.
//
//	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
//	if err != nil { // a nil ctx, a bad method or URL: never ctx.Err()
//		return err
//	}
//
// The methods of a context (ctx.Err(), ctx.Done()) are the look itself.
func NoFailOnCancel(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != nil && fn.Pkg().Path() == "context" && fn.Signature().Recv() != nil {
		return false
	}
	h := LookupClassHook(fn)
	return h != nil && h.Hook == HookNoFail
}

// LookupClassField returns the hook row of a struct field.
func LookupClassField(structPkg, structName, field string) *ClassHook {
	h := classIndex[Symbol{structPkg, structName, field}]
	if h == nil || h.Hook != HookBackoffField && h.Hook != HookCheckRetryField {
		return nil
	}
	return h
}

// ErrorOperation reports whether a retry library's operation decides by
// its error result alone: nil ends the retry with success, an error
// wrapped by the library's HookPermanent function ends it with failure,
// any other error goes round (cenkalti/backoff, avast/retry-go).
func ErrorOperation(pkg string) bool {
	switch pkg {
	case cenkaltiV4, cenkaltiV5, cenkaltiV7, "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff",
		avastV4, avastV5, "github.com/avast/retry-go":
		return true
	}
	return false
}

// OptInOperation reports whether a retry library's operation asks for
// each retry: nil ends the retry with success, an error wrapped by the
// library's HookRetryable function goes round, and any other error ends
// it with failure (sethvargo/go-retry v0.5.0, retry.RetryableError).
func OptInOperation(pkg string) bool { return pkg == sethvargo }

// ConditionOperation reports whether a retry library's operation is a
// condition: (false, nil) goes round, true ends the retry with success,
// an error ends it with that error (apimachinery v0.37.2
// wait.ExponentialBackoff and ExponentialBackoffWithContext).
func ConditionOperation(pkg string) bool { return pkg == waitPkg }

// CancelHint is how a library retry is given the caller's context, for
// diagnostics, and how long its default policy goes on without one.
type CancelHint struct {
	// Fix is the way out: "wrap the backoff with backoff.WithContext(b, ctx)".
	Fix string
	// Elapsed is the default elapsed-time limit, 0 when there is none.
	Elapsed time.Duration
}

var cancelHints = map[string]CancelHint{
	cenkaltiV4:                       {"wrap the backoff with backoff.WithContext(b, ctx)", 15 * time.Minute},
	"github.com/cenkalti/backoff/v3": {"wrap the backoff with backoff.WithContext(b, ctx)", 15 * time.Minute},
	"github.com/cenkalti/backoff":    {"wrap the backoff with backoff.WithContext(b, ctx)", 15 * time.Minute},
	cenkaltiV5:                       {"pass ctx as its first argument", 15 * time.Minute},
	cenkaltiV7:                       {"pass ctx as its first argument", 15 * time.Minute},
	avastV4:                          {"add the option retry.Context(ctx)", 0},
	avastV5:                          {"add the option retry.Context(ctx)", 0},
	"github.com/avast/retry-go":      {"add the option retry.Context(ctx)", 0},
}

// LookupCancelHint returns the cancellation hint of a retry library.
func LookupCancelHint(pkg string) (CancelHint, bool) {
	h, ok := cancelHints[pkg]
	return h, ok
}

// pushbackDelays are the libraries whose delay policy is a function given
// each attempt's error, which can wait what the server asked (avast
// retry-go v4.7.0: retry.DelayType(func(n uint, err error, config
// *retry.Config) time.Duration)), with the way to do it. Only the version
// the tests run against the real module is listed.
var pushbackDelays = map[string]string{
	avastV4: "give retry.DelayType a function that waits what the error says the server asked",
}

// PushbackDelay returns, for a library whose delay policy is given each
// attempt's error, how to make it wait what the server asked.
func PushbackDelay(pkg string) (fix string, ok bool) {
	fix, ok = pushbackDelays[pkg]
	return fix, ok
}
