package engine

import (
	"fmt"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Kind is what is known of an abstract value.
type Kind uint8

const (
	// Unknown: nothing is known; Related says whether it depends on the
	// outcome of the calls a scenario decides.
	Unknown Kind = iota
	// Bool: B holds the truth, which may itself be unknown.
	Bool
	// Int: N holds the value when Exact; otherwise the value is only
	// known not to be Not (when HasNot): a status that is not 404.
	Int
	// Nil: a nil error, pointer, interface, map, slice, channel or func.
	Nil
	// NonNil: a value known not to be nil: a response, a client.
	NonNil
	// Err: a non-nil error of class Class.
	Err
	// Str: the string S, known only where a scenario says what a
	// response carries (outcomeask.go): a header it does not send is "".
	Str
)

// ErrClass is what kind of error an Err value is.
type ErrClass uint8

const (
	// ErrAny: a failure of any kind, as a retry sees it.
	ErrAny ErrClass = iota
	// ErrPlain: a transport failure: no sentinel of the program, no
	// status, no context error (fmt.Errorf, a reset connection).
	ErrPlain
	// ErrCanceled and ErrDeadline: the context's errors.
	ErrCanceled
	ErrDeadline
	// ErrGRPC: a gRPC status error with code N.
	ErrGRPC
	// ErrPresent: a failure that is not "not found" (no 404, no
	// codes.NotFound, no absence sentinel), otherwise of any kind.
	ErrPresent
	// ErrSentinel: the package-level error variable or constant Sentinel.
	ErrSentinel
	// ErrAbsent: a failure that says "not found".
	ErrAbsent
	// ErrStatus: an error carrying the HTTP status N, found by errors.As
	// or a type assertion into a type that carries one (statusfield.go)
	// (*awshttp.ResponseError, a client library's *APIError).
	ErrStatus
)

// Val is an abstract value.
type Val struct {
	// The small fields first, packed together: a walk keeps a Val for
	// every value it binds.
	Kind   Kind
	B      catalog.Tri // Bool
	Class  ErrClass
	Exact  bool // Int: N is the value
	HasNot bool
	// HasText: S is the text of an Err value the package made from
	// constants and values the scenario decides (errtext.go).
	HasText bool
	// Related: the value depends on the outcome of the calls the
	// scenario decides, in a way not folded.
	Related bool
	// Status: a NonNil value is a response whose status this scenario
	// decides (N, or any 2xx when N is 0 and Success is set).
	Status  bool
	Success bool
	// Quiet: a response of an outcome that is Quiet, which asks for
	// nothing beyond its status (outcomeask.go).
	Quiet bool
	// Verdict: an unknown (Related) answer of a decision the program is
	// configured with, which the engine does not read: the status looked
	// up in a list (verdict.go), what a function value handed the outcome
	// says. It goes either way on an outcome, and which way is not known.
	Verdict bool
	// Foreign: an Err value a call into another package failed with,
	// of no concrete type this package declares (foreignerr.go).
	Foreign bool

	N   int64 // Int (Exact), Err of class ErrGRPC (the code), NonNil responses (the status, 0 if unknown)
	Not int64 // Int, when HasNot: the value is not Not
	// Sentinel is the package-level variable an ErrSentinel error is, or
	// the constant of a named error type (sentinel.go).
	Sentinel types.Object
	// S is a Str value's string, or an Err value's text when HasText.
	S string
	// Dyn is the concrete type of an Err value the package made of one
	// of its own types (return TagNotFoundError{...}), nil when not
	// known (dyntype.go).
	Dyn types.Type
	// Hook is the retry library's function that made an Err value
	// (backoff.Permanent(err), in a helper of the package whose error
	// the operation returns): it ends the operation's retry as the
	// call would if returned directly.
	Hook *catalog.ClassHook
}

func unknown(related bool) Val { return Val{Related: related} }

func verdict() Val { return Val{Related: true, Verdict: true} }

func boolVal(t catalog.Tri, related bool) Val {
	if t == catalog.TriUnknown {
		return unknown(related)
	}
	return Val{Kind: Bool, B: t}
}

func intVal(n int64) Val { return Val{Kind: Int, N: n, Exact: true} }

func triOf(b bool) catalog.Tri {
	if b {
		return catalog.TriYes
	}
	return catalog.TriNo
}

// Truth returns what a boolean value is: yes, no or unknown.
func (v Val) Truth() catalog.Tri {
	if v.Kind != Bool {
		return catalog.TriUnknown
	}
	return v.B
}

func (v Val) String() string {
	switch v.Kind {
	case Bool:
		return v.B.String()
	case Int:
		if v.Exact {
			return fmt.Sprint(v.N)
		}
		return "int"
	case Nil:
		return "nil"
	case NonNil:
		return "non-nil"
	case Err:
		return "err"
	case Str:
		return fmt.Sprintf("%q", v.S)
	}
	if v.Related {
		return "?outcome"
	}
	return "?"
}

func not(t catalog.Tri) catalog.Tri {
	switch t {
	case catalog.TriYes:
		return catalog.TriNo
	case catalog.TriNo:
		return catalog.TriYes
	}
	return catalog.TriUnknown
}
