package catalog

import "testing"

// TestSDKTokenNames: the names of SDK tokens, in the spellings SDKs use,
// against the request-ID look-alikes that name a resource or a
// correlation ID.
func TestSDKTokenNames(t *testing.T) {
	for name, want := range map[string]bool{
		"ClientToken": true, "RequestId": true, "RequestID": true, "request_id": true,
		"ClientRequestToken": true, "IdempotencyToken": true, "OpcRetryToken": true,
		"OpcRequestId": false, "ClientRequestID": false, "SpotFleetRequestId": false,
		"CreateAccountRequestId": false, "TraceId": false, "CorrelationId": false, "Identity": false,
	} {
		if got := IsSDKTokenName(name); got != want {
			t.Errorf("IsSDKTokenName(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"StartWorkflowExecutionRequest": true, "RunInstancesInput": true,
		"Request": false, "Input": false, "SecretAuth": false, "RunInstancesOutput": false, "CreateVpcResponse": false,
	} {
		if got := IsSDKRequestTypeName(name); got != want {
			t.Errorf("IsSDKRequestTypeName(%q) = %v, want %v", name, got, want)
		}
	}
}
