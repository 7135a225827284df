package engine

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The abstract evaluation of SSA values along one path of a walk: a phi
// takes the operand of the edge the path came by, a call the outcome the
// scenario gives it, and the known shapes fold: nil tests, status and
// code comparisons, errors.Is with a context error or a sentinel,
// status.Code(err), a predicate of the package read through its body.
// What cannot be folded is unknown, marked Related when it depends on the
// outcome.

// maxEval bounds the values one walk evaluates.
const maxEval = 4000

// eval evaluates v as the path up to path[upto-1] leaves it.
func (w *walker) eval(v ssa.Value, upto int) Val {
	if w.evals++; w.evals > maxEval {
		w.void = true
		return unknown(true)
	}
	if x, ok := w.known(v); ok {
		return x
	}
	switch v := v.(type) {
	case *ssa.Const:
		return constVal(v)
	case *ssa.Parameter:
		if x, ok := w.params.of(v); ok {
			return x
		}
		return unknown(outcomeType(v.Type()))
	case *ssa.Global, *ssa.Function, *ssa.Builtin, *ssa.MakeClosure:
		return Val{Kind: NonNil}
	case *ssa.FreeVar:
		return unknown(outcomeType(v.Type()))
	case *ssa.Alloc:
		return Val{Kind: NonNil}
	case *ssa.Phi:
		return w.phi(v, upto)
	case *ssa.Call:
		return w.call(v, -1, upto)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return w.call(c, v.Index, upto)
		}
		if s, ok := v.Tuple.(*ssa.Select); ok && v.Index == 0 {
			return w.selectIndex(s)
		}
		if l, ok := v.Tuple.(*ssa.Lookup); ok {
			if v.Index == 1 {
				return w.lookup(l, true, upto) // _, ok := retryable[code]
			}
			return w.lookup(l, false, upto)
		}
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok {
			x := w.eval(ta.X, upto)
			switch {
			case x.Kind == Nil && v.Index == 1:
				return boolVal(catalog.TriNo, false)
			case x.Kind == Err && x.Class == ErrStatus && w.p.carriesStatus(ta.AssertedType):
				if v.Index == 1 {
					return boolVal(catalog.TriYes, false)
				}
				return Val{Kind: NonNil, Status: true, N: x.N}
			case asTimeoutError(x, ta.AssertedType) == catalog.TriYes:
				if v.Index == 1 {
					return boolVal(catalog.TriYes, false) // err.(net.Error) of a deadline
				}
				return x
			case v.Index == 1 && w.p.assertErr(x, ta.AssertedType) != catalog.TriUnknown:
				return boolVal(w.p.assertErr(x, ta.AssertedType), false) // case DoNotRetry: (dyntype.go)
			}
			return unknown(x.Related || x.Kind == Err)
		}
		return unknown(false)
	case *ssa.UnOp:
		return w.unop(v, upto)
	case *ssa.BinOp:
		return w.binop(v, upto)
	case *ssa.MakeInterface:
		if c, ok := v.X.(*ssa.Const); ok && isErrorType(v.Type()) {
			if k := w.p.constSentinel(c); k != nil {
				return Val{Kind: Err, Class: ErrSentinel, Sentinel: k} // err == redis.Nil
			}
		}
		if isErrorType(v.Type()) {
			// return &HTTPError{StatusCode: resp.StatusCode}: a value of
			// the program's own error type is a failure, as
			// fmt.Errorf's is. So is return apiErr.Inner, whatever the
			// field holds: an error made of a concrete value, even a nil
			// pointer, is not nil. One of a type the package declares
			// keeps it (dyntype.go).
			return Val{Kind: Err, Class: ErrAny, Dyn: w.p.dynOf(v.X.Type())}
		}
		return w.eval(v.X, upto)
	case *ssa.ChangeInterface:
		return w.eval(v.X, upto)
	case *ssa.ChangeType:
		return w.eval(v.X, upto)
	case *ssa.Convert:
		return w.eval(v.X, upto)
	case *ssa.TypeAssert:
		x := w.eval(v.X, upto)
		if x.Kind == Err || x.Kind == NonNil {
			return unknown(true) // may or may not hold that type
		}
		return unknown(x.Related)
	case *ssa.FieldAddr:
		return Val{Kind: NonNil}
	case *ssa.Lookup:
		// retryable[status.Code(err)]: a constant map is read (maps.go);
		// another read with the outcome depends on it.
		return w.lookup(v, false, upto)
	}
	return unknown(false)
}

