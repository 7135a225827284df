package engine

import (
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/analysistest"
)

// caps reports the cap FlowOf reads on a loop's wait: "cap 8s" when a
// clamp of constant limit bounds it, "clamped cap ?" when a clamp is seen
// whose limit is not a constant, "no cap" otherwise.
var caps = loopWaits("caps", func(f Flow) string {
	switch {
	case f.Cap > 0:
		return "cap " + time.Duration(f.Cap).String()
	case f.Clamped:
		return "clamped cap ?"
	}
	return "no cap"
})

func TestFlowCap(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "caps"), caps, ".")
}
