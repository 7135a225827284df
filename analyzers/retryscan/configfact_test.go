package retryscan_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/testenv"
)

// A configuration fact must round-trip through gob byte for byte (go vet
// and nogo hand facts over encoded) and stay small.
func TestConfigFactCodec(t *testing.T) {
	const cenkalti = "github.com/cenkalti/backoff/v4"
	f := &retryscan.ConfigFact{Items: []retryscan.ConfigItem{
		{Kind: retryscan.ItemCall, Sym: catalog.Symbol{Pkg: cenkalti, Name: "NewExponentialBackOff"}},
		{Kind: retryscan.ItemField, Sym: catalog.Symbol{Pkg: cenkalti, Recv: "ExponentialBackOff", Name: "MaxInterval"}, Vals: []string{"10000000000"}},
		{Kind: retryscan.ItemField, Sym: catalog.Symbol{Pkg: cenkalti, Recv: "ExponentialBackOff", Name: "RandomizationFactor"}, Vals: []string{"0"}},
		{Kind: retryscan.ItemCall, Sym: catalog.Symbol{Pkg: cenkalti, Name: "WithMaxRetries"}, Vals: []string{"", "-1"}},
		{Kind: retryscan.ItemCall, Sym: catalog.Symbol{Pkg: "github.com/avast/retry-go/v4", Name: "DelayType"}, Vals: []string{""}, Opaque: true},
	}}
	var back retryscan.ConfigFact
	n := testenv.FactRoundTrip(t, f, &back)
	want := "config(backoff.NewExponentialBackOff() backoff.ExponentialBackOff.MaxInterval=10000000000 " +
		"backoff.ExponentialBackOff.RandomizationFactor=0 backoff.WithMaxRetries(_, -1) retry-go.DelayType(_)?)"
	if got := back.String(); got != want {
		t.Errorf("decoded fact %s, want %s", got, want)
	}
	if n > 1024 {
		t.Errorf("a five-item fact takes %d bytes; keep facts small", n)
	}
	testenv.FactRoundTrip(t, &retryscan.ConfigPkgFact{Helpers: 3}, new(retryscan.ConfigPkgFact))
}