// outcomeType reports types whose unknown values may carry an outcome:
// errors and HTTP responses.
func outcomeType(t types.Type) bool {
	return analysisutil.IsErrorType(t) || isResponse(t)
}

func constVal(c *ssa.Const) Val {
	if c.Value == nil {
		return Val{Kind: Nil}
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return boolVal(triOf(constant.BoolVal(c.Value)), false)
	case constant.Int:
		if n, ok := constant.Int64Val(c.Value); ok {
			return intVal(n)
		}
	}
	return unknown(false)
}

// phi takes the operand of the edge by which the path entered the phi's
// block; a phi of a block the path did not enter (before the attempt,
// the head of the loop) is unknown.
func (w *walker) phi(v *ssa.Phi, upto int) Val {
	for k := upto - 1; k >= 1; k-- {
		if w.path[k] != v.Block() {
			continue
		}
		pred := w.path[k-1]
		for i, p := range v.Block().Preds {
			if p == pred {
				return w.eval(v.Edges[i], k)
			}
		}
		return unknown(outcomeType(v.Type()))
	}
	return unknown(outcomeType(v.Type()))
}

func (w *walker) unop(v *ssa.UnOp, upto int) Val {
	switch v.Op {
	case token.NOT:
		x := w.eval(v.X, upto)
		if x.Kind == Bool {
			return boolVal(not(x.B), false)
		}
		if x.Verdict {
			return x // !t.retryable(code): the verdict the other way
		}
		return unknown(x.Related)
	case token.SUB:
		x := w.eval(v.X, upto)
		if x.Kind == Int && x.Exact {
			return intVal(-x.N)
		}
		return unknown(x.Related)
	case token.MUL:
		return w.load(v, upto)
	case token.ARROW:
		return unknown(false)
	}
	return unknown(false)
}

// load reads through a pointer: a response's StatusCode, the status
// field of a typed error (statusfield.go), a sentinel error variable, a
// local whose address was taken.
func (w *walker) load(v *ssa.UnOp, upto int) Val {
	switch x := v.X.(type) {
	case *ssa.FieldAddr:
		base := w.eval(x.X, upto)
		if a, ok := x.X.(*ssa.Alloc); ok && errorsAsInto(a) != nil {
			base = w.allocValue(a, upto) // var se StatusError; errors.As(err, &se); se.Code
		}
		f := fieldOf(x)
		if f == nil {
			return unknown(base.Related || base.Kind == Err)
		}
		if st, ok := w.storedStatus(v, x, upto); ok {
			return st // c.lastStatus after c.get(ctx, url)
		}
		if st, ok := w.storedOutcome(v, x, upto); ok {
			return st // h.Conn after h.connect() (outcomefield.go)
		}
		if a, ok := askField(base, f); ok {
			return a // res.Retryable
		}
		status := base.Kind == NonNil && base.Status
		switch n, st := structOf(x.X.Type()); {
		case w.p.isStatusField(n, st, f):
			if status {
				return statusCodeOf(base)
			}
			return unknown(true)
		case status && isResponse(f.Type()):
			// er.Response.StatusCode: the response a typed error keeps
			// (go-github's ErrorResponse) has its status.
			return Val{Kind: NonNil, Status: true, N: base.N, Success: base.Success}
		case status && !isResponse(x.X.Type()):
			// ae.AppCode == 1001: another field of the typed error that
			// carries the status depends on the outcome too.
			return unknown(true)
		}
		return unknown(base.Related || base.Kind == Err)
	case *ssa.Global:
		if analysisutil.IsErrorType(v.Type()) {
			if gv, ok := x.Object().(*types.Var); ok {
				return Val{Kind: Err, Class: ErrSentinel, Sentinel: gv}
			}
		}
		return unknown(false)
	}
	if st := w.stored(v, upto); st != nil {
		return w.eval(st.val, st.upto)
	}
	if a, ok := v.X.(*ssa.Alloc); ok {
		return w.allocValue(a, upto)
	}
	return unknown(outcomeType(v.Type()))
}

