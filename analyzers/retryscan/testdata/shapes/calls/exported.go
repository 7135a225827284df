package calls

import "context"

// Fetch retries through package-level function values.
func Fetch(ctx context.Context) error { return pkgFuncVarInit(ctx) } // want `retrier\(3 via pkgFuncVarInit -> retry loop\)` `site retrier "pkgFuncVarInit" 3 attempts`

// Do is a generic retry wrapper other packages call.
func Do[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) { // want `retrier\(3 via retryT\)` `wrapper\(param=1, 3 attempts via retryT\)`
	return retryT(ctx, 3, f) // want `site wrapper "retryT" 3 attempts`
}
