package engine

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// An error the package makes of one of its own concrete types keeps that
// type (Val.Dyn), so that a loop which tells its failures apart by type
// reads which way each goes:
//
//	func (u *Fetcher) fetch(...) (io.ReadCloser, error) {
//		if res.StatusCode == http.StatusNotFound {
//			return nil, TagNotFoundError{Err: err} // Dyn: TagNotFoundError
//		}
//		if res.StatusCode != http.StatusOK {
//			return nil, fmt.Errorf("unexpected http code %d", res.StatusCode) // ErrPlain
//		}
//		...
//	}
//
//	switch err.(type) {
//	case DoNotRetry, TagNotFoundError: // yes for the 404, no for the 403
//		return "", err
//	}
//
// A type assertion of such an error is what the language says: identical
// type, or an interface its type implements. errors.As into a type is yes
// for its own type, and no for another when the error's type has no
// Unwrap or As method through which it could hold one. An error of no
// type of the package (fmt.Errorf's, a transport failure, the context's, a
// gRPC status) asserted to a concrete type the package declares is no:
// only the package's code makes values of its unexported-or-exported
// types, and it makes none of those here. A wrapped error (fmt.Errorf with
// %w) drops Dyn: its own type is fmt's.

// assertErr folds err.(T) (its ok) for an error value: yes, no or
// unknown.
func (p *Program) assertErr(x Val, t types.Type) catalog.Tri {
	if x.Kind != Err {
		return catalog.TriUnknown
	}
	if x.Dyn != nil {
		if types.IsInterface(t) {
			return triOf(types.Implements(x.Dyn, t.Underlying().(*types.Interface)))
		}
		return triOf(types.Identical(x.Dyn, t))
	}
	if x.Foreign && p.ownConcrete(t) {
		return catalog.TriNo // another package's error (foreignerr.go)
	}
	switch x.Class {
	case ErrPlain, ErrCanceled, ErrDeadline, ErrGRPC:
		if p.ownConcrete(t) {
			return catalog.TriNo
		}
	}
	return catalog.TriUnknown
}

// asErr folds errors.As(err, &target) into a target of type t for an
// error that keeps its type; unknown otherwise.
func asErr(x Val, t types.Type) catalog.Tri {
	if x.Kind != Err || x.Dyn == nil {
		return catalog.TriUnknown
	}
	if types.IsInterface(t) {
		if types.Implements(x.Dyn, t.Underlying().(*types.Interface)) {
			return catalog.TriYes
		}
	} else if types.Identical(x.Dyn, t) {
		return catalog.TriYes
	}
	if hasMethod(x.Dyn, "Unwrap") || hasMethod(x.Dyn, "As") {
		return catalog.TriUnknown // it may hold one
	}
	return catalog.TriNo
}

// dynOf is the type an error made of a value of type t keeps: t when it
// is a concrete type declared in this package, else nil.
func (p *Program) dynOf(t types.Type) types.Type {
	if p.ownConcrete(t) {
		return t
	}
	return nil
}

// ownConcrete reports whether t is a named non-interface type declared in
// this package, or a pointer to one.
func (p *Program) ownConcrete(t types.Type) bool {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && !types.IsInterface(n) && n.Obj().Pkg() == p.pkg
}

func hasMethod(t types.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	if obj == nil {
		if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr {
			obj, _, _ = types.LookupFieldOrMethod(types.NewPointer(t), true, nil, name)
		}
	}
	_, ok := obj.(*types.Func)
	return ok
}

func sameType(a, b types.Type) bool {
	return a == b || (a != nil && b != nil && types.Identical(a, b))
}
