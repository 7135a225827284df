package keyregen_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/keyregen"
	"github.com/retrylint/retrylint/internal/testenv"
)

// The fixtures are one module pinning the real libraries (see
// testdata/mod/go.mod); each run loads only the packages it names.

func dir(t *testing.T) string {
	d := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, d)
	return d
}

// TestKeyregen covers every generator family and sink kind (keys/gens.go),
// helpers and wrappers in the package and across packages (keys/calls.go,
// helper), and the look-alikes that must stay silent (keys/neg.go).
func TestKeyregen(t *testing.T) {
	analysistest.Run(t, dir(t), keyregen.Analyzer, "./keys", "./helper")
}

// TestFlags checks -requestid and -headers on their own analyzer value,
// which leaves keyregen.Analyzer's defaults alone.
func TestFlags(t *testing.T) {
	a := keyregen.NewAnalyzer(keyregen.Config{RequestID: true, Headers: "X-Dedup-Token"})
	analysistest.Run(t, dir(t), a, "./reqid")
}

// TestFix checks the fix that moves the key before the retry, and that
// no fix is offered where moving would change the program.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, dir(t), keyregen.Analyzer, "./fix")
}

// TestSDKTokens checks the SDK token table against aws-sdk-go-v2's
// scheduler (ClientToken) and Google Cloud's redis cluster messages
// (RequestId), with the user types that look like them.
func TestSDKTokens(t *testing.T) {
	analysistest.Run(t, dir(t), keyregen.Analyzer, "./sdk")
}

// TestGoogleAPIs checks the RequestId setter of google.golang.org/api
// calls against redis/v1.
func TestGoogleAPIs(t *testing.T) {
	analysistest.Run(t, dir(t), keyregen.Analyzer, "./gapi")
}
