package retryscan

import (
	"go/ast"
	"go/token"

	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Retry libraries that leave the loop to the user drive it with a call
// that waits (catalog.FormWait), in a loop condition or before a goto:
//
//	r := retry.New(time.Second, 10*time.Second)
//	for r.Wait(ctx) {                 retry:
//		if err := op(); err == nil {      if err := op(); err != nil {
//			return nil                        if r.Wait(ctx) {
//		}                                         goto retry
//	}                                         }
//	                                          return err
//	                                      }
//
// The goto form is a loop whose body runs from the label to the end of
// its block; goto goes round again, the end of the block leaves.

// gotoSite returns the retry site a labeled statement starts when a goto
// below it jumps back to it, or nil.
func (s *scanner) gotoSite(fn ast.Node, ls *ast.LabeledStmt) *Site {
	label := s.info.Defs[ls.Label]
	if label == nil || !s.jumpsBack(fn, ls, label) {
		return nil
	}
	list := s.blockOf(fn, ls)
	if list == nil {
		return nil
	}
	region := &ast.BlockStmt{Lbrace: ls.Pos(), List: list, Rbrace: list[len(list)-1].End() - 1}
	if !s.pauses(region) {
		return nil
	}
	d := s.decide(s.loopRegion(fn, region, list))
	if d == nil || !s.stableCall(region, d.call, s.counters(region, nil, region)) {
		return nil
	}
	site := &Site{kind: KindLoop, node: ls, name: ViaLoop, fn: fn, body: region, attemptCall: d.call,
		region: known(d.region), attempt: d.calls}
	site.bound = s.loopBound(d, region)
	_, driverDelay, driven := s.driverBound(region)
	site.delay = &lazy[Delay]{compute: func() Delay {
		if delay := s.loopDelay(site); !driven || len(delay.Waits) > 0 {
			return delay
		}
		return driverDelay // the driver waits: r.Wait(ctx) before goto
	}}
	return site
}

// jumpsBack reports a goto to label in fn after the label.
func (s *scanner) jumpsBack(fn ast.Node, ls *ast.LabeledStmt, label types.Object) bool {
	return anyNode(fn, true, func(n ast.Node) bool {
		br, ok := n.(*ast.BranchStmt)
		return ok && br.Tok == token.GOTO && br.Label != nil && br.Pos() > ls.Pos() && s.info.Uses[br.Label] == label
	})
}

// blockOf returns the statements from ls to the end of the block (or
// case clause) holding it.
func (s *scanner) blockOf(fn ast.Node, ls *ast.LabeledStmt) []ast.Stmt {
	var out []ast.Stmt
	ast.Inspect(fn, func(n ast.Node) bool {
		list := stmtList(n)
		for i, st := range list {
			if st == ls {
				out = list[i:]
			}
		}
		return out == nil
	})
	return out
}

// stmtList returns the statements of a block or a case clause, or nil.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// driverBound returns the bound and the delay of the catalogued loop
// drivers called in n (r.Wait(ctx)), and false when there are none.
func (s *scanner) driverBound(n ast.Node) (Bound, Delay, bool) {
	b := Bound{Attempts: catalog.AttemptsUnbounded}
	var d Delay
	found := false
	eachCall(n, func(call *ast.CallExpr) {
		row := catalog.LookupLoop(s.calleeOf(call))
		if row == nil {
			return
		}
		found = true
		rb := Bound{Attempts: row.Attempts}
		if row.Ctx >= 0 && row.Ctx < len(call.Args) && !s.endless(call.Args[row.Ctx]) {
			rb.Ctx = true
		}
		b = b.or(rb)
		d = Delay{Kind: row.Delay, Capped: row.Capped, Jittered: row.Jittered, Evidence: call}
	})
	return b, d, found
}

// isDriver reports a call of a catalogued loop driver.
func (s *scanner) isDriver(call *ast.CallExpr) bool {
	return catalog.LookupLoop(s.calleeOf(call)) != nil
}
