package catalog

import "go/types"

// Responses of client libraries that give their HTTP status through
// methods rather than a field: a loop that leaves on them decides on the
// status as one that reads resp.StatusCode does.
//
//	resp, err := client.R().SetContext(ctx).Get(url)
//	if err == nil && resp.IsSuccess() { return nil } // every 4xx and 5xx goes round

// StatusMethod is what a response method says of the status.
type StatusMethod uint8

const (
	StatusNone    StatusMethod = iota
	StatusCode                 // the status itself: resp.StatusCode()
	StatusSuccess              // 200 <= status <= 299
	StatusFailure              // status >= 400
)

// statusMethods are the methods, by response type (go-resty/resty v2.17.2
// and resty.dev/v3 v3.0.0-rc.4 response.go: StatusCode returns
// RawResponse.StatusCode, 0 when there is none).
var statusMethods = map[Symbol]StatusMethod{
	{restyV2, "Response", "StatusCode"}:      StatusCode,
	{restyV2, "Response", "IsSuccess"}:       StatusSuccess,
	{restyV2, "Response", "IsError"}:         StatusFailure,
	{restyV3, "Response", "StatusCode"}:      StatusCode,
	{restyV3, "Response", "IsStatusSuccess"}: StatusSuccess,
	{restyV3, "Response", "IsStatusFailure"}: StatusFailure,
}

// StatusMethods returns the catalogued status methods (for tests).
func StatusMethods() map[Symbol]StatusMethod { return statusMethods }

// LookupStatusMethod says what a method of a response says of its status.
func LookupStatusMethod(fn *types.Func) StatusMethod {
	if fn == nil {
		return StatusNone
	}
	return statusMethods[SymbolOf(fn)]
}

// StatusResponse reports a pointer to a response type with catalogued
// status methods: the result of an attempt that carries its status.
func StatusResponse(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	_, ok = statusMethods[Symbol{Pkg: n.Obj().Pkg().Path(), Recv: n.Obj().Name(), Name: "StatusCode"}]
	return ok
}
