package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// sethvargo/go-retry retries only the errors its operation wraps in
// retry.RetryableError; any other error ends the retry at once. An
// operation none of whose returns can be such an error makes one
// attempt, and is no retry site:
//
//	retry.Do(ctx, b, func(ctx context.Context) error {
//		v, err := s.db.Get(ctx, k)
//		if err != nil {
//			return err                       // stops: go-retry never retries it
//		}
//		out = v
//		return nil
//	})
//
// Where an error comes from is read on SSA (engine.SourcesIn, through
// the package's helpers with their arguments bound, the variables a
// closure shares, the fields whose every write is visible). An error
// cannot be a retryable one when it is nil, made here (errors.New,
// fmt.Errorf, a value of the program's own error type with no Unwrap),
// a package variable of the standard library (io.EOF), or returned by a
// function that cannot make one: of the standard library, or of another
// package without an OptInFact, called with no error and no function it
// could hand back the error of (fmt.Errorf("get: %w", err) is what err
// is, filepath.WalkDir(dir, fn) what fn returns), or a method of the
// standard library's interfaces (ctx.Err(), resp.Body.Close()). Anything
// else may be one, and the count stays the library's: an error from a
// parameter of an enclosing function, a field written out of sight, a
// function value whose every value the package does not show, an
// interface method of a package other than the standard library's, a
// helper read too deep.

// OptInFact is exported for an exported function of the package whose
// error result may be an error a retry library is asked to retry
// (sethvargo/go-retry's retry.RetryableError), made by it or by what it
// calls, so that an operation in another package that returns its error
// keeps its retries:
//
//	// package retryx
//	func Classify(err error) error { if transient(err) { return retry.RetryableError(err) }; return err }
type OptInFact struct{}

func (*OptInFact) AFact() {}

func (*OptInFact) String() string { return "optin" }

// optInOnce makes a go-retry site's bound one attempt when its operation
// can return no retryable error.
func (s *scanner) optInOnce(site *Site) {
	if site.entry == nil || !catalog.OptInOperation(site.entry.Pkg) || site.bound.Attempts == 1 {
		return
	}
	var fn *ssa.Function
	switch {
	case site.body != nil:
		fn = s.eng.Func(site.body)
	case site.op != nil && s.ownFunc(site.op) != nil:
		fn = s.eng.Func(s.ownFunc(site.op).decl)
	case site.op != nil && site.op.Pkg() != s.pass.Pkg && !isAbstract(site.op):
		if !s.optInFunc(site.op) {
			site.bound.Attempts, site.bound.Evidence = 1, site.opExpr
		}
		return
	}
	if fn != nil && !s.mayOptIn(fn, map[*ssa.Function]bool{}) {
		site.bound.Attempts, site.bound.Evidence = 1, site.opExpr
	}
}

// mayOptIn reports whether a function's error result (its last) may be
// a retryable error on some return.
func (s *scanner) mayOptIn(fn *ssa.Function, seen map[*ssa.Function]bool) bool {
	if seen[fn] {
		return false // read already, or being read
	}
	seen[fn] = true
	if len(fn.Blocks) == 0 {
		return true
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if s.mayBeOptIn(ret.Results[len(ret.Results)-1], nil, fn, seen) {
			return true
		}
	}
	return false
}

// mayBeOptIn reports whether the value v, read in frame in of the
// returns of root, may be a retryable error.
func (s *scanner) mayBeOptIn(v ssa.Value, in *engine.Frame, root *ssa.Function, seen map[*ssa.Function]bool) bool {
	for _, src := range s.eng.SourcesIn(v, in) {
		if s.srcOptIn(src, root, seen) {
			return true
		}
	}
	return false
}

// srcOptIn judges one source of an error returned by root.
func (s *scanner) srcOptIn(src engine.Source, root *ssa.Function, seen map[*ssa.Function]bool) bool {
	v := src.Value
	switch {
	case !types.IsInterface(v.Type()):
		// A value of a concrete type: the program's own error type. One
		// that unwraps may hand a retryable error on.
		return hasUnwrap(v.Type())
	case !holdsError(v.Type()):
		return false // a context.Context holds no error
	}
	var call *ssa.Call
	switch x := v.(type) {
	case *ssa.Const:
		return false // nil
	case *ssa.Parameter:
		// root's own parameter is what its caller hands it, and the
		// caller's arguments are read at the call (callOptIn); that of
		// an enclosing function a closure shares is out of sight.
		return x.Parent() != root
	case *ssa.Call:
		call = x
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
	case *ssa.UnOp:
		// io.EOF, sql.ErrNoRows: the standard library makes none.
		g, ok := x.X.(*ssa.Global)
		return !ok || g.Pkg == nil || !s.std(g.Pkg.Pkg)
	}
	if call == nil {
		return true // a parameter, a field or value out of sight
	}
	return s.callOptIn(call, src.In, root, seen)
}

