package engine

import (
	"golang.org/x/tools/go/ssa"
)

// The body of a range-over-func loop is a function the iterator calls
// once per element; it returns true to ask for the next. A retry may
// make its attempt before the loop and again at the end of the body, and
// test, at the top of the next call, the error the previous call left:
//
//	err := call(ctx)
//	for d := range backoffs(time.Second, 20) {
//		if err == nil {
//			return nil
//		}
//		time.Sleep(d)
//		err = call(ctx)
//	}
//
// A plain loop carries err round through a phi at its head; the body
// stores it in the variable it shares with its function and loads it
// back in its next call. So a walk from the attempt goes on, at a return
// of true, into the body's next call (its entry block), as a loop's walk
// goes on through its head: a load there reads what the path stored
// (walker.stored), and a block the path passes again is the next
// attempt. A load no store on the path reaches (the value from before
// the loop, or one stored on a way the path did not take) stays unknown.

// nextYield follows a return of true from a range-over-func body into
// the body's next call; a path that has already gone round goes round.
func (w *walker) nextYield(in *ssa.Return, wrapped bool) {
	if wrapped {
		w.end(EndRound, in, Val{})
		return
	}
	w.edge(in, in.Block(), w.r.fn.Blocks[0], true)
}
