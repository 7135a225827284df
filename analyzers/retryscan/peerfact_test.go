package retryscan_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
)

// TestPeerFactRoundTrip: the fact every package that reaches a peer
// exports survives gob and stays small.
func TestPeerFactRoundTrip(t *testing.T) {
	var back retryscan.PeerFact
	n := testenv.FactRoundTrip(t, &retryscan.PeerFact{Via: "net/http"}, &back)
	if got := back.String(); got != "peer(via net/http)" {
		t.Errorf("decoded fact %s, want peer(via net/http)", got)
	}
	if n > 128 {
		t.Errorf("a peer fact takes %d bytes; keep facts small", n)
	}
}
