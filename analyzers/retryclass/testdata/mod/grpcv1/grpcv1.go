// Package grpcv1 configures go-grpc-middleware v1's retry interceptor
// (package grpc_retry): WithCodes replaces the retried codes as v2's
// does, so a permanent code in it goes round. It imports neither grpc
// nor v2: the v1 import alone makes the package worth the walk.
package grpcv1

import (
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc/codes"
)

// retryable is read: a package variable nothing writes.
var retryable = []codes.Code{codes.Unavailable, codes.InvalidArgument}

// Options retries NotFound, which comes back on every attempt.
func Options() []grpc_retry.CallOption {
	return []grpc_retry.CallOption{
		grpc_retry.WithMax(5),
		grpc_retry.WithCodes(codes.Unavailable, codes.NotFound), // want `grpc_retry.WithCodes retries codes.NotFound, which does not change on retry: every such call is repeated until the attempts run out; keep only codes.Unavailable and codes.ResourceExhausted`
	}
}

// Spread lists InvalidArgument in a list spread into the option.
func Spread() grpc_retry.CallOption {
	return grpc_retry.WithCodes(retryable...) // want `grpc_retry.WithCodes\(retryable...\) retries codes.InvalidArgument, which does not change on retry`
}

// The twins.

// Defaults keeps v1's default codes, ResourceExhausted and Unavailable.
func Defaults() []grpc_retry.CallOption {
	return []grpc_retry.CallOption{grpc_retry.WithMax(5)}
}

// Transient lists only codes that may change.
func Transient() grpc_retry.CallOption {
	return grpc_retry.WithCodes(codes.Unavailable, codes.ResourceExhausted)
}

// Given retries codes its caller chooses: not known here.
func Given(c ...codes.Code) grpc_retry.CallOption {
	return grpc_retry.WithCodes(c...)
}
