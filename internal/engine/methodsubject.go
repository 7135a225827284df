package engine

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The method a guard is about is either a helper's string parameter,
// which its caller names, or the method of a request a function is
// handed and resends, as a transport or a proxy does:
//
//	func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
//		if req.Method != http.MethodGet && req.Header.Get("Idempotency-Key") == "" {
//			return t.next.RoundTrip(req) // once
//		}
//		for i := 0; i < 3; i++ { ... t.next.RoundTrip(req) ... }
//
// For a handed request the subject is the method of a request that
// carries no idempotency key and has a body: a test that finds the key
// header set, or finds no body, lets no such request through its edge,
// so the retry after it resends none.

// Subject is the value a MethodGuard is about.
type Subject struct {
	prm *ssa.Parameter
	req bool              // prm is an *http.Request: the subject is its Method
	key func(string) bool // the idempotency-key headers, for req
	// p reads the copies of the request (copyOf), when a question of the
	// Program asks about the subject (GuardAt, RetriedFor); copies
	// remembers its answers.
	p      *Program
	copies map[ssa.Value]bool
}

// in returns s as the questions of p read it.
func (s *Subject) in(p *Program) *Subject {
	if s == nil || !s.req || s.p == p {
		return s
	}
	out := *s
	out.p, out.copies = p, map[ssa.Value]bool{}
	return &out
}

// MethodParam returns the subject of a string parameter that is a
// method, or nil.
func MethodParam(prm *ssa.Parameter) *Subject {
	if prm == nil {
		return nil
	}
	return &Subject{prm: prm}
}

// RequestMethod returns the subject of the Method of a request
// parameter, whose idempotency-key headers key names; nil when req is
// no *http.Request. Predicates handed the request are read with the
// same key, once per Program.
func RequestMethod(req *ssa.Parameter, key func(string) bool) *Subject {
	if req == nil || !isRequest(req.Type()) {
		return nil
	}
	return &Subject{prm: req, req: true, key: key}
}

// isRequest reports an *http.Request.
func isRequest(t types.Type) bool {
	_, ptr := t.Underlying().(*types.Pointer)
	return ptr && analysisutil.Named(t, "net/http", "Request")
}

// is reports whether v is the subject's method: the parameter, or a
// load of the request's Method.
func (s *Subject) is(v ssa.Value) bool {
	if !s.req {
		return Strip(v) == s.prm
	}
	return s.field(v, "Method")
}

// field reports a load of the named field of the subject's request.
func (s *Subject) field(v ssa.Value, name string) bool {
	u, ok := Strip(v).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	f := fieldOf(fa)
	return f != nil && f.Name() == name && s.request(fa.X)
}

// request reports whether v is the subject's request itself, as the
// function holds it (a variable captured by a closure too).
func (s *Subject) request(v ssa.Value) bool {
	if !s.req {
		return false
	}
	from := Copies(Strip(v))
	return len(from) == 1 && (from[0] == s.prm || s.copyOf(from[0]))
}

// copyOf reports whether v is a copy of the subject's request made by
// the function (a nil one aside): its Lineage through req.Clone(ctx),
// req.WithContext(ctx) and the package's helpers that return one is the
// request alone. A test of the copy's method tests the request's:
//
//	attemptReq, err := cloneRequest(req) // req.Clone(ctx) with a fresh body
//	...
//	if !isIdempotent(attemptReq.Method) { return err }
func (s *Subject) copyOf(v ssa.Value) bool {
	if s.p == nil {
		return false
	}
	if c, ok := v.(*ssa.Extract); ok {
		v = c.Tuple
	}
	if _, ok := v.(*ssa.Call); !ok {
		return false
	}
	if done, ok := s.copies[v]; ok {
		return done
	}
	s.copies[v] = false // a cycle through the request's lineage ends here
	found := true
	through := func(c *ssa.Call) []ssa.Value {
		if catalog.RequestCopy(Callee(c)) && !c.Call.IsInvoke() && len(c.Call.Args) > 0 {
			return c.Call.Args[:1]
		}
		return nil
	}
	seen := false
	for _, x := range s.p.Lineage(v, through) {
		c, _ := x.(*ssa.Call)
		if e, ok := x.(*ssa.Extract); ok {
			c, _ = e.Tuple.(*ssa.Call)
		}
		switch {
		case x == s.prm:
			seen = true
		case isNilConst(x), c != nil && through(c) != nil:
		default:
			found = false
		}
	}
	s.copies[v] = found && seen
	return found && seen
}