// storedVal is a value stored on the path, and the path prefix it was
// stored under.
type storedVal struct {
	val  ssa.Value
	upto int
}

// stored returns the value the path last stored at the address a load
// reads, before the load: a variable a closure shares (err = dial(ctx)
// in a range-over-func body), a local whose address was taken.
func (w *walker) stored(load *ssa.UnOp, upto int) *storedVal {
	var out *storedVal
	w.backFrom(load, upto, func(in ssa.Instruction, k int) bool {
		if st, ok := in.(*ssa.Store); ok && st.Addr == load.X {
			out = &storedVal{val: st.Val, upto: k + 1}
		}
		return out == nil
	})
	return out
}

// backFrom calls visit with the instructions the path ran before in,
// the latest first, and the index of their block on the path, until
// visit returns false.
func (w *walker) backFrom(in ssa.Instruction, upto int, visit func(ssa.Instruction, int) bool) {
	k := upto - 1
	for ; k >= 0 && w.path[k] != in.Block(); k-- {
	}
	for first := true; k >= 0; k, first = k-1, false {
		instrs := w.path[k].Instrs
		if first {
			for i, x := range instrs {
				if x == in {
					instrs = instrs[:i] // what the block runs after in is not read
					break
				}
			}
		}
		for i := len(instrs) - 1; i >= 0; i-- {
			if !visit(instrs[i], k) {
				return
			}
		}
	}
}

// allocValue is what a load of a local whose address is taken reads:
// the target of errors.As(err, &target) holds the error when the call
// said so; other locals are unknown.
func (w *walker) allocValue(a *ssa.Alloc, upto int) Val {
	if r := errorsAsInto(a); r != nil {
		err := w.eval(r.Call.Args[0], upto)
		if err.Kind == Err && err.Class == ErrStatus && w.p.carriesStatus(a.Type().(*types.Pointer).Elem()) {
			return Val{Kind: NonNil, Status: true, N: err.N}
		}
		return unknown(err.Related || err.Kind == Err)
	}
	return unknown(outcomeType(a.Type().(*types.Pointer).Elem()))
}

func fieldOf(fa *ssa.FieldAddr) *types.Var {
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return nil
	}
	return s.Field(fa.Field)
}

// structField returns the field a struct value's Field selects, or nil.
func structField(f *ssa.Field) *types.Var {
	s, ok := f.X.Type().Underlying().(*types.Struct)
	if !ok || f.Field >= s.NumFields() {
		return nil
	}
	return s.Field(f.Field)
}

func isResponse(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/http" && n.Obj().Name() == "Response"
}

func (w *walker) binop(v *ssa.BinOp, upto int) Val {
	x, y := w.eval(v.X, upto), w.eval(v.Y, upto)
	related := x.Related || y.Related
	switch v.Op {
	case token.EQL, token.NEQ:
		t := w.p.equal(x, y)
		if t == catalog.TriUnknown {
			t = strEqual(v, x, y) // res.Header.Get("x-should-retry") == "true"
		}
		if t == catalog.TriUnknown && w.sc.Outcome.Fails && w.sc.Outcome.Class == ErrPresent && (notFound(x, y, v.X.Type()) || notFound(y, x, v.X.Type())) {
			t = catalog.TriNo // a failure that is not "not found" has no 404 in it
		}
		if v.Op == token.NEQ {
			t = not(t)
		}
		if t == catalog.TriUnknown && listedStatus(v, x, y) {
			return verdict() // code == statusCode, code ranging over a list
		}
		if t == catalog.TriUnknown {
			return unknown(related || x.Kind == Err || y.Kind == Err)
		}
		return boolVal(t, false)
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if t := order(v.Op, x, y); t != catalog.TriUnknown {
			return boolVal(t, false)
		}
		return unknown(related)
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
		if x.Kind == Int && y.Kind == Int && x.Exact && y.Exact {
			switch v.Op {
			case token.ADD:
				return intVal(x.N + y.N)
			case token.SUB:
				return intVal(x.N - y.N)
			case token.MUL:
				return intVal(x.N * y.N)
			case token.QUO:
				if y.N != 0 {
					return intVal(x.N / y.N)
				}
			case token.REM:
				if y.N != 0 {
					return intVal(x.N % y.N)
				}
			}
		}
		if v.Op == token.QUO && x.Kind == Int && x.Success && y.Exact && y.N > 0 && 200/y.N == 299/y.N {
			return intVal(200 / y.N) // every 2xx divided alike: code/100 == 2
		}
	}
	return unknown(related)
}

