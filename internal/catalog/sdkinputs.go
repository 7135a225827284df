package catalog

import "strings"

// The token fields of any SDK's request struct, for keyregen: names that
// SDKs generated from an API model give to the deduplication token of an
// operation's input, beyond the SDKs the Tokens table names. A name here
// is a key only on an SDK's request struct (see keyregen's sdkinput.go
// for what makes one); on a user's own type the name says nothing
// (NameClass), since ClientToken is an auth token in Vault's SecretAuth
// and RequestId a log field in most code.
//
// Seen in the models:
//   - ClientToken: aws-sdk-go-v2 (ec2 RunInstancesInput, scheduler),
//     Alibaba Cloud's darabonba SDKs (vpc-20160428 CreateVpcRequest),
//     Volcengine and Tencent Cloud inputs;
//   - ClientRequestToken, IdempotencyToken: aws-sdk-go-v2 (dynamodb
//     TransactWriteItemsInput, acm RequestCertificateInput);
//   - RequestId: Temporal's API (go.temporal.io/api workflowservice
//     StartWorkflowExecutionRequest: "A unique identifier for this start
//     request. Typically UUIDv4"), Google's AIP-155 request messages;
//   - a name ending in RetryToken: OCI's OpcRetryToken ("a token that
//     uniquely identifies a request so it can be retried ... without risk
//     of executing that same action again").
//
// Left out on purpose: OCI's OpcRequestId and Azure's ClientRequestID
// (x-ms-client-request-id) are correlation IDs for support calls;
// SpotFleetRequestId and CreateAccountRequestId name resources; trace,
// span and correlation IDs are meant to change per attempt.
var (
	sdkTokenNames      = []string{"clienttoken", "clientrequesttoken", "idempotencytoken", "requestid"}
	sdkTokenSuffix     = "retrytoken"
	sdkRequestSuffixes = []string{"Request", "Input"}
)

// IsSDKTokenName reports whether a field name is one SDKs give to an
// operation's deduplication token, compared squashed (RequestID,
// request_id and RequestId are one name).
func IsSDKTokenName(name string) bool {
	if len(name) > 64 {
		return false
	}
	var buf [64]byte
	n := string(squashInto(buf[:0], name)) // no allocation: compared only
	for _, t := range sdkTokenNames {
		if n == t {
			return true
		}
	}
	return strings.HasSuffix(n, sdkTokenSuffix)
}

// IsSDKRequestTypeName reports whether a type's name is that of an
// operation's input in the SDKs' naming (StartWorkflowExecutionRequest,
// RunInstancesInput). The suffix must follow a word: a type named just
// Request or Input is no operation's.
func IsSDKRequestTypeName(name string) bool {
	for _, s := range sdkRequestSuffixes {
		if len(name) > len(s) && strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
