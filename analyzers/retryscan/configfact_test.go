package retryscan_test

import (
	"bytes"
	"encoding/gob"
	"testing"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
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
	var first bytes.Buffer
	if err := gob.NewEncoder(&first).Encode(f); err != nil {
		t.Fatal(err)
	}
	var back retryscan.ConfigFact
	if err := gob.NewDecoder(bytes.NewReader(first.Bytes())).Decode(&back); err != nil {
		t.Fatal(err)
	}
	var second bytes.Buffer
	if err := gob.NewEncoder(&second).Encode(&back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Error("re-encoding the decoded fact changes its bytes")
	}
	want := "config(backoff.NewExponentialBackOff() backoff.ExponentialBackOff.MaxInterval=10000000000 " +
		"backoff.ExponentialBackOff.RandomizationFactor=0 backoff.WithMaxRetries(_, -1) retry-go.DelayType(_)?)"
	if got := back.String(); got != want {
		t.Errorf("decoded fact %s, want %s", got, want)
	}
	if n := first.Len(); n > 1024 {
		t.Errorf("a five-item fact takes %d bytes; keep facts small", n)
	}
	var pb bytes.Buffer
	if err := gob.NewEncoder(&pb).Encode(&retryscan.ConfigPkgFact{Helpers: 3}); err != nil {
		t.Errorf("package fact: %v", err)
	}
}
