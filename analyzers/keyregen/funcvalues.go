package keyregen

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Generators called through a function value: injected so that tests can
// replace them, as payment and webhook code does.
//
//	type gateway struct{ newID func() string }
//	func New() *gateway { return &gateway{newID: uuid.NewString} }
//	req.Header.Set("Idempotency-Key", g.newID()) // in the attempt: uuid.NewString
//
//	var newKey = uuid.NewString                  // unexported, never reassigned
//	gen := uuid.NewString                        // a local
//
// The call has no static callee: which functions it can run is the
// engine's (CalledFuncs). It is a generator when every one of them is:
// a catalogued generator, or a function with a fact that returns a fresh
// ID. A value the package cannot see whole (a parameter, an exported
// field or package variable, a field also set to another function) is
// not one.

// valueFuncs returns the functions the package's files use as values
// (not called where they are named) whose first result can hold an ID,
// once: a call through a function
// value can run only a generator the package names as a value, so a
// package that names none builds no SSA for such calls.
func (r *runner) valueFuncs() []*types.Func {
	if r.vals != nil {
		return *r.vals
	}
	var out []*types.Func
	seen := map[*types.Func]bool{}
	info := r.pass.TypesInfo
	for _, f := range r.pass.Files {
		called := map[*ast.Ident]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id := calledIdent(n.Fun); id != nil {
					called[id] = true
				}
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && !called[n] && !seen[fn] && returnsID(fn.Signature()) {
					seen[fn] = true
					out = append(out, fn)
				}
			}
			return true
		})
	}
	r.vals = &out
	return out
}

// calledIdent returns the name a call's function is written with: f in
// f(), pkg.F(), x.M(), F[T]().
func calledIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.IndexExpr:
		return calledIdent(f.X)
	case *ast.IndexListExpr:
		return calledIdent(f.X)
	}
	return nil
}

// throughValue reports whether a call may run a generator through a
// function value, on syntax and types: it has no static callee, its
// first result can hold an ID, and the package uses as a value a
// generator of the same function type (a func() time.Time value may be
// time.Now; a func() string one cannot). CalledFuncs answers whether it
// does.
func (r *runner) throughValue(call *ast.CallExpr) bool {
	for _, fn := range r.mayRun(call) {
		if _, _, ok := r.generatorFunc(fn); ok {
			return true
		}
	}
	return r.mayDecorate(call) // a key decorator (decorators.go)
}

// mayRun returns the functions used as values in the package that a call
// through a function value may run: those of the called value's type.
func (r *runner) mayRun(call *ast.CallExpr) []*types.Func {
	sig := r.valueSig(call)
	if sig == nil {
		return nil
	}
	var out []*types.Func
	for _, fn := range r.valueFuncs() {
		if types.Identical(fn.Signature(), sig) && !clock(fn) { // receivers aside: g.newID is a func() string
			out = append(out, fn)
		}
	}
	return out
}

// clock reports a function of the time of day (time.Now): kept in a
// field or variable it is a clock tests replace, and reading it through
// every call of a func() time.Time value costs more than the keys made
// from one are worth.
func clock(fn *types.Func) bool {
	res := fn.Signature().Results()
	return res.Len() == 1 && analysisutil.Named(res.At(0).Type(), "time", "Time")
}

// valueCall reports whether a call is one through a function value whose
// first result can hold an ID.
func (r *runner) valueCall(call *ast.CallExpr) bool { return r.valueSig(call) != nil }

// valueSig returns the type of the function value a call calls when it
// has no static callee and its first result can hold an ID, or nil.
func (r *runner) valueSig(call *ast.CallExpr) *types.Signature {
	tv, ok := r.pass.TypesInfo.Types[call.Fun]
	if !ok || tv.Type == nil || tv.IsType() || tv.IsBuiltin() || r.calleeOf(call) != nil {
		return nil
	}
	sig, ok := tv.Type.Underlying().(*types.Signature)
	if !ok || !returnsID(sig) {
		return nil
	}
	return sig
}

func returnsID(sig *types.Signature) bool {
	return sig.Results().Len() > 0 && carriesID(sig.Results().At(0).Type())
}

// generatorFunc says whether a function makes a fresh ID on every call,
// and names it: a catalogued generator, or a function whose fact says
// it returns one (then its fact, and its name for "via").
func (r *runner) generatorFunc(fn *types.Func) (gen string, f *Fact, ok bool) {
	if g := catalog.LookupGenerator(fn); g != nil {
		return g.Display, nil, g.Kind == catalog.GenFresh
	}
	if f, _ := r.factOf(fn); f != nil && f.Returns {
		return f.Gen, f, true
	}
	return "", nil, false
}

// valueSource returns the origin of a call through a function value
// when every function it can run is a generator, or nil. The first
// names the generator:
//
//	idempotency key from uuid.NewString (via g.newID)
//	idempotency key from uuid.NewString (via g.newID -> newKey)
func (reg *region) valueSource(call *ast.CallExpr, v ssa.Value) *origin {
	c, ok := v.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	fns, ok := reg.r.eng.CalledFuncs(c)
	if !ok {
		return nil
	}
	var first *origin
	for _, sf := range fns {
		fn, _ := sf.Object().(*types.Func)
		if fn == nil {
			return nil // a function literal: no fact
		}
		gen, f, ok := reg.r.generatorFunc(fn)
		if !ok {
			return nil
		}
		if first != nil {
			continue
		}
		via := types.ExprString(call.Fun)
		if f != nil {
			via += " -> " + analysisutil.FuncName(fn, reg.r.pass.Pkg)
		} else {
			f = &Fact{Gen: gen, Returns: true}
		}
		first = &origin{pos: call.Pos(), node: call, gen: gen, via: via, fact: f}
	}
	return first
}

// resolve gives the calls through function values among sources their
// origin, and drops those that run no generator.
func (reg *region) resolve(sources []source) []source {
	out := sources[:0]
	for _, s := range sources {
		if s.value {
			if s.o = reg.valueSource(s.call, reg.taint.Value(s.call)); s.o == nil {
				continue
			}
		}
		out = append(out, s)
	}
	return out
}
