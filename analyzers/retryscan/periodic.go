package retryscan

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Some loops go round after success too, and are still retries on their
// failure path. Two shapes are read (loop.go asks for them when success
// does not leave):
//
// A periodic loop whose failure path waits on a wait of its own: the
// success path waits the period, a failure waits a fixed, shorter time
// and calls again. The failure path is a retry of the call whose error
// or status chose it, with its own delay (syncthing's relay re-joining
// its pool):
//
//	for {
//		resp, err := join(pool)
//		if err != nil {
//			time.Sleep(time.Minute) // failure: a retry in a minute
//			continue
//		}
//		time.Sleep(rejoinAfter(resp)) // success: the period
//	}
//
// A reconnect loop: success opens a stream or subscription, which a
// nested loop reads until it breaks; a failure to open goes round again.
// Re-opening on every error is a retry of the open:
//
//	for {
//		stream, err := c.Watch(ctx, req)
//		if err != nil {
//			time.Sleep(time.Second)
//			continue
//		}
//		for {
//			ev, err := stream.Recv()
//			if err != nil {
//				break
//			}
//			handle(ev)
//		}
//	}
//
// Not retries: a loop that waits the same period whatever happens (a
// ticker written with time.Sleep), and a worker loop whose success goes
// round with no wait (the next job), which neither shape matches.
//
// Such a loop is meant to run as long as its owner does, so a loop with
// no visible bound is given an unknown one: the checks of what a retry
// retries (permanent codes, cancellation) apply to it, the check for a
// missing bound does not.

// periodic is what the recognizer knows of a loop of one of those shapes.
type periodic struct {
	// name is the site's name in messages: "periodic loop" (its
	// failure path retries) or "reconnect loop".
	name string
	// waits are the waits only the failure path runs, for its delay; empty
	// for a reconnect loop whose waits are shared with success.
	waits []*ast.CallExpr
}

// periodic finds the attempt of a loop whose success goes round: the
// first call reporting an error whose failure goes round, either after a
// wait success does not run, or when success reads what the call opened
// in a nested loop.
func (s *scanner) periodic(r *engine.Region, body *ast.BlockStmt) (*decision, *periodic) {
	if r == nil || r.Loop() == nil {
		return nil, nil
	}
	waits := s.waitBlocks(r, body)
	if len(waits) == 0 {
		return nil, nil
	}
	for _, group := range s.candidates(r) {
		if !slices.Contains(engine.Roles(group[0]), engine.RoleErr) {
			continue
		}
		d := &decision{calls: group, region: r, call: s.eng.CallExpr(group[0]), exact: true}
		if d.call == nil {
			continue
		}
		if p := s.periodicDecides(d, waits); p != nil {
			return d, p
		}
	}
	return nil, nil
}

