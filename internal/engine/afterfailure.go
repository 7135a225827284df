package engine

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Code that runs only once an attempt has failed, on the way to the next
// one, prepares that next attempt: an idempotency key made there is the
// next attempt's, not one made once and kept (bosh-alicloud-cpi's
// CreateInstance at 1d63cfa0):
//
//	resp, e := client.CreateInstance(args)
//	if e != nil {
//		if isExpectedErrors(e, []string{"InvalidIPAddress.AlreadyUsed"}) {
//			args.ClientToken = buildClientToken(args.GetActionName()) // after a failure
//		}
//		return e
//	}
//
// The attempt's outcome may be read in any form the walk folds (if err
// == nil { return nil } above the code, a switch on err, a status, a
// classifier of the package): the question is where the ways of a
// successful and of a failed attempt go, not how the condition is
// written. Code a successful attempt's way passes too (if first { ... },
// a lookup's own error) is not after a failure, nor is code whose every
// way leaves the retry (if permanent(err) { ...; return err }).

// AfterFailure reports whether the statement of syntax n, in the
// region's function, runs only after the attempt failed and before the
// next attempt: no way of an attempt that succeeded passes it, and some
// way of one that failed passes it and goes round (others may leave: the
// last failure, or one the attempt gives up on). attempt are the calls
// whose outcome decides a loop's or a recursion's round; an operation's
// attempt is its whole body, told by what it returns: a way that returns
// an error the walk knows is not nil failed, and any other way may have
// succeeded. False when the walks say nothing (too many ways), when n is
// in a nested function literal, and for a loop given no attempt calls.
func (r *Region) AfterFailure(n ast.Node, attempt []ssa.CallInstruction) bool {
	b := r.blockOf(n)
	if b == nil {
		return false
	}
	passes := func(p Path) bool { return slices.Contains(p.Blocks, b) }
	if len(attempt) == 0 {
		if !r.op {
			return false
		}
		w := r.Walk(&Scenario{}, nil)
		if w.Void {
			return false
		}
		round := false
		for _, p := range w.Paths {
			if !passes(p) || p.End == EndAbort {
				continue
			}
			failed := p.Err.Kind == Err || p.Err.Kind == NonNil
			switch {
			case p.End == EndRound, p.End == EndError && failed:
				round = true
			case !failed:
				return false // may have succeeded
			}
		}
		return round
	}
	if w := r.Walk(&Scenario{Attempt: attempt, Outcome: Succeeded}, nil); w.Void || slices.ContainsFunc(w.Paths, passes) {
		return false
	}
	for _, o := range []Outcome{Failed(ErrAny), FailedStatus} {
		w := r.Walk(&Scenario{Attempt: attempt, Outcome: o}, nil)
		if !w.Void && slices.ContainsFunc(w.Paths, func(p Path) bool { return p.End == EndRound && passes(p) }) {
			return true
		}
	}
	return false
}

// blockOf returns the block of the region's function that runs n: the
// block of its first instruction, or, when n makes none (a variable
// read), of its statement's.
func (r *Region) blockOf(n ast.Node) *ssa.BasicBlock {
	if n == nil {
		return nil
	}
	if b := firstBlock(r.fn, n); b != nil {
		return b
	}
	for _, s := range r.p.pathAt(n.Pos(), n.End()) {
		switch s.(type) {
		case *ast.AssignStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeclStmt, *ast.ReturnStmt, *ast.GoStmt, *ast.DeferStmt:
			return firstBlock(r.fn, s)
		case ast.Stmt:
			return nil
		}
	}
	return nil
}

// firstBlock returns the block of fn's first instruction, in block
// order, whose position lies in n; nil when none does. The blocks of one
// statement differ only by the && and || in it, which the first one's
// block dominates.
func firstBlock(fn *ssa.Function, n ast.Node) *ssa.BasicBlock {
	if fn == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if pos := in.Pos(); pos.IsValid() && n.Pos() <= pos && pos < n.End() {
				return b
			}
		}
	}
	return nil
}
