package catalog

import "testing"

func TestGeneratorRows(t *testing.T) {
	seen := map[Symbol]bool{}
	for _, g := range Generators() {
		if seen[g.Symbol] {
			t.Errorf("duplicate generator row %v", g.Symbol)
		}
		seen[g.Symbol] = true
		if g.Display == "" || g.Kind == 0 {
			t.Errorf("incomplete generator row %v", g.Symbol)
		}
	}
	// Name-based UUIDs are deterministic: never generators.
	for _, s := range []Symbol{{googleUUID, "", "NewSHA1"}, {googleUUID, "", "NewMD5"}, {gofrsV5, "", "NewV5"}, {satori, "", "NewV3"}} {
		if seen[s] {
			t.Errorf("deterministic %v listed as a generator", s)
		}
	}
	if stripePkg("github.com/stripe/stripe-go/v76") != stripeMod || stripePkg("github.com/stripe/stripe-go/v85/form") == stripeMod {
		t.Errorf("stripePkg maps the wrong paths")
	}
}
