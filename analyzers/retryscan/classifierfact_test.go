package retryscan_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/testenv"
)

// A checker's fact (a classifier fact with Check set) round-trips through
// gob byte for byte, keeps what tells it from a classifier's, and stays
// small with a full table.
func TestCheckerFactCodec(t *testing.T) {
	table := make([]catalog.Tri, len(engine.ClassCases()))
	for i, c := range engine.ClassCases() {
		if c.Kind == engine.CaseResponse {
			table[i] = catalog.TriYes
			if c.N == 200 {
				table[i] = catalog.TriNo
			}
		}
	}
	var back retryscan.ClassifierFact
	n := testenv.FactRoundTrip(t, &retryscan.ClassifierFact{Table: table, Check: true}, &back)
	if got, want := back.String(), "checker(200=no 404=yes 503=yes)"; got != want {
		t.Errorf("decoded fact %s, want %s", got, want)
	}
	if n > 1024 {
		t.Errorf("a checker fact takes %d bytes; keep facts small", n)
	}
}
