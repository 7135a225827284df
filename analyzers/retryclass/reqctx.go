package retryclass

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A RoundTripper, and any function handed a request, has no context of
// its own: the caller's context travels in the request, and the retry's
// attempts are given it through the request they send.
//
//	func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
//		for i := 0; i < 3; i++ {
//			resp, err := t.next.RoundTrip(req) // fails at once once req.Context() is done
//			if err == nil && resp.StatusCode < 500 {
//				return resp, nil
//			}
//			time.Sleep(time.Second) // ignores req.Context()
//		}
//		...
//	}
//
// When a RoundTrip method or an HTTP handler (whose request's context
// ends when the client goes away) holds no context from outside the
// loop, its request stands for its context, as far as the attempt is
// given it. So does the request of any other function handed one when a
// caller of the package makes it with a context that may be done
// (engine.CallerRequestContexts: http.NewRequestWithContext(ctx, ...) in
// the caller, mautrix/go#268); one made with http.NewRequest, which
// nothing cancels, or that the caller was handed itself, is not read so.

// requestContexts returns the *http.Request parameter of a RoundTrip
// method or handler holding the site, or of a function whose caller
// shows the request's context, when the attempt is given it.
func (c *checker) requestContexts(a *attempt) []ssa.Value {
	fn := a.region.Func()
	attempt := a.site.Attempt()
	if len(attempt) == 0 {
		return nil
	}
	entry := roundTripOrHandler(fn.Signature)
	var out []ssa.Value
	for _, p := range fn.Params {
		if isRequest(p) && c.givenContext(attempt[0], engine.Derived([]ssa.Value{p})) &&
			(entry || len(c.eng.CallerRequestContexts(p)) > 0) {
			out = append(out, p)
		}
	}
	return out
}

// isRequest reports a value of type *http.Request.
func isRequest(v ssa.Value) bool {
	return analysisutil.Named(v.Type(), "net/http", "Request")
}

// roundTripOrHandler reports the signature of http.RoundTripper's
// method, RoundTrip(*http.Request) (*http.Response, error) with a
// receiver, or of an http.HandlerFunc.
func roundTripOrHandler(sig *types.Signature) bool {
	if analysisutil.IsHandler(sig) {
		return true
	}
	p, r := sig.Params(), sig.Results()
	return sig.Recv() != nil && p.Len() == 1 && r.Len() == 2 && analysisutil.Named(p.At(0).Type(), "net/http", "Request") &&
		analysisutil.Named(r.At(0).Type(), "net/http", "Response") && analysisutil.IsErrorType(r.At(1).Type())
}
