package catalog

import (
	"go/types"
	"slices"
)

// The predicates of k8s.io/apimachinery/pkg/api/errors, which test the
// status of the Kubernetes API error they are given, and so classify it
// like a comparison of its HTTP status:
//
//	retry.OnError(retry.DefaultBackoff, func(err error) bool {
//		return !apierrors.IsBadRequest(err) // 403, 404, 422 go round
//	}, fn)
//
// Read from apimachinery v0.37.2, pkg/api/errors/errors.go: each
// predicate is true when the error's Status has its reason (NotFound),
// or, for most, an unknown reason and its status (404); IsTooManyRequests
// and IsRequestEntityTooLargeError are true on the status whatever the
// reason; IsAlreadyExists, IsResourceExpired and IsServerTimeout look at
// the reason alone. The reasons and their statuses are the constructors'
// (NewConflict 409, NewAlreadyExists 409, NewServerTimeout 500, ...) and
// NewGenericServerResponse's, which client-go's REST client uses for a
// response that carries no Status. An error that is no API status (a
// transport failure, the context's error, a gRPC status) answers false.

const apiErrors = "k8s.io/apimachinery/pkg/api/errors"

// StatusPredicate is a predicate of apimachinery's api/errors.
type StatusPredicate struct {
	Symbol
	// Status is the HTTP status of the predicate's reason.
	Status int
	// Maybe are the statuses whose answer depends on the reason the
	// server sent with them: 409 is Conflict or AlreadyExists, 410 Gone
	// or Expired, 500 InternalError or ServerTimeout, and any 5xx but 503
	// and 504 is InternalError in a response without a Status.
	Maybe []int
}

// Answer returns what the predicate says of an API error with the
// status n: yes for its own, no for another, unknown for one that may
// come with either reason.
func (p *StatusPredicate) Answer(n int) Tri {
	for _, m := range p.Maybe {
		if m == n {
			return TriUnknown
		}
	}
	if n == p.Status {
		return TriYes
	}
	return TriNo
}

func statusPred(name string, status int, maybe ...int) StatusPredicate {
	return StatusPredicate{Symbol: Symbol{apiErrors, "", name}, Status: status, Maybe: maybe}
}

// serverErrors returns the 5xx that a response without a Status turns
// into the reason InternalError: all but 503 and 504, which have their
// own (NewGenericServerResponse).
func serverErrors() []int {
	var out []int
	for s := 500; s < 600; s++ {
		if s != 503 && s != 504 {
			out = append(out, s)
		}
	}
	return out
}

var statusPredicates = []StatusPredicate{
	statusPred("IsBadRequest", 400),
	statusPred("IsUnauthorized", 401),
	statusPred("IsForbidden", 403),
	statusPred("IsNotFound", 404),
	statusPred("IsMethodNotSupported", 405),
	statusPred("IsNotAcceptable", 406),
	statusPred("IsAlreadyExists", 409, 409),
	statusPred("IsConflict", 409, 409),
	statusPred("IsGone", 410, 410),
	statusPred("IsResourceExpired", 410, 410),
	statusPred("IsRequestEntityTooLargeError", 413),
	statusPred("IsUnsupportedMediaType", 415),
	statusPred("IsInvalid", 422),
	statusPred("IsTooManyRequests", 429),
	statusPred("IsInternalError", 500, serverErrors()...),
	statusPred("IsServerTimeout", 500, 500),
	statusPred("IsServiceUnavailable", 503),
	statusPred("IsTimeout", 504),
}

var statusPredIndex = index(statusPredicates, func(p *StatusPredicate) Symbol { return p.Symbol })

// APIStatuses returns, ascending, the statuses a Kubernetes API error
// comes with that tell its reason: those of the reasons the predicates
// test, but for one that comes with either of two reasons (a row's
// Maybe: 409 is a conflict, which retry.RetryOnConflict retries on
// purpose, or AlreadyExists; 410 Gone or an expired resource version,
// which a new list cures). Any other status (402, 418) reaches client-go
// only from something between it and the API server, with the reason
// Unknown, and no predicate names it. A decision that reads errors only
// through the predicates is judged on these.
func APIStatuses() []int {
	var out []int
	for _, p := range statusPredicates {
		if !slices.Contains(out, p.Status) && !slices.ContainsFunc(statusPredicates, func(q StatusPredicate) bool {
			return slices.Contains(q.Maybe, p.Status)
		}) {
			out = append(out, p.Status)
		}
	}
	slices.Sort(out)
	return out
}

// StatusPredicates returns every row (for tests).
func StatusPredicates() []StatusPredicate { return statusPredicates }

// LookupStatusPredicate returns the row of a predicate of api/errors,
// or nil.
func LookupStatusPredicate(fn *types.Func) *StatusPredicate {
	if fn == nil {
		return nil
	}
	return statusPredIndex[SymbolOf(fn)]
}

// LookupStatusPredicateSymbol is LookupStatusPredicate by symbol, for a
// predicate a library calls itself (retry.RetryOnConflict).
func LookupStatusPredicateSymbol(s Symbol) *StatusPredicate { return statusPredIndex[s] }
