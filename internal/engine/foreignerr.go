package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// The error a call into another package fails with is that package's: it
// is of no concrete type this package declares, so a loop that goes
// round only on an error of its own type does not go round on it. The
// AWS SDK's downloader retries a part only when copying the body of a
// GetObject that worked fails, an error it makes itself; the SDK's own
// retries of GetObject end in the SDK's error, which leaves the loop:
//
//	for retry := 0; retry <= d.partBodyMaxRetries; retry++ {
//		n, err = d.tryDownloadChunk(&params, &chunk) // GetObject's err, or &errReadingBody{err}
//		if err == nil {
//			break
//		}
//		if bodyErr, ok := err.(*errReadingBody); ok { // no for GetObject's
//			err = bodyErr.Unwrap()
//		} else {
//			return err
//		}
//	}
//
// Another package can hand back an error of ours only when we hand it
// one or something that makes one: so a call is foreign only when none
// of its arguments is an interface (an io.Reader of ours whose Read
// error io.Copy returns as it is) other than a context, or a function
// with results (a callback whose error retry.Do returns). Functions
// with no results (functional options) and pointers to structs are
// taken as they are: an error of ours kept in a field of an argument
// and returned unwrapped is not seen. A call through an interface is
// foreign only when no concrete type declared at package level in this
// package implements it (one declared inside a function is not looked at).

// foreignErr reports whether the error of a failing call c is another
// package's, of no concrete type of this package.
func (p *Program) foreignErr(c ssa.CallInstruction) bool {
	cc := c.Common()
	if cc.IsInvoke() {
		if p.implementedHere(cc.Value.Type()) {
			return false
		}
	} else if fn := cc.StaticCallee(); fn == nil || fn.Object() == nil || fn.Object().Pkg() == p.pkg {
		return false // a function value, or our own code
	}
	for _, a := range cc.Args {
		if mayHandBack(a.Type()) {
			return false
		}
	}
	return true
}

// mayHandBack reports whether a value of type t can carry code of the
// caller's package into the callee that returns an error: an interface
// other than a context, or a function with results, or a slice of one.
func mayHandBack(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Interface:
		return !IsContext(t)
	case *types.Signature:
		return u.Results().Len() > 0
	case *types.Slice:
		return mayHandBack(u.Elem())
	}
	return false
}

// implementedHere reports whether a concrete type declared at package
// level in this package, or a pointer to one, implements the interface
// type t. Asked once per interface type.
func (p *Program) implementedHere(t types.Type) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.implHere[t]; ok {
		return v
	}
	if p.implHere == nil {
		p.implHere = map[types.Type]bool{}
	}
	v := p.findImplementation(t)
	p.implHere[t] = v
	return v
}

func (p *Program) findImplementation(t types.Type) bool {
	it, ok := types.Unalias(t).Underlying().(*types.Interface)
	if !ok {
		return true
	}
	scope := p.pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			return true // a generic type may, instantiated
		}
		if types.Implements(tn.Type(), it) || types.Implements(types.NewPointer(tn.Type()), it) {
			return true
		}
	}
	return false
}
