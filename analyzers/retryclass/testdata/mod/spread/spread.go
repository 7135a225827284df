// Package spread passes go-grpc-middleware's retried codes as lists
// spread into the option: read when nothing writes the list again.
package spread

import (
	grpcretry "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
)

// retryable is read: a package variable nothing writes.
var retryable = []codes.Code{codes.Unavailable, codes.InvalidArgument}

// transient names only codes that may change.
var transient = []codes.Code{codes.Unavailable, codes.ResourceExhausted}

// mutable is appended to at run time: its entries are not known.
var mutable = []codes.Code{codes.Unavailable}

// Retryable is exported: importers may change it.
var Retryable = []codes.Code{codes.Unavailable, codes.NotFound}

// callOpts holds the option itself: the call inside is read where it is
// written.
var callOpts = []grpcretry.CallOption{
	grpcretry.WithMax(3),
	grpcretry.WithCodes(codes.Unavailable, codes.AlreadyExists), // want `grpcretry.WithCodes retries codes.AlreadyExists, which does not change on retry`
}

// retryableCodes returns a list as a package variable holds one: read.
func retryableCodes() []codes.Code {
	return []codes.Code{codes.Unavailable, codes.FailedPrecondition}
}

// withUnavailable returns what it is given among its codes: not known.
func withUnavailable(c codes.Code) []codes.Code {
	return []codes.Code{codes.Unavailable, c}
}

func init() {
	mutable = append(mutable, codes.Aborted)
}

func interceptors(extra []codes.Code) []grpc.UnaryClientInterceptor {
	local := []codes.Code{codes.Unavailable, codes.PermissionDenied}
	fine := []codes.Code{codes.Unavailable}
	return []grpc.UnaryClientInterceptor{
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(retryable...)), // want `grpcretry.WithCodes\(retryable...\) retries codes.InvalidArgument, which does not change on retry: every such call is repeated until the attempts run out; keep only codes.Unavailable and codes.ResourceExhausted`
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(local...)),     // want `grpcretry.WithCodes\(local...\) retries codes.PermissionDenied`
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(transient...)),
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(fine...)),
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(mutable...)),
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(Retryable...)),
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(extra...)),
		grpcretry.UnaryClientInterceptor(callOpts...),
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(retryableCodes()...)), // want `grpcretry.WithCodes\(retryableCodes\(\)...\) retries codes.FailedPrecondition`
		grpcretry.UnaryClientInterceptor(grpcretry.WithCodes(withUnavailable(codes.NotFound)...)),
	}
}
