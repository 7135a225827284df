package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A wrapper that hands its function, unchanged, to a library retry as
// the operation adds nothing to how the library decides:
//
//	func WaitUntil(ctx context.Context, s Settings, op backoff.Operation) error {
//		eb := backoff.NewExponentialBackOff()
//		...
//		return backoff.Retry(op, backoff.WithContext(eb, ctx))
//	}
//
//	sdkbackoff.WaitUntil(ctx, settings, func() error {
//		_, err := client.Send(ctx, req) // every code goes round, InvalidArgument too
//		return err
//	})
//
// The literal at the call is the library's operation, read as the
// library's own would be (its backoff.Permanent stops it). It holds only
// when the library is given no classifier (retry.RetryIf) and no options
// from a slice, which may hold one: WrapperFact.Lib names the library's
// catalog package then, and a call of the wrapper with a literal gets the
// library's operation region.

// handsOpTo returns the catalog package of the library retry the site,
// a retry in the function of signature sig, hands that function's
// parameter p to unchanged, or "".
func (s *scanner) handsOpTo(site *Site, sig *types.Signature, p int) string {
	id, ok := ast.Unparen(site.opExpr).(*ast.Ident)
	if !ok || s.info.ObjectOf(id) != sig.Params().At(p) {
		return ""
	}
	switch site.kind {
	case KindWrapper:
		if w := s.wrapperOf(site.callee); w != nil {
			return w.Lib
		}
	case KindLibrary:
		call, ok := site.node.(*ast.CallExpr)
		if !ok || site.entry == nil || call.Ellipsis.IsValid() || !catalog.ErrorOperation(site.entry.Pkg) {
			return ""
		}
		if anyNode(call, true, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			h := catalog.LookupClassHook(s.calleeOf(c))
			return h != nil && h.Hook == catalog.HookClassifier
		}) {
			return ""
		}
		return site.entry.Pkg
	}
	return ""
}
