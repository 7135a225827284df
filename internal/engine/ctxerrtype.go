package engine

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A context's error, as the standard library hands it back, answers a
// classifier that asks for a net.Error by its methods:
// context.DeadlineExceeded has Timeout() and Temporary(), both true, and
// so has every wrapper a request or a dial puts round it (*url.Error,
// *net.OpError ask the error they wrap). So a loop whose classifier says
// yes to every net.Error goes round once the caller's deadline passes:
//
//	if _, ok := err.(net.Error); ok {
//		return true // context.DeadlineExceeded is one
//	}
//
// context.Canceled is a plain error: a bare one is no net.Error, a
// wrapped one is, so that assertion stays unknown; its Timeout() and
// Temporary(), where they are asked, are false.

// timeoutMethod reports a method a deadline error has, as its wrappers
// in the standard library have it too.
func timeoutMethod(name string) bool {
	return name == "Error" || name == "Timeout" || name == "Temporary"
}

// asTimeoutError reports whether a type assertion of the context's error
// err into t holds: yes for a deadline error and an interface that asks
// only for what net.Error asks (Error, Timeout, Temporary); unknown
// otherwise.
func asTimeoutError(err Val, t types.Type) catalog.Tri {
	if err.Kind != Err || err.Class != ErrDeadline {
		return catalog.TriUnknown
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return catalog.TriUnknown
	}
	for m := range it.Methods() {
		if !timeoutMethod(m.Name()) || !nullaryBool(m) && m.Name() != "Error" {
			return catalog.TriUnknown
		}
	}
	return catalog.TriYes
}

// timeoutAnswer folds err.Timeout() and err.Temporary() of the context's
// error: true for a deadline, false for a cancellation.
func timeoutAnswer(fn *types.Func, recv Val) (Val, bool) {
	if fn == nil || fn.Name() != "Timeout" && fn.Name() != "Temporary" || !nullaryBool(fn) || recv.Kind != Err {
		return Val{}, false
	}
	switch recv.Class {
	case ErrDeadline:
		return boolVal(catalog.TriYes, false), true
	case ErrCanceled:
		return boolVal(catalog.TriNo, false), true
	}
	return Val{}, false
}

// nullaryBool reports a method of no parameters returning one bool.
func nullaryBool(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isBool(sig.Results().At(0).Type())
}
