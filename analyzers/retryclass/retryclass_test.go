package retryclass_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryclass"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestAnalyzer runs the default analyzer on fixtures that use the real
// libraries pinned in testdata/mod/go.mod: net/http, grpc (the health
// stub), cenkalti/backoff v4 and v5, avast/retry-go v4, go-retryablehttp,
// aws-sdk-go-v2 and go-grpc-middleware v2.
func TestAnalyzer(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, retryclass.Analyzer, "./cancel", "./status")
}