// handedTo returns the subject a call's argument a gives the callee's
// parameter prm: the method itself, or the whole request; nil when a
// is neither.
func (s *Subject) handedTo(a ssa.Value, prm *ssa.Parameter) *Subject {
	switch {
	case s.is(a):
		if b, ok := prm.Type().Underlying().(*types.Basic); ok && b.Kind() == types.String {
			return &Subject{prm: prm}
		}
	case s.request(a):
		return RequestMethod(prm, s.key).in(s.p)
	}
	return nil
}

// none is the guard of an edge no subject value takes.
func none() *MethodGuard { return &MethodGuard{Only: []string{}} }

// requestTest reads a comparison of the subject's request that makes
// its method not matter, and returns what it lets the subject be when
// it holds (t) and when it does not (f):
//
//	req.Header.Get("Idempotency-Key") != "" // holds: the request is keyed
//	req.Body == nil, req.Body == http.NoBody, req.ContentLength == 0 // holds: no body
func (s *Subject) requestTest(x *ssa.BinOp) (t, f *MethodGuard, ok bool) {
	if !s.req {
		return nil, nil, false
	}
	for _, o := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
		safe, isTest := s.safeWhenEqual(o[0], o[1])
		if !isTest {
			continue
		}
		var when bool // the comparison holds when the request is safe
		switch x.Op {
		case token.EQL:
			when = safe
		case token.NEQ:
			when = !safe
		case token.GTR: // req.ContentLength > 0
			if o[0] != x.X || !isZero(o[1]) || !s.field(o[0], "ContentLength") {
				return nil, nil, false
			}
			when = false
		default:
			return nil, nil, false
		}
		if when {
			return none(), nil, true
		}
		return nil, none(), true
	}
	return nil, nil, false
}

// safeWhenEqual reads v compared with k: isTest when it is the key
// header against "", or the body against nil, http.NoBody or 0; safe
// when v == k makes the request keyed or bodiless.
func (s *Subject) safeWhenEqual(v, k ssa.Value) (safe, isTest bool) {
	switch {
	case s.keyHeader(v) && isEmptyString(k):
		return false, true // Get(key) == "": no key
	case s.field(v, "Body") && (isNilConst(k) || isNoBody(k)),
		s.field(v, "ContentLength") && isZero(k):
		return true, true
	}
	return false, false
}

// keyHeader reports req.Header.Get(k) for an idempotency-key header k.
func (s *Subject) keyHeader(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || s.key == nil || len(call.Call.Args) != 2 {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	fn, _ := callee.Object().(*types.Func)
	if !analysisutil.IsFunc(fn, "net/http", "Header", "Get") || !s.field(call.Call.Args[0], "Header") {
		return false
	}
	k, ok := call.Call.Args[1].(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && s.key(constant.StringVal(k.Value))
}

func isEmptyString(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.String && constant.StringVal(k.Value) == ""
}

func isNilConst(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value == nil
}

// isNoBody reports http.NoBody, as an io.ReadCloser.
func isNoBody(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	g, ok := u.X.(*ssa.Global)
	return ok && g.Pkg != nil && g.Pkg.Pkg.Path() == "net/http" && g.Name() == "NoBody"
}

// MethodOfRequest returns the request parameter whose Method v reads
// (r.Method, in the function that declares r or in a closure of it),
// or nil.
func MethodOfRequest(v ssa.Value) *ssa.Parameter {
	u, ok := Strip(v).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	if f := fieldOf(fa); f == nil || f.Name() != "Method" {
		return nil
	}
	from := Copies(Strip(fa.X))
	if len(from) != 1 {
		return nil
	}
	prm, _ := from[0].(*ssa.Parameter)
	if prm == nil || !isRequest(prm.Type()) {
		return nil
	}
	return prm
}