// callOptIn reports whether what a call (read in frame in of the returns
// of root) returns may be a retryable error: the call makes one, or
// hands back an error it is given.
func (s *scanner) callOptIn(call *ssa.Call, in *engine.Frame, root *ssa.Function, seen map[*ssa.Function]bool) bool {
	cc := call.Common()
	fn := engine.Callee(call)
	switch {
	case cc.IsInvoke():
		// ctx.Err(), resp.Body.Close(): the standard library's
		// interfaces. An interface of the program may be anything.
		if fn == nil || fn.Pkg() == nil || !s.std(fn.Pkg()) {
			return true
		}
	case cc.StaticCallee() == nil:
		// A function value: the functions it can be, when the package
		// shows them all.
		if s.funcOptIn(cc.Value, seen) {
			return true
		}
	default:
		if s.ssaOptIn(cc.StaticCallee(), seen) {
			return true
		}
	}
	// What the call is given it may hand back: fmt.Errorf("%w", err),
	// errors.Join(errs...), a wrapper of another package, what a
	// function it runs returns (filepath.WalkDir(dir, fn)).
	for _, a := range cc.Args {
		for _, e := range packed(a) {
			if types.IsInterface(e.Type()) && holdsError(e.Type()) && s.mayBeOptIn(e, in, root, seen) {
				return true
			}
			if sig, ok := e.Type().Underlying().(*types.Signature); ok && returnsError(sig) && s.funcOptIn(e, seen) {
				return true
			}
		}
	}
	return false
}

// funcOptIn reports whether a function value may return a retryable
// error: one of the functions it can be may, or they are not all known.
func (s *scanner) funcOptIn(v ssa.Value, seen map[*ssa.Function]bool) bool {
	fns, ok := s.eng.Funcs(v)
	if !ok {
		return true
	}
	for _, f := range fns {
		if s.ssaOptIn(f, seen) {
			return true
		}
	}
	return false
}

// ssaOptIn reports whether a function a call runs may make a retryable
// error: go-retry's RetryableError; a function or method of the package,
// a closure, read through its returns; another package's with an
// OptInFact. A bound method value (s.query) runs the method.
func (s *scanner) ssaOptIn(f *ssa.Function, seen map[*ssa.Function]bool) bool {
	obj, _ := f.Object().(*types.Func)
	if obj != nil {
		obj = obj.Origin()
		if fi := s.ownFunc(obj); fi != nil {
			g := s.eng.Func(fi.decl)
			return g == nil || s.mayOptIn(g, seen)
		}
		if obj.Pkg() != s.pass.Pkg {
			return s.optInFunc(obj)
		}
	}
	return len(f.Blocks) == 0 || s.mayOptIn(f, seen)
}

// makesOptIn reports go-retry's retry.RetryableError.
func (s *scanner) makesOptIn(fn *types.Func) bool {
	h := catalog.LookupClassHook(fn)
	return h != nil && h.Hook == catalog.HookRetryable && catalog.OptInOperation(h.Pkg)
}

// optInFunc reports whether a function of another package may return a
// retryable error: it is RetryableError or has an OptInFact. The
// standard library makes none.
func (s *scanner) optInFunc(fn *types.Func) bool {
	fn = fn.Origin()
	if s.makesOptIn(fn) {
		return true
	}
	if fn.Pkg() == nil || s.std(fn.Pkg()) || catalogued(fn) {
		return false
	}
	return importFact(s.pass, s.optIns, fn, new(OptInFact)) != nil
}

// isAbstract reports an interface method: what runs is not known.
func isAbstract(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// packed returns the values an argument holds: the elements of a
// variadic call's slice (fmt.Errorf's args), or the argument.
func packed(a ssa.Value) []ssa.Value {
	sl, ok := a.(*ssa.Slice)
	if !ok {
		return []ssa.Value{a}
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return []ssa.Value{a}
	}
	var out []ssa.Value
	for _, r := range *arr.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// holdsError reports whether an interface type can hold an error of
// another package: it asks for no method but Error and Unwrap (error,
// any; not context.Context).
func holdsError(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < it.NumMethods(); i++ {
		if n := it.Method(i).Name(); n != "Error" && n != "Unwrap" {
			return false
		}
	}
	return true
}

// hasUnwrap reports whether a type (or what it points to) has an
// Unwrap method: errors.As looks through it.
func hasUnwrap(t types.Type) bool {
	ms := types.NewMethodSet(t)
	if _, isPtr := t.(*types.Pointer); !isPtr {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	return ms.Lookup(nil, "Unwrap") != nil || ms.Lookup(nil, "As") != nil
}

// exportOptIns exports an OptInFact for each exported function of the
// package with an error result that may return a retryable error. Only
// a package that calls RetryableError, or a function of another package
// with the fact, can: the others build no SSA for it.
func (s *scanner) exportOptIns() {
	if !s.callsOptIn() {
		return
	}
	for _, fi := range s.funcs {
		res := fi.obj.Signature().Results()
		if !fi.obj.Exported() || fi.decl.Body == nil || res.Len() == 0 || !analysisutil.IsErrorType(res.At(res.Len()-1).Type()) {
			continue
		}
		s.at.Func(fi.decl)
		if f := s.eng.Func(fi.decl); f != nil && s.mayOptIn(f, map[*ssa.Function]bool{}) {
			s.pass.ExportObjectFact(fi.obj, new(OptInFact))
		}
	}
}

// callsOptIn reports whether the package calls RetryableError or a
// function of another package with an OptInFact.
func (s *scanner) callsOptIn() bool {
	for _, f := range s.pass.Files {
		if anyNode(f, true, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			fn := analysisutil.Callee(s.info, call)
			return fn != nil && fn.Pkg() != s.pass.Pkg && s.optInFunc(fn)
		}) {
			return true
		}
	}
	return false
}
