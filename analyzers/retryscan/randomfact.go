package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// RandomFact is exported for a function of the package that returns a
// number drawn from a random source (math/rand, math/rand/v2,
// crypto/rand, or another package's function with this fact), so that a
// delay in another package that adds it is seen as jittered:
//
//	// package util
//	func FastRand(n int) int { return rand.IntN(n) }
//
//	// package client: jittered
//	time.Sleep(time.Duration(base+util.FastRand(base)) * time.Millisecond)
type RandomFact struct{}

func (*RandomFact) AFact() {}

func (*RandomFact) String() string { return "random" }

// exportRandoms exports a RandomFact for each exported function and
// method of the package (no interface method) that returns a number and
// whose body calls a random source: only those build SSA, where the
// engine checks that the number returned flows from it.
func (s *scanner) exportRandoms() {
	for _, fi := range s.funcs {
		res := fi.obj.Signature().Results()
		if !fi.obj.Exported() || fi.decl.Body == nil || res.Len() == 0 || !analysisutil.IsNumeric(res.At(0).Type()) || !s.callsRandom(fi.decl.Body) {
			continue
		}
		s.at.Func(fi.decl)
		if s.eng.RandomResult(s.eng.Func(fi.decl)) {
			s.pass.ExportObjectFact(fi.obj, new(RandomFact))
		}
	}
}

// callsRandom reports whether a body calls a random source.
func (s *scanner) callsRandom(body *ast.BlockStmt) bool {
	return anyNode(body, false, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		return ok && s.randomOf(analysisutil.Callee(s.info, call))
	})
}

// randomOf reports a random source: the catalog's, or a function of
// another package that exported a RandomFact.
func (s *scanner) randomOf(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if catalog.IsRandom(fn) {
		return true
	}
	fn = fn.Origin()
	return fn.Pkg() != nil && fn.Pkg() != s.pass.Pkg && importFact(s.pass, s.randoms, fn, new(RandomFact)) != nil
}