// periodicDecides runs the region under success and failure of d's
// calls: success must go round, failure must go round too, and either a
// failure path waits on a wait no success path runs while every success
// path waits (the period), or success reads the opened value in a nested
// loop.
func (s *scanner) periodicDecides(d *decision, waits map[*ssa.BasicBlock][]*ast.CallExpr) *periodic {
	ok := d.run(engine.Succeeded)
	if ok.Void || !ok.Ends.Has(engine.EndRound) {
		return nil
	}
	succ := map[*ssa.BasicBlock]bool{}
	allWait, reads := true, false
	for _, p := range ok.Paths {
		if p.End != engine.EndRound {
			continue
		}
		waited := false
		for _, b := range p.Blocks {
			succ[b] = true
			waited = waited || len(waits[b]) > 0
		}
		allWait = allWait && waited
		reads = reads || s.readsOpened(d, p.Blocks)
	}
	roles := engine.Roles(d.calls[0])
	outcomes := []engine.Outcome{engine.Failed(engine.ErrAny)}
	if slices.Contains(roles, engine.RoleResp) {
		outcomes = append(outcomes, pushbacks()...)
		o := engine.FailedStatus
		o.Status = 500
		outcomes = append(outcomes, o)
	}
	var own []*ast.CallExpr
	rounds := false
	for _, o := range outcomes {
		w := d.run(o)
		if w.Void {
			return nil
		}
		for _, p := range w.Paths {
			if p.End != engine.EndRound {
				continue
			}
			rounds = true
			for _, b := range p.Blocks {
				if !succ[b] {
					for _, c := range waits[b] {
						if !slices.Contains(own, c) {
							own = append(own, c)
						}
					}
				}
			}
		}
	}
	switch {
	case !rounds:
		return nil
	case allWait && len(own) > 0:
		slices.SortFunc(own, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
		return &periodic{name: "periodic loop", waits: own}
	case reads:
		return &periodic{name: "reconnect loop", waits: own}
	}
	return nil
}

// waitBlocks returns the waits of a loop body by the block they run in:
// time.Sleep, time.After, a timer, and the package's own helpers that
// wait on an argument.
func (s *scanner) waitBlocks(r *engine.Region, body *ast.BlockStmt) map[*ssa.BasicBlock][]*ast.CallExpr {
	out := map[*ssa.BasicBlock][]*ast.CallExpr{}
	eachCall(body, func(call *ast.CallExpr) {
		c := s.eng.Call(r.Func(), call)
		if c == nil || !r.Loop().Has(c.Block()) {
			return
		}
		if i, _, _ := s.eng.WaitParam(c.Common().StaticCallee()); s.isWait(call) || i >= 0 {
			out[c.Block()] = append(out[c.Block()], call)
		}
	})
	return out
}

// readsOpened reports whether a path runs, in a loop nested in the
// region, a call on what the attempt returned that reports an error
// (stream.Recv(), sub.Next(ctx)), or a receive from a channel it handed
// out (for m := range sub.Channel()).
func (s *scanner) readsOpened(d *decision, blocks []*ssa.BasicBlock) bool {
	opened := map[ssa.Value]bool{}
	for _, c := range d.calls {
		v := c.Value()
		if v == nil {
			continue
		}
		for _, ref := range *v.Referrers() {
			if e, ok := ref.(*ssa.Extract); ok && e.Index == 0 && !isError(e.Type()) {
				opened[e] = true
			}
		}
	}
	if len(opened) == 0 {
		return false
	}
	// A channel or iterator got from the opened value outside the nested
	// loop: ch := sub.Channel().
	for v := range opened {
		for _, ref := range *v.Referrers() {
			if c, ok := ref.(*ssa.Call); ok && d.region.Direct(c.Block()) && engine.Recv(c) == v {
				opened[c] = true
			}
		}
	}
	for _, b := range blocks {
		if d.region.Direct(b) {
			continue
		}
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Call:
				// A read that can fail and so end the nested loop
				// (stream.Recv()), not a getter (resp.GetStatus()).
				if opened[engine.Recv(in)] && slices.Contains(engine.Roles(in), engine.RoleErr) {
					return true
				}
			case *ssa.UnOp:
				if opened[in.X] {
					return true // <-ch
				}
			case *ssa.Next:
				if opened[in.Iter] {
					return true
				}
			}
		}
	}
	return false
}

// apply makes a site of the failure path: its name, an unknown bound
// where none is visible (the loop runs as long as its owner), and the
// delay of the failure path's own waits.
func (p *periodic) apply(s *scanner, site *Site) {
	site.name = p.name
	site.repeats = true
	if site.bound.Unbounded() {
		site.bound.Attempts = catalog.AttemptsUnknown
	}
	if len(p.waits) == 0 {
		return
	}
	// The failure path's waits alone, read as the body of a loop of
	// their own.
	only := &ast.BlockStmt{}
	for _, w := range p.waits {
		only.List = append(only.List, &ast.ExprStmt{X: w})
	}
	shadow := &Site{kind: KindLoop, fn: site.fn, body: only, region: site.region}
	site.delay = &lazy[Delay]{compute: func() Delay { return s.loopDelay(shadow) }}
}
