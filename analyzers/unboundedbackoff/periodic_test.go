package unboundedbackoff_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/unboundedbackoff"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestPeriodic checks the failure path of a periodic loop (the
// recognizer's periodic.go): its own fixed wait has no jitter; a loop
// waiting one period whatever happens is quiet, and neither is reported
// for a missing bound.
func TestPeriodic(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/mod", "./periodic").Run(t, unboundedbackoff.Analyzer, "./periodic")
}
