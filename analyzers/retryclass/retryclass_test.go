package retryclass_test

import (
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryclass"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestAnalyzer runs the default analyzer on fixtures that use the real
// libraries pinned in testdata/mod/go.mod: net/http, grpc (the channelz
// and interop test stubs), cenkalti/backoff v4 and v5, avast/retry-go v4, go-retryablehttp,
// aws-sdk-go-v2, go-grpc-middleware v2 and v1, apimachinery (wait, api/errors) and client-go
// (util/retry).
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	mod.Run(t, retryclass.Analyzer, "./cancel", "./status", "./code", "./wait", "./typed", "./poll", "./reconnect", "./spread", "./grpchelper", "./transport", "./wrapper", "./wrapper/lib", "./classified", "./classified/lib", "./statusfield", "./pushback", "./checked", "./checked/httpcheck", "./intercept", "./onerror", "./onerror/lib", "./readiness", "./restycond", "./typedpushback", "./typedpushback/kept", "./conststatus", "./conststatus/sdk", "./grpcv1")
}

// mod is testdata/mod, loaded once for the tests here.
var mod = testenv.NewModule("testdata/mod", "./cancel", "./status", "./code", "./wait", "./typed", "./poll", "./reconnect", "./spread", "./grpchelper", "./transport", "./wrapper", "./wrapper/lib", "./classified", "./classified/lib", "./statusfield", "./flags", "./pushback", "./checked", "./checked/httpcheck", "./intercept", "./onerror", "./onerror/lib", "./readiness", "./restycond", "./typedpushback", "./typedpushback/kept", "./conststatus", "./conststatus/sdk", "./grpcv1")

// TestFlags runs an analyzer configured through its flags on a package
// of its own: other permanent codes, another transient status, tests.
func TestFlags(t *testing.T) {
	t.Parallel()
	a := retryclass.NewAnalyzer(retryclass.DefaultConfig())
	for flag, v := range map[string]string{
		"permanent-codes":    "Unimplemented",
		"transient-statuses": "408,425,429,409",
		"tests":              "true",
	} {
		if err := a.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
	}
	mod.Run(t, a, "./flags")
}

// TestBadFlags checks that bad values are refused with a message naming
// them, and that NewAnalyzer binds a fresh config.
func TestBadFlags(t *testing.T) {
	a := retryclass.NewAnalyzer(retryclass.DefaultConfig())
	for flag, v := range map[string]string{
		"permanent-codes":    "NotFound,Nope",
		"transient-statuses": "408,500",
	} {
		err := a.Flags.Set(flag, v)
		if err == nil || !strings.Contains(err.Error(), strings.Split(v, ",")[1]) {
			t.Errorf("-%s=%s: error %v, want one naming the bad value", flag, v, err)
		}
	}
	if err := a.Flags.Set("permanent-codes", "not_found,INVALID_ARGUMENT"); err != nil {
		t.Fatal(err)
	}
	if got := a.Flags.Lookup("permanent-codes").Value.String(); got != "NotFound,InvalidArgument" {
		t.Errorf("-permanent-codes = %s after setting service config names", got)
	}
	if got := retryclass.Analyzer.Flags.Lookup("permanent-codes").Value.String(); !strings.Contains(got, "Unauthenticated") {
		t.Errorf("default analyzer's -permanent-codes = %s after setting another's", got)
	}
}
