package retryscan

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry wrapper may leave the decision to its caller, as a classifier
// parameter it asks of each failure:
//
//	func Retry(ctx context.Context, attempts int, isRetryable func(error) bool, op func() error) error {
//		for i := 0; i < attempts; i++ {
//			if err = op(); err == nil {
//				return nil
//			}
//			if !isRetryable(err) {
//				return err
//			}
//			...wait
//		}
//	}
//
//	Retry(ctx, 5, func(error) bool { return true }, func() error { return fetch(ctx, url) })
//
// The wrapper then is retry.OnError written by hand: a call of it hands
// the classifier and the operation together, and a literal operation is
// read as an operation whose error goes round when the classifier says
// yes (WrapperFact.Classifier, Site.ClassifierArg). The parameter counts
// when the wrapper's loop, its attempt failing, goes round if the
// parameter says yes and does not if it says no, read by the engine
// with the parameter's answer given (engine.Scenario.Asked).

// classifierParam returns 1 + the index of the parameter of sig (the
// signature of the wrapper holding the site, which runs parameter op)
// that decides whether a failed attempt goes round, 0 if none: a
// func(error) bool the loop goes round on when it says yes and leaves
// on when it says no.
func (s *scanner) classifierParam(site *Site, sig *types.Signature, op int) int32 {
	opSig := paramFunc(sig, op)
	r, calls := site.Region(), site.Attempt()
	if site.kind != KindLoop || r == nil || len(calls) == 0 || opSig == nil || opSig.Results().Len() != 1 || !isError(opSig.Results().At(0).Type()) {
		return 0
	}
	recv := 0
	if sig.Recv() != nil {
		recv = 1 // the SSA function's first parameter is the receiver
	}
	params := r.Func().Params
	for k := range sig.Params().Len() {
		f, ok := sig.Params().At(k).Type().Underlying().(*types.Signature)
		if k == op || !ok || f.Params().Len() != 1 || !isError(f.Params().At(0).Type()) ||
			f.Results().Len() != 1 || !isBoolType(f.Results().At(0).Type()) || k+recv >= len(params) {
			continue
		}
		walk := func(says catalog.Tri) (round, known bool) {
			w := r.Walk(&engine.Scenario{Attempt: calls, Outcome: engine.Failed(engine.ErrPlain), Asked: params[k+recv], Says: says}, calls[0])
			if w.Void || w.Opaque() {
				return false, false
			}
			return w.Ends.Has(engine.EndRound), true
		}
		yes, yesKnown := walk(catalog.TriYes)
		no, noKnown := walk(catalog.TriNo)
		if yesKnown && noKnown && yes && !no {
			return int32(k + 1)
		}
	}
	return 0
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
