package engine

import (
	"fmt"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// wraps reports whether FlowOf reads a loop's wait as clamped only after
// its growth can wrap ("wraps after N", N the round whose wait wrapped
// first), clamped, or not clamped.
var wraps = loopWaits("wraps", func(f Flow) string {
	switch {
	case f.WrapsBeforeClamp:
		return fmt.Sprintf("wraps after %d", f.WrapsAfter)
	case f.Clamped:
		return "clamped"
	}
	return "no cap"
})

func TestFlowWraps(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "wraps"), wraps, ".")
}
