// Package statusfield is the fixture of TestStatusFields: each struct
// type reports whether an HTTP status can be read from it, and each of
// its fields whether it holds one.
package statusfield

import (
	"net/http"
)

// Named like a status: counts wherever it is declared.
type ByName struct { // want `carries status`
	HTTPStatus int // want `status field`
	Message    string
}

type Unexported struct { // want `carries status`
	statusCode int // want `status field`
}

// Code holds a status: the package assigns one into it.
type Assigned struct { // want `carries status`
	Code int // want `status field`
}

func newAssigned(resp *http.Response) error { return &Assigned{Code: resp.StatusCode} }

func (e *Assigned) Error() string { return "assigned" }

// Status holds a status: the package compares it with one of net/http's.
type Compared struct { // want `carries status`
	Status int // want `status field`
}

func (e *Compared) notFound() bool { return e.Status == http.StatusNotFound }

// Code is set through an assignment of a converted status.
type SetLater struct { // want `carries status`
	Code int64 // want `status field`
}

func (e *SetLater) fill(resp *http.Response) { e.Code = int64(resp.StatusCode) }

type Switched struct { // want `carries status`
	Code int // want `status field`
}

func (e Switched) conflict() bool {
	switch e.Code {
	case http.StatusConflict:
		return true
	}
	return false
}

// An application's own code, compared with its own numbers: no status.
type AppError struct {
	Code   int
	Status int
}

func (e *AppError) quota() bool { return e.Code == 1001 || e.Status > 3 }

// A struct that names its status: the other integer fields are
// something else, even compared with a status of net/http.
type Mixed struct { // want `carries status`
	StatusCode int // want `status field`
	Code       int
}

func (e *Mixed) odd() bool { return e.Code == http.StatusTeapot }

// A text status is no number.
type Text struct {
	Status string
}

func (e *Text) ok() bool { return e.Status == http.StatusText(http.StatusOK) }

// The response itself, kept by the error (go-github's ErrorResponse).
type Nested struct { // want `carries status`
	Response *http.Response
	Message  string
}

// A method named like a status.
type Method struct{ code int } // want `carries status`

func (e *Method) HTTPCode() int { return e.code }

// A method named like a status that takes an argument is no accessor.
type NotAccessor struct{ codes []int }

func (e *NotAccessor) StatusCode(i int) int { return e.codes[i] }

// A type named for HTTP: its Code is a status by the type's name alone.
type HTTPError struct { // want `carries status`
	Code int // want `status field`
	Err  error
}

func (e *HTTPError) code() int { return e.Code } // want `named status`

// Promoted into a struct that names its own status: the field is
// HTTPError's, read by the struct that declares it, on syntax as on SSA.
type WrappedHTTP struct { // want `carries status`
	StatusCode int // want `status field`
	HTTPError
}

func (w *WrappedHTTP) inner() int { return w.Code } // want `named status`

// A type named for HTTP that names its status: its Code is something
// else, on either path.
type HTTPReply struct { // want `carries status`
	StatusCode int // want `status field`
	Code       int
}

func (r *HTTPReply) code() int { return r.Code }
