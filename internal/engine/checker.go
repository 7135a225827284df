package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A checker is handed a response, or its status, and returns an error
// for the statuses it does not accept:
//
//	// package httpx
//	func CheckResponse(resp *http.Response) error {
//		if resp.StatusCode/100 == 2 {
//			return nil
//		}
//		return fmt.Errorf("status %d", resp.StatusCode)
//	}
//
//	// package app: the operation fails on a 404, and backoff retries it
//	return httpx.CheckResponse(resp)
//
// In its own package the walk reads its body at the call (summary.go).
// Across packages it is a classifier whose answer is its error: Check
// reads the body once per case of ClassCases, as Classify does, and the
// table says yes where it returns a non-nil error, no where it returns
// nil; the recognizer carries the table as the classifier's fact, and
// the walk of a calling package reads it (imported) as the call's error.
// A case where the body returns a retry library's error
// (backoff.Permanent) or either is unknown.

// Check returns whether fn returns a non-nil error in each response
// case of ClassCases, or nil when fn is not shaped like a checker or decides no
// case.
func (p *Program) Check(fn *ssa.Function) []catalog.Tri {
	if fn == nil || len(fn.Blocks) == 0 || !checkerShape(fn.Signature) {
		return nil
	}
	shapes := make([]paramShape, len(fn.Params))
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1 // a receiver carries no status
	}
	params := fn.Signature.Params()
	for i := range fn.Params[recv:] {
		shapes[i+recv] = checkedShape(params.At(i))
	}
	// Only the responses: a checker is handed no error, and a table that
	// told errors carrying a status apart would have the walk of a
	// calling package try them (answersTyped).
	return p.table(fn, shapes, fn.Signature.Results().Len()-1, CaseResponse, fails)
}

// CheckerShaped reports, from its type, whether fn could be a checker:
// Check answers nothing for any other, so a caller asks this before
// building SSA for it.
func (p *Program) CheckerShaped(fn *types.Func) bool {
	return checkerShape(fn.Type().(*types.Signature))
}

// checkerShape reports a signature whose last result is an error and
// whose first is no bool (that is a classifier's), with a parameter
// that is a response or a status and none that is an error: a function
// handed an outcome's error decides on more than a status.
func checkerShape(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) || isBool(res.At(0).Type()) {
		return false
	}
	found := false
	for i := range sig.Params().Len() {
		prm := sig.Params().At(i)
		if isErrorType(prm.Type()) {
			return false
		}
		found = found || checkedShape(prm) != shapeNone
	}
	return found
}

// checkedShape is what a checker's parameter carries: a response, a
// status, or nothing of the outcome. An integer is a status when its
// name says so (code, status, statusCode) and its type is not a gRPC
// code or a duration: functions of an error of sizes, counts and
// timeouts (NewClient(conn, readBufSize, writeBufSize int), a waiter's
// Wait(ctx, maxWait time.Duration)) are many, and each would build SSA.
func checkedShape(prm *types.Var) paramShape {
	t := prm.Type()
	switch {
	case isResponse(t):
		return shapeResponse
	case isInt(t) && !isGRPCCode(t) && !analysisutil.Named(t, "time", "Duration"):
		if looseStatusName(prm.Name()) {
			return shapeInt
		}
	}
	return shapeNone
}

// fails reads a checker's error: yes when it is one, no when nil; an
// error a retry library's function made, which tells the library what
// to do, is unknown: the table carries no more than that one fails.
func fails(v Val) catalog.Tri {
	switch {
	case v.Kind == Nil:
		return catalog.TriNo
	case v.Kind == Err && v.Hook == nil:
		return catalog.TriYes
	}
	return catalog.TriUnknown
}

// checkedVal is the value of a checker's error with the table's answer.
func checkedVal(t catalog.Tri) Val {
	if t == catalog.TriYes {
		return Val{Kind: Err, Class: ErrAny}
	}
	return Val{Kind: Nil}
}

// checker reports another package's function with a checker's table.
func (p *Program) checker(fn *types.Func) bool {
	return fn != nil && p.classifiers != nil && checkerShape(fn.Type().(*types.Signature)) && p.classifiers(fn) != nil
}