// equal folds x == y.
func (p *Program) equal(x, y Val) catalog.Tri {
	if x.Kind == Int && y.Kind == Int {
		return intEqual(x, y)
	}
	if x.Kind == Nil || y.Kind == Nil {
		if y.Kind == Nil {
			x, y = y, x
		}
		switch y.Kind {
		case Nil:
			return catalog.TriYes
		case NonNil, Err:
			return catalog.TriNo
		}
		return catalog.TriUnknown
	}
	if x.Kind == Bool && y.Kind == Bool && x.B != catalog.TriUnknown && y.B != catalog.TriUnknown {
		return triOf(x.B == y.B)
	}
	if x.Kind == Err && y.Kind == Err {
		switch {
		case x.Class == ErrSentinel && y.Class == ErrSentinel:
			return triOf(x.Sentinel == y.Sentinel)
		case x.Class == ErrSentinel || y.Class == ErrSentinel:
			if y.Class == ErrSentinel {
				x, y = y, x
			}
			switch y.Class {
			case ErrPlain, ErrCanceled, ErrDeadline, ErrGRPC:
				return catalog.TriNo // a sentinel of the program is none of these
			case ErrPresent:
				if p.absence(x.Sentinel) {
					return catalog.TriNo
				}
			}
		}
	}
	return catalog.TriUnknown
}

// intEqual folds the comparison of two integers; a 2xx status stands for
// every 2xx, and compares equal only to what all of them equal.
func intEqual(x, y Val) catalog.Tri {
	if y.Success {
		x, y = y, x
	}
	switch {
	case x.Exact && y.Exact:
		return triOf(x.N == y.N)
	case x.Success && y.Exact:
		if y.N >= 200 && y.N < 300 {
			// resp.StatusCode == http.StatusCreated: the author's own
			// success, taken as the 2xx the scenario means.
			return catalog.TriYes
		}
		return catalog.TriNo
	case x.HasNot && y.Exact && x.Not == y.N, y.HasNot && x.Exact && y.Not == x.N:
		return catalog.TriNo
	}
	return catalog.TriUnknown
}

// order folds x op y for integers; a 2xx must agree for 200 and 299.
func order(op token.Token, x, y Val) catalog.Tri {
	if x.Kind != Int || y.Kind != Int || !y.Exact && !x.Exact {
		return catalog.TriUnknown
	}
	switch {
	case x.Exact && y.Exact:
		return triOf(compare(op, x.N, y.N))
	case x.Success && y.Exact:
		if lo, hi := compare(op, 200, y.N), compare(op, 299, y.N); lo == hi {
			return triOf(lo)
		}
	case y.Success && x.Exact:
		if lo, hi := compare(op, x.N, 200), compare(op, x.N, 299); lo == hi {
			return triOf(lo)
		}
	}
	return catalog.TriUnknown
}

// notFound reports a value derived from a failure compared with the HTTP
// status or the gRPC code that mean "not found"; t is the type compared.
// 5 is NotFound only as a codes.Code: an HTTP status class is 5 too,
//
//	if resp.RawResponse.StatusCode/100 == 5 { // a 5xx, not "not found"
func notFound(x, c Val, t types.Type) bool {
	if x.Kind != Unknown || !x.Related || c.Kind != Int || !c.Exact {
		return false
	}
	return c.N == catalog.HTTPNotFound || c.N == grpcNotFound && isGRPCCode(t)
}

func isInt(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
