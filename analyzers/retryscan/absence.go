package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
// "Not found" is HTTP 404, the gRPC code NotFound, the catalogued
// predicates and sentinels (apierrors.IsNotFound, os.ErrNotExist,
// sql.ErrNoRows), and an error variable that a package produces only
// where one of those holds (var errNotFound = errors.New("not found"),
// returned on the 404 branch: the engine's absence.go; another
// package's through its AbsenceFact). A loop that also goes round on anything else (err !=
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

// AbsenceFact is exported for an error variable of the package that
// means "not found" (engine.AbsenceSentinels: made once by errors.New or
// fmt.Errorf, produced only where a test says "not found"), so that a
// loop of another package that goes round on it alone is seen to poll:
//
//	// package store
//	var ErrNotFound = errors.New("no such job") // returned only on sql.ErrNoRows
//
//	// package jobs: a poll, no retry
//	if !errors.Is(err, store.ErrNotFound) {
//		return err
//	}
type AbsenceFact struct{}

func (*AbsenceFact) AFact() {}

func (*AbsenceFact) String() string { return "absence" }

// exportAbsences exports an AbsenceFact for each exported error variable
// of the package that means "not found". SSA is built for it only when
// a function names one made by errors.New or fmt.Errorf and names a
// "not found" itself or in a function of the package it calls: not for
// every package with a sentinel that reads a file (os.IsNotExist).
func (s *scanner) exportAbsences() {
	sentinels := s.declaredSentinels()
	if len(sentinels) == 0 || !slices.ContainsFunc(s.funcs, func(fi *funcInfo) bool {
		return fi.decl.Body != nil && anyNode(fi.decl.Body, true, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			return ok && sentinels[s.info.Uses[id]]
		}) && s.inBodyOrCallees(fi.decl.Body, 1, s.namesAbsence)
	}) {
		return
	}
	for _, v := range s.eng.AbsenceSentinels() {
		if v.Exported() {
			s.pass.ExportObjectFact(v, new(AbsenceFact))
		}
	}
}

// declaredSentinels returns the package's exported error variables made
// by errors.New or fmt.Errorf: var ErrNotFound = errors.New("not found").
func (s *scanner) declaredSentinels() map[types.Object]bool {
	out := map[types.Object]bool{}
	for _, f := range s.pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !name.IsExported() || i >= len(vs.Values) {
						continue
					}
					if call, ok := ast.Unparen(vs.Values[i]).(*ast.CallExpr); ok {
						fn := analysisutil.Callee(s.info, call)
						if analysisutil.IsFunc(fn, "errors", "", "New") || analysisutil.IsFunc(fn, "fmt", "", "Errorf") {
							out[s.info.Defs[name]] = true
						}
					}
				}
			}
		}
	}
	return out
}

// namesAbsence reports a body that names a "not found": the constant
// 404, gRPC's codes.NotFound, a catalogued absence, or another
// package's error variable with an AbsenceFact.
func (s *scanner) namesAbsence(body *ast.BlockStmt) bool {
	return anyNode(body, true, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if v := s.info.Types[n].Value; v != nil && v.Kind() == constant.Int {
				n, ok := constant.Int64Val(v)
				return ok && n == catalog.HTTPNotFound
			}
		case *ast.Ident:
			switch obj := s.info.Uses[n].(type) {
			case *types.Const:
				return obj.Name() == "StatusNotFound" && analysisutil.PkgPath(obj) == "net/http" ||
					obj.Name() == "NotFound" && analysisutil.PkgPath(obj) == "google.golang.org/grpc/codes"
			case *types.Var:
				return catalog.IsAbsenceSentinel(obj) || s.absenceOf(obj)
			case *types.Func:
				return catalog.IsAbsencePredicate(obj)
			}
		}
		return false
	})
}

// absenceOf reports an error variable of another package that exported
// an AbsenceFact. Safe for concurrent use (a pass's facts are).
func (s *scanner) absenceOf(v *types.Var) bool {
	return v.Pkg() != nil && v.Pkg() != s.pass.Pkg && s.pass.ImportObjectFact(v, new(AbsenceFact))
}
