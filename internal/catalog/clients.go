package catalog

import (
	"go/types"
	"strings"
)

// Clients that retry inside but are recognized by shape rather than by a
// row each: there are thousands of aws-sdk-go-v2 operations, and a resty
// request retries only when its client was given a retry count.

// awsOp is the row every aws-sdk-go-v2 service operation matches:
//
//	func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error)
//
// The standard retryer makes 3 attempts (DynamoDB and DynamoDB Streams 4),
// full jitter, capped at 20s (aws-sdk-go-v2 v1.48.0 aws/retry).
var (
	awsOp       = client(awsService+"*", "Client", "*", 3, "").ctx(0).delay(DelayExponential, TriYes, TriYes)
	awsDynamoOp = client(awsService+"dynamodb", "Client", "*", 4, "").ctx(0).delay(DelayExponential, TriYes, TriYes)
)

// LookupAWSOperation returns the retry row for an aws-sdk-go-v2 service
// client operation, with Display set to "sqs.SendMessage", or nil.
func LookupAWSOperation(fn *types.Func) *Retry {
	pkg := SymbolOf(fn)
	if !strings.HasPrefix(pkg.Pkg, awsService) || pkg.Recv != "Client" || !fn.Exported() {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	p := sig.Params()
	if p.Len() != 3 || !sig.Variadic() || !isContext(p.At(0).Type()) {
		return nil
	}
	svc := strings.TrimPrefix(pkg.Pkg, awsService)
	if strings.Contains(svc, "/") { // service/s3/types, service/internal/...
		return nil
	}
	row := awsOp
	if svc == "dynamodb" || svc == "dynamodbstreams" {
		row = awsDynamoOp
	}
	row.Symbol = pkg
	row.Display = svc + "." + fn.Name()
	return &row
}

// AWS options that turn the SDK's own retries off, matched where the
// client or the call is configured (see the recognizer's bound.go).
var (
	AWSNopRetryer           = Symbol{"github.com/aws/aws-sdk-go-v2/aws", "", "NopRetryer"}
	AWSWithRetryMaxAttempts = Symbol{"github.com/aws/aws-sdk-go-v2/config", "", "WithRetryMaxAttempts"}
	AWSAddWithMaxAttempts   = Symbol{"github.com/aws/aws-sdk-go-v2/aws/retry", "", "AddWithMaxAttempts"}
)

// restyRequestMethods are the resty methods that send a request; they
// retry only when the client's RetryCount is above zero.
var restyRequestMethods = map[string]bool{
	"Get": true, "Head": true, "Post": true, "Put": true, "Patch": true, "Delete": true,
	"Options": true, "Execute": true, "Send": true,
}

// LookupRestyRequest returns the row for a resty request-sending method;
// the caller decides whether the client retries (SetRetryCount > 0).
func LookupRestyRequest(fn *types.Func) *Retry {
	s := SymbolOf(fn)
	if (s.Pkg != restyV2 && s.Pkg != restyV3) || s.Recv != "Request" || !restyRequestMethods[s.Name] {
		return nil
	}
	row := client(s.Pkg, "Request", s.Name, AttemptsUnknown, "resty.Request."+s.Name).delay(DelayExponential, TriYes, TriYes)
	return &row
}

// RestySetRetryCount is the client option that turns resty retries on.
func RestySetRetryCount(fn *types.Func) bool {
	s := SymbolOf(fn)
	return (s.Pkg == restyV2 || s.Pkg == restyV3) && s.Recv == "Client" && s.Name == "SetRetryCount"
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}
