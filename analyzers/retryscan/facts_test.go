package retryscan

import (
	"fmt"
	"testing"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// TestPrependCap: chains follow the suite's one cap rule: plain call
// hops leave the middle first, then retry layers; the first hop (the
// call the user wrote) and the last (the innermost retry) always stay.
func TestPrependCap(t *testing.T) {
	var chain []Hop
	for i := range 12 {
		chain = append(chain, Hop{Name: fmt.Sprint("h", i), Retry: i%3 == 0})
	}
	out := prepend(Hop{Name: "top", Retry: true}, chain)
	if len(out) != analysisutil.MaxHops {
		t.Fatalf("%d hops, want %d", len(out), analysisutil.MaxHops)
	}
	if out[0].Name != "top" || out[len(out)-1].Name != "h11" {
		t.Errorf("first %s, last %s: want top and h11", out[0].Name, out[len(out)-1].Name)
	}
	retries := 0
	for _, h := range out {
		if h.Retry {
			retries++
		}
	}
	if retries != 5 { // top, h0, h3, h6, h9: every retry layer survives
		t.Errorf("%d retry layers kept, want 5: %v", retries, out)
	}

	var layers []Hop
	for i := range 10 {
		layers = append(layers, Hop{Name: fmt.Sprint("r", i), Retry: true})
	}
	out = prepend(Hop{Name: "top", Retry: true}, layers)
	if len(out) != analysisutil.MaxHops || out[0].Name != "top" || out[len(out)-1].Name != "r9" {
		t.Errorf("only retry layers: %v; want %d hops from top to r9", out, analysisutil.MaxHops)
	}
}
