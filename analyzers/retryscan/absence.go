package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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

// pollsAbsence reports a loop site whose every way round passes a
// condition that says not found, with no other attempt after it.
func (s *scanner) pollsAbsence(site *Site) bool {
	d := site.Decision(s.info)
	if d == nil {
		return false
	}
	rounds := 0
	for _, p := range d.Paths {
		if p.End != EndRound {
			continue
		}
		rounds++
		i := slices.IndexFunc(p.Conds, s.saysAbsent)
		if i < 0 || s.triesAfter(p.Steps[p.Conds[i].Step:]) {
			return false
		}
	}
	return rounds > 0
}

// triesAfter reports a step that takes the error of a call: after "not
// found" the path makes another attempt, whose failure may be what goes
// round (get, and on not found create, retried while create fails).
func (s *scanner) triesAfter(steps []ast.Stmt) bool {
	for _, st := range steps {
		var rhs []ast.Expr
		switch st := st.(type) {
		case *ast.AssignStmt:
			rhs = st.Rhs
		case *ast.DeclStmt:
			if g, ok := st.Decl.(*ast.GenDecl); ok {
				for _, sp := range g.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok {
						rhs = append(rhs, vs.Values...)
					}
				}
			}
		}
		for _, e := range rhs {
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				continue
			}
			if t := s.info.TypeOf(call.Fun); t != nil {
				if sig, ok := t.Underlying().(*types.Signature); ok && returnsError(sig) {
					return true
				}
			}
		}
	}
	return false
}

// saysAbsent reports a condition met on a path that can only be met when
// the answer was "not found".
func (s *scanner) saysAbsent(c Cond) bool {
	if len(c.Any) == 0 {
		return false
	}
	if c.Tag != nil {
		// switch resp.StatusCode { case http.StatusNotFound: ... }
		if !c.Holds {
			return false
		}
		for _, v := range c.Any {
			if !s.notFoundValue(c.Tag, v) {
				return false
			}
		}
		return true
	}
	if c.Holds {
		for _, e := range c.Any {
			if !s.notFoundWhen(e, true) {
				return false
			}
		}
		return true
	}
	// None of Any held.
	return slices.ContainsFunc(c.Any, func(e ast.Expr) bool { return s.notFoundWhen(e, false) })
}

// notFoundWhen reports an expression that has the value v only when the
// answer was "not found": status == 404 when true, status != 404 and
// !apierrors.IsNotFound(err) when false.
func (s *scanner) notFoundWhen(e ast.Expr, v bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && s.notFoundWhen(e.X, !v)
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.LAND && v, e.Op == token.LOR && !v:
			// Both sides have the value v: one that says so is enough.
			return s.notFoundWhen(e.X, v) || s.notFoundWhen(e.Y, v)
		case e.Op == token.LOR && v, e.Op == token.LAND && !v:
			// Either side may be the one: both must say so.
			return s.notFoundWhen(e.X, v) && s.notFoundWhen(e.Y, v)
		case e.Op == token.EQL && v, e.Op == token.NEQ && !v:
			return s.notFoundValue(e.X, e.Y) || s.notFoundValue(e.Y, e.X)
		}
	case *ast.CallExpr:
		if !v {
			return false
		}
		fn := s.calleeOf(e)
		if catalog.IsAbsencePredicate(fn) {
			return true
		}
		// errors.Is(err, os.ErrNotExist)
		return analysisutil.IsFunc(fn, "errors", "", "Is") && len(e.Args) == 2 &&
			catalog.IsAbsenceSentinel(s.packageVar(e.Args[1]))
	}
	return false
}

// notFoundValue reports v, compared with x, as a "not found": the
// constant 404 beside an integer, codes.NotFound, or a sentinel error.
func (s *scanner) notFoundValue(x, v ast.Expr) bool {
	if catalog.IsAbsenceSentinel(s.packageVar(v)) {
		return true
	}
	tv, ok := s.info.Types[v]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Uint64Val(tv.Value)
	if !exact {
		return false
	}
	if isNamed(tv.Type, "google.golang.org/grpc/codes", "Code") {
		c, ok := catalog.LookupGRPCCode("NotFound")
		return ok && n == uint64(c.Value)
	}
	return n == catalog.HTTPNotFound && isInteger(s.info.TypeOf(x))
}
