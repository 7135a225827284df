package engine

import (
	"go/ast"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A classifier is a function that is handed an attempt's outcome and
// answers a bool: whether to go round again, or whether to stop.
//
//	func IsRetryable(err error) bool {
//		var apiErr *APIError
//		if errors.As(err, &apiErr) {
//			return apiErr.StatusCode >= 500
//		}
//		return true
//	}
//
// Its body is read once per way an outcome can reach it (ClassCases),
// with its parameters bound to that outcome, and the answers make a
// table (Classify) that the recognizer carries to other packages as a
// fact. A caller in another package, where SSA never reaches the body,
// reads the table instead (SetClassifiers): the walk knows which case
// its arguments are and takes the answer. A case the body does not
// decide is unknown, and so is the call.

// CaseKind is how an outcome reaches a classifier.
type CaseKind uint8

const (
	// CaseResponse: a response with status N and no error; an integer
	// parameter is N.
	CaseResponse CaseKind = iota + 1
	// CaseTyped: an error carrying the HTTP status N (a client
	// library's *APIError); a parameter of that type holds it.
	CaseTyped
	// CaseGRPC: a gRPC status error with code N; a codes.Code
	// parameter is N.
	CaseGRPC
	// CaseCanceled, CaseDeadline: the context's errors (the context is
	// done); CasePlain: a transport error of no other kind.
	CaseCanceled
	CaseDeadline
	CasePlain
)

// ClassCase is one way an outcome reaches a classifier.
type ClassCase struct {
	Kind CaseKind
	N    int64
}

// ClassCases returns the cases a classifier table answers, in its
// order: responses of 200 and 400 to 599, errors carrying 400 to 599,
// the gRPC codes 0 to 16, the context's two errors and a plain error.
var ClassCases = sync.OnceValue(func() []ClassCase {
	out := []ClassCase{{CaseResponse, 200}}
	for s := int64(400); s < 600; s++ {
		out = append(out, ClassCase{CaseResponse, s})
	}
	for s := int64(400); s < 600; s++ {
		out = append(out, ClassCase{CaseTyped, s})
	}
	for c := int64(0); c <= 16; c++ {
		out = append(out, ClassCase{CaseGRPC, c})
	}
	return append(out, ClassCase{Kind: CaseCanceled}, ClassCase{Kind: CaseDeadline}, ClassCase{Kind: CasePlain})
})

// caseIndex returns the index of c in ClassCases, or -1.
func caseIndex(c ClassCase) int {
	for i, k := range ClassCases() {
		if k == c {
			return i
		}
	}
	return -1
}

// Classify returns what fn answers in each of ClassCases, or nil when
// fn is not shaped like a classifier (a first result that is a bool,
// a parameter that can carry an outcome) or decides no case.
func (p *Program) Classify(fn *ssa.Function) []catalog.Tri {
	if fn == nil || len(fn.Blocks) == 0 || !p.classifierShape(fn.Signature, len(fn.Params)) {
		return nil
	}
	// A parameter's shape is read once, not once per case: a method set
	// is costly, and a package of assertions has hundreds of functions
	// of this shape.
	shapes := make([]paramShape, len(fn.Params))
	for i, prm := range fn.Params {
		shapes[i] = p.shapeOf(prm.Type())
	}
	return p.table(fn, shapes, 0, 0, Val.Truth)
}

// table reads fn's body once for each of ClassCases (of kind only, when
// it is not 0), its parameters bound by their shapes to the case, and
// returns what answer makes of the values its result idx takes (joined
// over its returns); nil when no case is decided.
func (p *Program) table(fn *ssa.Function, shapes []paramShape, idx int, only CaseKind, answer func(Val) catalog.Tri) []catalog.Tri {
	out := make([]catalog.Tri, len(ClassCases()))
	decided := false
	for i, c := range ClassCases() {
		if only != 0 && c.Kind != only {
			continue
		}
		params := &binding{params: fn.Params, vals: make([]Val, len(fn.Params))}
		bound := false
		for j := range fn.Params {
			v := caseParam(shapes[j], c)
			params.vals[j] = v
			// A nil error says the case is a response; only a
			// parameter with the status says which.
			bound = bound || v.Kind != Unknown && v.Kind != Nil
		}
		if !bound {
			continue
		}
		sc := &Scenario{Cancel: c.Kind == CaseCanceled || c.Kind == CaseDeadline, Deadline: c.Kind == CaseDeadline}
		w := &walker{p: p, r: &Region{p: p, fn: fn}, sc: sc, out: &Walk{}, params: params, depth: 1, retIdx: idx}
		w.path = []*ssa.BasicBlock{fn.Blocks[0]}
		w.block(fn.Blocks[0], 0, false)
		if w.void || len(w.returns) == 0 {
			continue
		}
		if t := answer(join(w.returns)); t != catalog.TriUnknown {
			out[i], decided = t, true
		}
	}
	if !decided {
		return nil
	}
	return out
}

// ClassifierShaped reports, from its type and the package's syntax (a
// field that holds a status, statusfield.go), whether fn could be a
// classifier: Classify answers nothing for any other, so a caller asks
// this before building SSA for it.
func (p *Program) ClassifierShaped(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	n := sig.Params().Len()
	if sig.Recv() != nil {
		n++
	}
	return p.classifierShape(sig, n)
}

// classifierShape reports a signature whose first result is a bool, of
// (bool) or (bool, error), with a parameter (n counts a receiver) that
// can carry an outcome.
func (p *Program) classifierShape(sig *types.Signature, n int) bool {
	res := sig.Results()
	if res.Len() == 0 || res.Len() > 2 || !isBool(res.At(0).Type()) || res.Len() == 2 && !isErrorType(res.At(1).Type()) {
		return false
	}
	var ts []types.Type
	if r := sig.Recv(); r != nil {
		ts = append(ts, r.Type())
	}
	for i := range sig.Params().Len() {
		ts = append(ts, sig.Params().At(i).Type())
	}
	if len(ts) != n {
		return false
	}
	for _, t := range ts {
		if isErrorType(t) || isInt(t) || p.carriesStatus(t) {
			return true
		}
	}
	return false
}

// paramShape is what a parameter's type can carry of an outcome; the
// first that holds wins, in the order below.
type paramShape int

const (
	shapeNone     paramShape = iota
	shapeError               // an error
	shapeStatus              // a response or typed error with a status
	shapeResponse            // ... that is an *http.Response
	shapeCode                // a gRPC codes.Code
	shapeInt                 // an integer, read as a status
)

func (p *Program) shapeOf(t types.Type) paramShape {
	switch {
	case isErrorType(t):
		return shapeError
	case p.carriesStatus(t):
		if isResponse(t) {
			return shapeResponse
		}
		return shapeStatus
	case isGRPCCode(t):
		return shapeCode
	case isInt(t):
		return shapeInt
	}
	return shapeNone
}

// caseParam is what a parameter of shape s holds in case c: the error, a
// response or typed error with the status, the status or code as an
// integer; unknown for what the case does not say.
func caseParam(s paramShape, c ClassCase) Val {
	status := c.Kind == CaseResponse || c.Kind == CaseTyped
	switch s {
	case shapeError:
		switch c.Kind {
		case CaseResponse:
			return Val{Kind: Nil}
		case CaseTyped:
			return Val{Kind: Err, Class: ErrStatus, N: c.N}
		case CaseGRPC:
			return Val{Kind: Err, Class: ErrGRPC, N: c.N}
		case CaseCanceled:
			return Val{Kind: Err, Class: ErrCanceled}
		case CaseDeadline:
			return Val{Kind: Err, Class: ErrDeadline}
		}
		return Val{Kind: Err, Class: ErrPlain}
	case shapeStatus, shapeResponse:
		switch {
		case status && c.N == 200:
			return Val{Kind: NonNil, Status: true, Success: true}
		case status:
			return Val{Kind: NonNil, Status: true, N: c.N}
		case s == shapeResponse:
			return Val{Kind: Nil} // net/http: on error, no response
		}
	case shapeCode:
		if c.Kind == CaseGRPC {
			return Val{Kind: Int, N: c.N, Exact: true, Related: true}
		}
	case shapeInt:
		if status {
			return Val{Kind: Int, N: c.N, Exact: true, Related: true}
		}
	}
	return unknown(false)
}

func isGRPCCode(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "google.golang.org/grpc/codes" && n.Obj().Name() == "Code"
}

// SetClassifiers gives the program the tables of other packages'
// classifiers (from the recognizer's facts). It is called once, before
// any walk.
func (p *Program) SetClassifiers(lookup func(*types.Func) []catalog.Tri) {
	p.classifiers = lookup
}

// imported answers a call of another package's classifier from its
// table: the case the arguments are, and the table's answer for it; of
// a checker's (checker.go), its error result.
func (w *walker) imported(c *ssa.Call, fn *types.Func, args []ssa.Value, idx, upto int) (Val, bool) {
	if w.p.classifiers == nil || fn.Pkg() == w.p.pkg || c.Call.IsInvoke() {
		return Val{}, false
	}
	sig := fn.Type().(*types.Signature)
	check := checkerShape(sig)
	switch last := sig.Results().Len() - 1; {
	case check && idx != last && !(idx < 0 && last == 0):
		return Val{}, false // a checker's other results
	case !check && idx > 0:
		return Val{}, false
	}
	table := w.p.classifiers(fn)
	if len(table) != len(ClassCases()) {
		return Val{}, false
	}
	var vals []Val
	var ts []types.Type
	for _, a := range args {
		vals, ts = append(vals, w.eval(a, upto)), append(ts, a.Type())
	}
	cs, ok := argCase(ts, vals)
	if !ok {
		return Val{}, false
	}
	i := caseIndex(cs)
	if i < 0 || table[i] == catalog.TriUnknown {
		return Val{}, false
	}
	if check {
		return checkedVal(table[i]), true
	}
	return Val{Kind: Bool, B: table[i]}, true
}

// argCase reads the case a call's arguments make: an error says its
// kind; a nil error with a response, a typed error or a status read from
// the outcome says the status. Arguments that disagree make none.
func argCase(ts []types.Type, vals []Val) (ClassCase, bool) {
	var cs ClassCase
	set := func(c ClassCase) bool {
		if cs.Kind != 0 && cs != c {
			return false
		}
		cs = c
		return true
	}
	nilErr := false
	for i, v := range vals {
		switch {
		case isErrorType(ts[i]) && v.Kind == Nil:
			nilErr = true
		case isErrorType(ts[i]) && v.Kind == Err:
			var c ClassCase
			switch v.Class {
			case ErrStatus:
				c = ClassCase{CaseTyped, v.N}
			case ErrGRPC:
				c = ClassCase{CaseGRPC, v.N}
			case ErrCanceled:
				c = ClassCase{Kind: CaseCanceled}
			case ErrDeadline:
				c = ClassCase{Kind: CaseDeadline}
			case ErrPlain:
				c = ClassCase{Kind: CasePlain}
			default:
				return cs, false
			}
			if !set(c) {
				return cs, false
			}
		}
	}
	for i, v := range vals {
		var n int64
		switch {
		case isErrorType(ts[i]):
			continue
		case v.Status && v.Success:
			n = 200 // any 2xx
		case v.Kind == NonNil && v.Status:
			n = v.N
		case v.Kind == Int && v.Exact && v.Related && isGRPCCode(ts[i]):
			if !set(ClassCase{CaseGRPC, v.N}) {
				return cs, false
			}
			continue
		case v.Kind == Int && v.Exact && v.Related:
			n = v.N
		default:
			continue
		}
		switch {
		case cs.Kind == CaseTyped && cs.N == n:
		case nilErr || cs.Kind == 0:
			if !set(ClassCase{CaseResponse, n}) {
				return cs, false
			}
		default:
			return cs, false
		}
	}
	return cs, cs.Kind != 0
}

// answersTyped reports a table that tells an error carrying a status by
// its status: a known answer for one that differs from its answer for
// another status, or for a plain error. A gRPC classifier whose default
// says yes to everything else answers yes to every such error without
// reading it:
//
//	switch status.Code(err) { case codes.InvalidArgument: return false; default: return true }
func answersTyped(table []catalog.Tri) bool {
	plain := catalog.TriUnknown
	if i := caseIndex(ClassCase{Kind: CasePlain}); i < len(table) {
		plain = table[i]
	}
	first := catalog.TriUnknown
	for i, c := range ClassCases() {
		if i >= len(table) || c.Kind != CaseTyped || table[i] == catalog.TriUnknown {
			continue
		}
		if first == catalog.TriUnknown {
			first = table[i]
		}
		if table[i] != first || table[i] != plain {
			return true
		}
	}
	return false
}

// ClassifierTable returns the table of a function used as a classifier
// (a retry-go RetryIf, a retryablehttp CheckRetry): a function literal
// or a function of the package read here, another package's from its
// fact; nil when it has none.
func (p *Program) ClassifierTable(e ast.Expr, info *types.Info) []catalog.Tri {
	fn, row, obj := p.classifierOf(e, info)
	switch {
	case row != nil:
		return PredicateTable(row)
	case fn != nil:
		return p.Classify(fn)
	case obj != nil && p.classifiers != nil:
		return p.classifiers(obj)
	}
	return nil
}

// ClassifierReadsAPIStatusOnly reports a classifier that asks errors
// for their status only through the predicates of api/errors: one of
// them (retry.OnError(b, apierrors.IsConflict, fn)), or a function
// literal or a function of the package that calls only them
// (ReadsAPIStatusOnly).
func (p *Program) ClassifierReadsAPIStatusOnly(e ast.Expr, info *types.Info) bool {
	fn, row, _ := p.classifierOf(e, info)
	return row != nil || fn != nil && p.ReadsAPIStatusOnly(fn)
}

// classifierOf returns what a classifier expression is: a predicate of
// api/errors (row), a function of the package with a body here (fn), or
// another package's function (obj).
func (p *Program) classifierOf(e ast.Expr, info *types.Info) (fn *ssa.Function, row *catalog.StatusPredicate, obj *types.Func) {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return p.Func(e), nil, nil
	case *ast.Ident, *ast.SelectorExpr:
		f, ok := analysisutil.ObjectOf(info, e).(*types.Func)
		if !ok || f.Pkg() == nil {
			return nil, nil, nil
		}
		if row := catalog.LookupStatusPredicate(f); row != nil {
			return nil, row, nil
		}
		if f.Pkg() == p.pkg {
			p.build()
			return p.ssa.Prog.FuncValue(f), nil, nil
		}
		return nil, nil, f
	}
	return nil, nil, nil
}

// PredicateTable returns the table of a catalogued predicate of
// apimachinery's api/errors handed to a retry as its classifier
// (retry.OnError(b, apierrors.IsConflict, fn)) or called by the library
// itself (retry.RetryOnConflict): its answer for each error case, as a call of it in a
// function literal would fold.
func PredicateTable(row *catalog.StatusPredicate) []catalog.Tri {
	out := make([]catalog.Tri, len(ClassCases()))
	for i, c := range ClassCases() {
		if v := caseParam(shapeError, c); v.Kind != Nil {
			out[i] = statusPredicate(row, false, v).Truth()
		}
	}
	return out
}

// CaseAnswer returns the answer of a table in case c.
func CaseAnswer(table []catalog.Tri, c ClassCase) catalog.Tri {
	if i := caseIndex(c); i >= 0 && i < len(table) {
		return table[i]
	}
	return catalog.TriUnknown
}
