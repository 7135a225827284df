package keyregen

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Keys handed to helpers. A key made in the attempt and passed to a
// function is followed into it: the function's summary says which of its
// parameters reach a sink, whatever they are called.
//
//	func setKey(req *http.Request, key string) { // sendsKey(arg 1 -> the Idempotency-Key header)
//		req.Header.Set("Idempotency-Key", key)
//	}
//
//	retry.Do(func() error {
//		setKey(req, uuid.NewString()) // reported: a new key per attempt
//		...
//	})
//
// A helper that only logs its idempotencyKey parameter, or puts it in a
// header that is no key, has no such summary and is no sink.

// seed is a parameter whose value the summary of its function follows.
type seed struct {
	v     *types.Var
	index int // position among the parameters, receiver excluded
}

// paramSeeds returns the parameters of fd that can hold an ID: strings,
// byte slices and byte arrays (uuid.UUID), or pointers to them. The
// variadic parameter is left out: its arguments come as a list.
func (r *runner) paramSeeds(fd *ast.FuncDecl) []seed {
	fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var out []seed
	for i := range sig.Params().Len() {
		if sig.Variadic() && i == sig.Params().Len()-1 {
			break
		}
		if p := sig.Params().At(i); p.Name() != "" && p.Name() != "_" && idType(p.Type()) {
			out = append(out, seed{p, i})
		}
	}
	return out
}

// idType reports whether a value of type t can be an ID on its own.
func idType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	isByte := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return isByte(u.Elem())
	case *types.Array:
		return isByte(u.Elem())
	}
	return false
}

// helperSinks returns the arguments of a call that the callee sends as
// IDs. For a function with a body (this package's or another's, through
// its Fact) the summary decides, never the parameter's name. Only where
// no body can be seen, an interface method or a function value, does
// the declared parameter name stand for the contract:
//
//	type Payments interface {
//		Charge(ctx context.Context, amount int64, idempotencyKey string) error
//	}
func (reg *region) helperSinks(call *ast.CallExpr, fn *types.Func, target func() types.Object) []valueSink {
	if call.Ellipsis.IsValid() {
		return nil
	}
	info := reg.r.pass.TypesInfo
	if fn != nil && !isAbstract(fn) {
		f, _ := reg.r.factOf(fn)
		if f == nil || len(f.Params) == 0 {
			return nil
		}
		args := call.Args
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr && len(args) > 0 {
				args = args[1:] // T.Method(recv, args...)
			}
		}
		name := analysisutil.FuncName(fn, reg.r.pass.Pkg)
		var out []valueSink
		for _, p := range f.Params {
			if p.Index >= len(args) || p.NameArg > len(args) {
				continue
			}
			pos := reg.r.paramPos[paramKey{fn, p.Index}]
			if !pos.IsValid() {
				pos = args[p.Index].Pos()
			}
			t := target()
			if t == nil {
				t = reg.otherArgVar(args, p.Index)
			}
			s := sink{pos: pos, node: call, desc: p.Sink, in: name, class: p.Class, target: t}
			if p.NameArg > 0 {
				// setHeader(req, "Idempotency-Key", k): the header is
				// named here, or by a parameter of the caller in turn.
				nameArg := args[p.NameArg-1]
				if h, ok := analysisutil.ConstString(reg.r.pass.TypesInfo, nameArg); ok {
					if s.class, ok = reg.r.headerClass(h); !ok {
						continue
					}
					s.desc = namedHeader(p.Sink, h)
				} else if j := reg.seedIndex(nameArg); j >= 0 {
					s.nameParam = j + 1
				} else {
					continue
				}
			}
			out = append(out, valueSink{args[p.Index], s})
		}
		return out
	}
	var sig *types.Signature
	if fn != nil {
		sig, _ = fn.Type().(*types.Signature)
	} else if t := info.TypeOf(call.Fun); t != nil {
		sig, _ = t.Underlying().(*types.Signature)
	}
	if sig == nil {
		return nil
	}
	var out []valueSink
	for i, a := range call.Args {
		if i >= sig.Params().Len() || (sig.Variadic() && i >= sig.Params().Len()-1) {
			break
		}
		p := sig.Params().At(i)
		if class, ok := catalog.NameClass(p.Name()); ok {
			name := "a function value"
			if fn != nil {
				name = analysisutil.FuncName(fn, reg.r.pass.Pkg)
			}
			out = append(out, valueSink{a, sink{pos: a.Pos(), desc: "parameter " + p.Name() + " of " + name, class: class}})
		}
	}
	return out
}

// isAbstract reports whether fn is an interface method: no body to read.
func isAbstract(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// otherArgVar returns the variable the first other argument of pointer
// or map type starts from (req in setKey(req, k)): what the helper
// writes the key into, for the lazy-initialization guard.
func (reg *region) otherArgVar(args []ast.Expr, skip int) types.Object {
	for i, a := range args {
		if i == skip {
			continue
		}
		t := reg.r.pass.TypesInfo.TypeOf(a)
		if t == nil {
			continue
		}
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Map:
			if v := reg.rootVar(a); v != nil {
				return v
			}
		}
	}
	return nil
}

// paramKey names one parameter of a function of this package, for the
// position of its sink.
type paramKey struct {
	fn    *types.Func
	index int
}

// paramSinksOf returns the parameters whose values reach a sink in reg,
// the summary of fn, and records where each one does. A parameter set
// as a header named by another one is listed too, once per name.
func (r *runner) paramSinksOf(fn *types.Func, reg *region) []ParamSink {
	var out []ParamSink
	for _, fi := range reg.findings {
		if o := fi.origin; o.param != nil {
			out = append(out, ParamSink{Index: o.index, Sink: fi.sink.desc, Class: fi.sink.class})
			r.paramPos[paramKey{fn, o.index}] = fi.sink.pos
		}
	}
	for _, p := range reg.pairs {
		if !slices.ContainsFunc(out, func(q ParamSink) bool { return q.Index == p.Index && q.NameArg == 0 }) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b ParamSink) int {
		if a.Index != b.Index {
			return a.Index - b.Index
		}
		return a.NameArg - b.NameArg
	})
	return out
}

// addPair records that a parameter is set as a header named by another.
func (reg *region) addPair(p ParamSink) {
	if !slices.Contains(reg.pairs, p) {
		reg.pairs = append(reg.pairs, p)
	}
}

// seedIndex returns the position of the followed parameter e names, or -1.
func (reg *region) seedIndex(e ast.Expr) int {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		obj := reg.r.pass.TypesInfo.ObjectOf(id)
		for _, s := range reg.seeds {
			if s.v == obj {
				return s.index
			}
		}
	}
	return -1
}
