package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// A retry helper often takes its attempts from its caller:
//
//	func withRetries(maxRetries int, f func() error) error {
//		for i := 0; i < maxRetries; i++ { ... f() ... }
//	}
//	withRetries(defaultRetries, func() error { ... })
//
// The loop's bound is a parameter, unknown inside the helper; each call
// knows it. The wrapper fact records which parameter counts the
// attempts, and the wrapper site at a call reads the argument there.

// countParam returns 1 + the index of the parameter the bound counts the
// attempts against, with the count's offset, or 0, 0. The engine reads
// the parameter's value itself (through conversions: retry.Attempts(
// uint(n))), not one the function computed from it.
func countParam(b Bound) (int32, int32) {
	if b.CountParam == 0 {
		return 0, 0
	}
	return int32(b.CountParam), int32(b.CountAdd)
}

// wrapperBound is the bound of a call of wrapper w in fn: its own
// attempts, or those its count argument gives. An argument that is a
// parameter of fn is passed on as the count, so a wrapper of a wrapper
// counts the same way.
func (s *scanner) wrapperBound(fn ast.Node, w *WrapperFact, call *ast.CallExpr) Bound {
	b := Bound{Attempts: int(w.Attempts)}
	i := int(w.CountParam) - 1
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return b
	}
	arg := call.Args[i]
	if n, ok := s.intConst(arg); ok {
		if n += int64(w.CountAdd); n >= 1 {
			b.Attempts, b.Evidence = int(n), arg
		}
		return b
	}
	b.CountParam, b.CountAdd = s.argParam(fn, call, i), int(w.CountAdd)
	return b
}

// Inside a helper of the package the parameter is unknown, but its calls
// are in sight: a helper whose every call passes a constant retries at
// most the largest of them, and the retry is a short one, not one of
// unknown length:
//
//	func fetch(ctx context.Context, url string, retries int) error {
//		...
//		if retries > 0 {
//			time.Sleep(2 * time.Second)
//			return fetch(ctx, url, retries-1) // passes the count on
//		}
//	}
//	fetch(ctx, url, 3)
//
// The bound keeps its CountParam, so each call of the helper as a
// wrapper still reads its own argument.

// callersCount returns the largest value the package's calls of p's
// function pass in p's place, when every call is in sight
// (readLocalCalls) and passes a constant integer or, in the function's
// own body, p itself stepped by a constant (a recursive retry counting
// down).
func (s *scanner) callersCount(p *ssa.Parameter) (int, bool) {
	fn := p.Parent()
	obj, _ := fn.Object().(*types.Func)
	i := engine.ParamIndex(p)
	if obj == nil || fn.Parent() != nil || i < 0 {
		return 0, false
	}
	decl := s.byObj[obj]
	most, seen := int64(0), false
	for _, at := range s.localCalls.get()[obj] {
		if i >= len(at.call.Args) || at.call.Ellipsis.IsValid() {
			return 0, false
		}
		arg := at.call.Args[i]
		if n, ok := s.argConst(at.fn, at.call, i); ok {
			most, seen = max(most, n), true
			continue
		}
		if decl == nil || at.fn != ast.Node(decl.decl) || !s.passesOn(arg, p.Object()) {
			return 0, false
		}
	}
	return int(most), seen
}

// argConst returns argument i of a call in fn when it is an integer
// constant, or a value the engine folds to one: an unexported field the
// package writes with one constant, a constructor's literal,
//
//	func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
//		return t.doRoundTrip(req, t.retries) // &transport{retries: defaultRetries}
//	}
func (s *scanner) argConst(fn ast.Node, call *ast.CallExpr, i int) (int64, bool) {
	arg := call.Args[i]
	if n, ok := s.intConst(arg); ok {
		return n, true
	}
	if _, ok := ast.Unparen(arg).(*ast.SelectorExpr); !ok {
		return 0, false // a field read, asked of the engine; a parameter passed on is no constant
	}
	c := s.eng.Call(s.eng.Func(fn), call)
	if c == nil {
		return 0, false
	}
	args := c.Common().Args
	if c.Common().Signature().Recv() != nil && !c.Common().IsInvoke() {
		args = args[1:] // a method call's receiver comes first
	}
	if i >= len(args) {
		return 0, false
	}
	k := s.eng.ConstOf(args[i])
	if k == nil || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(k.Value)
}

// passesOn reports whether e is the parameter prm, as it is or stepped
// by a constant: retries, retries-1.
func (s *scanner) passesOn(e ast.Expr, prm types.Object) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.SUB) {
		if _, ok := s.intConst(b.Y); !ok {
			return false
		}
		e = ast.Unparen(b.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && prm != nil && s.info.ObjectOf(id) == prm
}
