package keyregen

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The sources of fresh IDs: generator calls (catalog), calls of helpers
// with a Fact, and the calls that fill a buffer with random bytes.

// carriesID reports whether a value of type t can hold an ID. Interfaces
// (a context with a time.Now deadline, an error) and booleans (k != "")
// cannot: a key read back from such a value is not the generated one.
func carriesID(t types.Type) bool {
	if t == nil {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return false
	case *types.Basic:
		return u.Info()&types.IsBoolean == 0
	}
	return true
}

// sourceOf returns the origin a call is, or nil: a generator call, or a
// call of a helper that returns a fresh ID. What other calls make of a
// fresh value they are given (fmt.Sprintf, strconv.FormatInt,
// id.String(), hex.EncodeToString, uuid.Must) is the engine's taint.
func (reg *region) sourceOf(call *ast.CallExpr) *origin {
	fn := reg.r.calleeOf(call)
	if g := catalog.LookupGenerator(fn); g != nil {
		if g.Kind == catalog.GenFresh {
			return &origin{pos: call.Pos(), node: call, gen: g.Display}
		}
		return nil
	}
	if f, _ := reg.r.factOf(fn); f != nil && f.Returns {
		return &origin{pos: call.Pos(), node: call, gen: f.Gen, via: analysisutil.FuncName(fn, reg.r.pass.Pkg), fact: f}
	}
	return nil
}

// fillOf recognizes calls that write fresh bytes into an argument and
// returns the origin and the argument:
//
//	rand.Read(buf)
//	io.ReadFull(rand.Reader, buf)
func (reg *region) fillOf(call *ast.CallExpr) (*origin, ast.Expr) {
	if g := catalog.LookupGenerator(reg.r.calleeOf(call)); g != nil && g.Kind == catalog.GenFill && g.Arg < len(call.Args) {
		return &origin{pos: call.Pos(), node: call, gen: g.Display}, call.Args[g.Arg]
	}
	if target := reg.r.isRandReaderFill(call); target != nil {
		return &origin{pos: call.Pos(), node: call, gen: "crypto/rand.Reader"}, target
	}
	return nil, nil
}

// isRandReaderFill returns the buffer of io.ReadFull(rand.Reader, b) or
// rand.Reader.Read(b), or nil.
func (r *runner) isRandReaderFill(call *ast.CallExpr) ast.Expr {
	isReader := func(e ast.Expr) bool {
		v, ok := analysisutil.ObjectOf(r.pass.TypesInfo, e).(*types.Var)
		return ok && analysisutil.PkgPath(v) == catalog.CryptoRandReader.Pkg && v.Name() == catalog.CryptoRandReader.Name && isPackageVar(v)
	}
	fn := r.calleeOf(call)
	switch {
	case analysisutil.IsFunc(fn, "io", "", "ReadFull") && len(call.Args) == 2 && isReader(call.Args[0]):
		return call.Args[1]
	case fn != nil && fn.Name() == "Read" && len(call.Args) == 1:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isReader(sel.X) {
			return call.Args[0]
		}
	}
	return nil
}
