package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// Before aws-sdk-go-v2 had ratelimit.None, code that wanted the standard
// retryer's token bucket off wrote a limiter of its own that grants every
// token; it is the same switch:
//
//	type nopLimiter struct{}
//
//	func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
//		return func() error { return nil }, nil
//	}
//	func (nopLimiter) AddTokens(uint) error { return nil }
//
//	retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = nopLimiter{} })
//
// A limiter is read by its GetToken: the engine says whether its error is
// nil on every way out (engine.NeverFails). One that can refuse (a bucket
// of its own), or hands on another limiter's answer (a wrapper around
// ratelimit.NewTokenRateLimit), keeps a budget, or one not read. A type of
// another package is known by its NopLimiterFact.

// NopLimiterFact is exported for a GetToken method of the shape of
// aws-sdk-go-v2's retry.RateLimiter whose error is nil on every way out:
// its type never refuses a retry token.
type NopLimiterFact struct{}

func (*NopLimiterFact) AFact() {}

func (*NopLimiterFact) String() string { return "noplimiter" }

// exportNopLimiters exports a NopLimiterFact for each GetToken of the
// package of the limiter shape that never fails; only those build SSA.
func (s *scanner) exportNopLimiters() {
	for _, fi := range s.funcs {
		if fi.decl.Body == nil || fi.decl.Recv == nil || !limiterShape(fi.obj) {
			continue
		}
		s.at.Func(fi.decl)
		if s.eng.NeverFails(s.eng.Func(fi.decl)) {
			s.pass.ExportObjectFact(fi.obj, new(NopLimiterFact))
		}
	}
}

// nopLimiter returns the type of e, a value given to a RateLimiter, when
// its GetToken never refuses a token; nil when it can or is not known
// (a value of an interface type, a limiter of another package with no
// fact).
func (s *scanner) nopLimiter(e ast.Expr) *types.TypeName {
	t := s.info.TypeOf(e)
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(named) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(s.info.TypeOf(e), true, nil, "GetToken")
	fn, ok := obj.(*types.Func)
	if !ok || !limiterShape(fn) {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == s.pass.Pkg {
		fi := s.ownFunc(fn)
		if fi == nil || !s.eng.NeverFails(s.eng.Func(fi.decl)) {
			return nil
		}
	} else if fn.Pkg() == nil || !s.pass.ImportObjectFact(fn, new(NopLimiterFact)) {
		return nil
	}
	return named.Obj()
}

// limiterShape reports a GetToken method of aws-sdk-go-v2's
// retry.RateLimiter's shape:
//
//	GetToken(ctx context.Context, cost uint) (releaseToken func() error, err error)
func limiterShape(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if fn.Name() != "GetToken" || sig.Recv() == nil || sig.Params().Len() != 2 || sig.Results().Len() != 2 {
		return false
	}
	release, ok := sig.Results().At(0).Type().Underlying().(*types.Signature)
	return engine.IsContext(sig.Params().At(0).Type()) &&
		types.Identical(sig.Params().At(1).Type(), types.Typ[types.Uint]) &&
		ok && release.Params().Len() == 0 && release.Results().Len() == 1 && analysisutil.IsErrorType(release.Results().At(0).Type()) &&
		analysisutil.IsErrorType(sig.Results().At(1).Type())
}
