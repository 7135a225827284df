package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/retrylint/retrylint/registry"
)

// sarifSchema is the official SARIF 2.1.0 schema, kept next to the
// repository (../shared) rather than in it.
const sarifSchema = "../../../shared/schemas/sarif-schema-2.1.0.json"

// checkSARIF validates the fixture's SARIF against the schema and checks
// what GitHub code scanning relies on beyond it.
func checkSARIF(t *testing.T, dir, out string) {
	t.Helper()
	validateSARIF(t, out)

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string
						ShortDescription struct{ Text string }
						FullDescription  struct{ Text string }
						HelpURI          string
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				RelatedLocations    []json.RawMessage
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	rules := map[string]int{}
	for i, r := range run.Tool.Driver.Rules {
		rules[r.ID] = i
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("rule %s lacks a description or help URI: %+v", r.ID, r)
		}
	}
	for _, a := range registry.Analyzers() {
		if _, ok := rules[a.Name]; !ok {
			t.Errorf("no rule for analyzer %s", a.Name)
		}
	}
	prints := map[string]bool{}
	nested := false
	for _, res := range run.Results {
		if i, ok := rules[res.RuleID]; !ok || i != res.RuleIndex {
			t.Errorf("result rule %s: index %d, rules %v", res.RuleID, res.RuleIndex, rules)
		}
		loc := res.Locations[0].PhysicalLocation
		if filepath.IsAbs(loc.ArtifactLocation.URI) || strings.Contains(loc.ArtifactLocation.URI, ":") {
			t.Errorf("URI %q is not relative to the root", loc.ArtifactLocation.URI)
		}
		fp := res.PartialFingerprints["primaryLocationLineHash"]
		if fp == "" || prints[fp] {
			t.Errorf("missing or repeated fingerprint %q", fp)
		}
		prints[fp] = true
		if strings.HasPrefix(res.RuleID, "nestedretry") && len(res.RelatedLocations) > 0 {
			nested = true
		}
	}
	if !nested {
		t.Errorf("no nestedretry result with related locations (the chain's hops)")
	}
}

func validateSARIF(t *testing.T, out string) {
	t.Helper()
	if _, err := os.Stat(sarifSchema); err != nil {
		t.Logf("SKIP schema validation: %v (the schema lives in ../shared next to the repository)", err)
		return
	}
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(sarifSchema)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("SARIF does not validate against the 2.1.0 schema: %v", err)
	}
}
