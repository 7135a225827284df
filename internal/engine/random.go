package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A function of another package whose number comes from a random source
// jitters what it is added to, as math/rand's own functions do. The
// recognizer reads such functions where they are written (RandomResult)
// and hands the engine what it learned (SetRandoms):
//
//	// package util
//	func FastRand(n int) int { return rand.IntN(n) }
//
//	// package client: base plus a random share of it
//	jitter := util.FastRand(base)
//	time.Sleep(time.Duration(base+jitter) * time.Millisecond)

// SetRandoms gives the program the functions of other packages known to
// return a random number (from the recognizer's facts). It is called
// once, before any question.
func (p *Program) SetRandoms(lookup func(*types.Func) bool) { p.randoms = lookup }

// random reports a function whose result is random: a random source of
// the catalog, or another package's function its facts say so.
func (p *Program) random(fn *types.Func) bool {
	if catalog.IsRandom(fn) {
		return true
	}
	return fn != nil && fn.Pkg() != p.pkg && p.randoms != nil && p.randoms(fn)
}

// RandomResult reports whether fn, a function of the package, returns a
// number that flows from a random source on some way out: read as a
// helper of a retry loop is (its returns, its own helpers followed).
func (p *Program) RandomResult(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() == 0 {
		return false
	}
	fl := &flower{r: &Region{p: p, fn: fn}, seen: map[ssa.Value]bool{}}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 && fl.flow(ret.Results[0]).Random {
			return true
		}
	}
	return false
}
