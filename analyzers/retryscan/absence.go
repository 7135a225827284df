package retryscan

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A loop that goes round only when the answer says "not found" polls for
// something to appear (a bucket just created, an object not yet
// replicated), like a loop waiting for isReady. A failure of the service,
// a 5xx or a timeout, leaves it, so it neither retries an outage nor
// multiplies the retries of the client inside it (the AWS SDK's three
// attempts retry 5xx and throttling, not 404):
//
//	for i := 0; i < 20; i++ {
//		_, err := client.HeadBucket(ctx, in)
//		if err == nil {
//			return nil
//		}
//		var re interface{ HTTPStatusCode() int }
//		if !errors.As(err, &re) || re.HTTPStatusCode() != http.StatusNotFound {
//			return err
//		}
//		time.Sleep(5 * time.Second)
//	}
//
// "Not found" is HTTP 404, the gRPC code NotFound, and the catalogued
// predicates and sentinels (apierrors.IsNotFound, os.ErrNotExist,
// sql.ErrNoRows). A loop that also goes round on anything else (err !=
// nil, status >= 500, a 404 or a 503) stays a retry, and so does one
// that on "not found" makes another attempt (get, else create) and goes
// round when that one fails.

// pollsAbsence reports a loop that goes round on "not found" and on no
// other failure: neither a failure that is not "not found" nor a 503
// goes round, and "not found" does while every other call succeeds (so
// that the round is not a retry of another call made after it, such as
// create after get).
func (s *scanner) pollsAbsence(d *decision) bool {
	roles := engine.Roles(d.calls[0])
	soft := slices.Contains(roles, engine.RoleResp) || slices.Contains(roles, engine.RoleOK)
	rounds := func(o engine.Outcome, others bool) bool {
		sc := &engine.Scenario{Attempt: d.calls, Outcome: o}
		if others {
			sc.Others = func(ssa.CallInstruction) (engine.Outcome, bool) { return engine.Succeeded, true }
		}
		w := d.region.Walk(sc, d.calls[0])
		return w.Void || w.Ends.Has(engine.EndRound)
	}
	if rounds(engine.Failed(engine.ErrPresent), false) || soft && rounds(engine.FailedStatus, false) {
		return false
	}
	notFound := engine.Outcome{OK: catalog.TriNo, Status: catalog.HTTPNotFound}
	return rounds(engine.Failed(engine.ErrAbsent), true) || soft && rounds(notFound, true)
}
