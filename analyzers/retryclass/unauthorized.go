package retryclass

import (
	"fmt"
	"slices"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// permanent-status, for a 401 named and sent round on purpose with
// nothing to make the next attempt different. A loop that names a 4xx
// and goes round on it has thought about it (case 409: continue), and
// the check above leaves it alone; for a 401 the thought is a token
// that may be refreshed, and it helps only when the way round refreshes
// it (OpenMeet-Team/openmeet-platform#414, supertokens-website#164):
//
//	case resp.StatusCode == http.StatusUnauthorized:
//		resp.Body.Close() // waits and sends the same token again
//
// The engine says whether every round sends what the one before sent
// (Region.SameEachRound: nothing the loop runs can change what it
// reads, no refresh in it or anywhere that could swap the field it
// reads the token from). A loop that logs in, refreshes, or calls code
// it cannot read on the way is quiet, as is one whose credentials may be
// written elsewhere.
func (c *checker) sameCredentials(a *attempt) {
	const unauthorized = 401
	if a.site.Kind() != retryscan.KindLoop || a.region.Loop() == nil || !slices.Contains(c.permanent4xx, unauthorized) || !c.readsStatus(a, false) {
		return
	}
	if _, named := c.statusSplit(a, false); !named[unauthorized] {
		return
	}
	v := a.verdict(scenario{status: unauthorized})
	if v.opaque || v.round == nil || !a.region.SameEachRound() {
		return
	}
	at := a.site.Node()
	if test, _ := c.statusTest(a, v.round, unauthorized); test != nil {
		at = test
	}
	c.rep.Report(analysisDiag(at, CategoryPermanentStatus, fmt.Sprintf(
		"%s sends the request again after HTTP 401 with nothing changed between attempts: the same credentials are refused every time, so each costs %s; refresh them once before the next attempt, or stop on 401",
		a.site.Name(), c.cost(a.site))))
}
