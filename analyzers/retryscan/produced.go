package retryscan

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A constructor of another package often hides the type it builds behind
// an interface, and the caller retries through it:
//
//	// package database
//	func NewHTTPReader(url string) Reader { return &HTTPReader{url: url} }
//	func (r *HTTPReader) Read(ctx context.Context, id string) (*Result, error) {
//		return internal.RetryWithBackoff(ctx, ...) // retries
//	}
//
//	// the caller
//	c := &Client{reader: database.NewHTTPReader(url)}
//	backoff.RetryNotify(func() error { _, err := c.reader.Read(ctx, id); return err }, b, notify)
//
// The caller's package cannot see HTTPReader (an unexported type is not
// even in its export data), so the constructor's package says, as a
// ProducedFact, which methods of its result retry and how. The caller
// asks the engine which constructors an interface value comes from
// (Producers) only where it calls a function with such a fact.

// ProducedFact is exported for a function whose result of interface type
// (not error) is, on every return, a value of a concrete type the
// function shows, at least one of whose methods of that interface
// retries.
type ProducedFact struct {
	// Result is the index of the interface result.
	Result int
	// Methods are the interface's methods that retry, with the deepest
	// chain among the result's types.
	Methods []ProducedMethod
}

// ProducedMethod is one retrying method of a produced value.
type ProducedMethod struct {
	// Name is the interface method's name; Impl names the concrete
	// method ("HTTPReader.Read") and Pkg its package.
	Name, Impl, Pkg string
	// Chain is the concrete method's chain (RetrierFact's).
	Chain []Hop
}

func (*ProducedFact) AFact() {}

func (f *ProducedFact) String() string {
	out := "produced("
	for i, m := range f.Methods {
		if i > 0 {
			out += ", "
		}
		out += m.Name + "=" + m.Impl + " " + Product(m.Chain)
	}
	return out + ")"
}

// producedFact works out fi's ProducedFact, or nil.
func (s *scanner) producedFact(fi *funcInfo) *ProducedFact {
	res := fi.obj.Signature().Results()
	idx := -1
	for i := range res.Len() {
		t := res.At(i).Type()
		if it, ok := t.Underlying().(*types.Interface); ok && it.NumMethods() > 0 && !analysisutil.IsErrorType(t) {
			idx = i
			break
		}
	}
	if idx < 0 || fi.decl.Body == nil {
		return nil
	}
	concrete, ok := s.returnedTypes(fi.decl.Body, idx, res.Len())
	if !ok || len(concrete) == 0 {
		return nil
	}
	iface := res.At(idx).Type().Underlying().(*types.Interface)
	f := &ProducedFact{Result: idx}
	for m := range iface.Methods() {
		var best ProducedMethod
		for _, t := range concrete {
			obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
			impl, isFunc := obj.(*types.Func)
			if !isFunc {
				continue
			}
			impl = impl.Origin()
			if c := s.retrierChain(impl); Layers(c) > 0 && (best.Chain == nil || deeper(c, best.Chain)) {
				best = ProducedMethod{Name: m.Name(), Impl: analysisutil.FuncName(impl, nil), Pkg: analysisutil.PkgPath(impl), Chain: c}
			}
		}
		if best.Chain != nil {
			f.Methods = append(f.Methods, best)
		}
	}
	if len(f.Methods) == 0 {
		return nil
	}
	return f
}

// returnedTypes returns the concrete types a function body returns as its
// result idx (of n), false when some return hides it: an expression of
// interface type, a bare return of named results, a call's tuple. nil is
// no type.
func (s *scanner) returnedTypes(body *ast.BlockStmt, idx, n int) (out []types.Type, ok bool) {
	ok = true
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) != n {
				ok = false
				return false
			}
			tv, known := s.info.Types[x.Results[idx]]
			switch {
			case !known:
				ok = false
			case tv.IsNil():
			case types.IsInterface(tv.Type):
				ok = false
			default:
				if !slices.ContainsFunc(out, func(u types.Type) bool { return types.Identical(u, tv.Type) }) {
					out = append(out, tv.Type)
				}
			}
		}
		return ok
	})
	return out, ok
}

// producedCallees returns the chains of an interface method call whose
// receiver comes, as far as the engine sees, only from constructors of
// other packages whose ProducedFact says the method retries:
// "HTTPReader.Read" and its chain, ready for the chain of the call at n.
func (s *scanner) producedCallees(call *ast.CallExpr, m *types.Func) [][]Hop {
	if m.Signature().Recv() == nil || !types.IsInterface(m.Signature().Recv().Type()) {
		return nil
	}
	facts := s.producers.get()
	if len(facts) == 0 {
		return nil
	}
	in := s.eng.Call(s.eng.Func(s.enclosingFunc(call)), call)
	if in == nil || !in.Common().IsInvoke() {
		return nil
	}
	fns, ok := s.eng.Producers(in.Common().Value)
	if !ok {
		return nil
	}
	var out [][]Hop
	for _, fn := range fns {
		obj, _ := fn.Object().(*types.Func)
		f := facts[obj]
		if f == nil {
			continue
		}
		for _, pm := range f.Methods {
			if pm.Name != m.Name() {
				continue
			}
			hop := Hop{Name: pm.Impl, Posn: s.posn(call), Pkg: pm.Pkg, pos: call.Pos()}
			out = append(out, prepend(hop, pm.Chain))
		}
	}
	return out
}

// readProducers indexes, once, the functions of other packages the
// package calls that have a ProducedFact: the cheap gate before any
// question to the engine.
func (s *scanner) readProducers() map[*types.Func]*ProducedFact {
	idx := map[*types.Func]*ProducedFact{}
	asked := map[*types.Func]bool{}
	for _, file := range s.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := s.calleeOf(call)
			if fn == nil || fn.Pkg() == s.pass.Pkg || fn.Pkg() == nil || s.std(fn.Pkg()) {
				return true
			}
			if asked[fn] {
				return true
			}
			asked[fn] = true
			if f := new(ProducedFact); s.pass.ImportObjectFact(fn, f) {
				for i := range f.Methods {
					f.Methods[i].Chain = posless(f.Methods[i].Chain)
				}
				idx[fn] = f
			}
			return true
		})
	}
	return idx
}
