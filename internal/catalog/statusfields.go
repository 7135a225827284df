package catalog

import (
	"go/types"
	"slices"
)

// Error types of client libraries that keep the HTTP status of a failed
// call in a field whose name does not say so. A field named StatusCode,
// HTTPStatusCode, HTTPStatus or HTTPCode holds a status wherever it is
// declared (the engine's StatusName); a field named Code or Status is as
// often an application's own code (ae.Code == 1001), so it counts only
// for the types below, or where the program itself shows that it holds a
// status (engine/statusfield.go).
//
//	var gerr *googleapi.Error
//	if errors.As(err, &gerr) && gerr.Code == http.StatusNotFound { ... }
var statusFields = []Symbol{
	// google.golang.org/api v0.304.0 googleapi/googleapi.go: "Code is the
	// HTTP response status code and will always be populated."
	{"google.golang.org/api/googleapi", "Error", "Code"},
	// github.com/hashicorp/consul/api v1.34.5 api.go: requireOK returns
	// StatusError{Code: resp.StatusCode, Body: trimmed}.
	{"github.com/hashicorp/consul/api", "StatusError", "Code"},
}

// StatusFields returns the catalogued status fields (for tests).
func StatusFields() []Symbol { return slices.Clone(statusFields) }

// NamesStatusField reports a field of a package with a catalogued status
// field of that name: a cheap test that does not know the struct.
func NamesStatusField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && v.Pkg() != nil && slices.ContainsFunc(statusFields, func(s Symbol) bool {
		return s.Pkg == v.Pkg().Path() && s.Name == v.Name()
	})
}

// IsStatusField reports whether the field name of the named type t is a
// catalogued HTTP status.
func IsStatusField(t *types.Named, name string) bool {
	obj := t.Origin().Obj()
	if obj.Pkg() == nil {
		return false
	}
	return slices.Contains(statusFields, Symbol{Pkg: obj.Pkg().Path(), Recv: obj.Name(), Name: name})
}
