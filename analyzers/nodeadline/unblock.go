package nodeadline

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A blocking call unblocked by cancellation: a connection read or
// written in a goroutine that the dialing function stops waiting for
// when its context is done, closing the connection as it returns. The
// Close ends the blocked call with an error, so nothing waits forever:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//	defer cancel()
//	conn, err := net.Dial("tcp", addr)
//	defer conn.Close()
//	go func() { _, err := conn.Write(msg); errc <- err }() // not reported
//	select {
//	case err := <-errc:
//		return err
//	case <-ctx.Done():
//		return ctx.Err()
//	}
//
// The function must receive from the Done channel of a context that
// something can end (one with a deadline, a parameter, one whose cancel
// func is used) or from time.After, and close the connection itself:
// a Close, deferred or not, in the function or in a closure it defers.
// A read or write in the function itself, or in a goroutine with no such
// wait or no Close, is judged as before.

// unblocked reports whether a use of a connection sits in a goroutine
// that the function top, which dials the connection, abandons on
// cancellation and ends with a Close.
func (c *checker) unblocked(fi *funcInfo, top *ssa.Function, use ssa.Instruction, uses []engine.Use) bool {
	if !startedBy(use, top) {
		return false
	}
	closes := false
	for _, u := range uses {
		if call, ok := u.Instr.(ssa.CallInstruction); ok && engine.Recv(call) == u.Value {
			if _, isGo := call.(*ssa.Go); !isGo && calleeName(call) == "Close" && ownedBy(call.Parent(), top) {
				closes = true
			}
		}
	}
	return closes && c.waitsForCancel(fi, top)
}

// startedBy reports a use in a goroutine that top starts: go conn.Write(b),
// or a function literal of top started with go.
func startedBy(use ssa.Instruction, top *ssa.Function) bool {
	if g, ok := use.(*ssa.Go); ok {
		return g.Parent() == top
	}
	return runs[*ssa.Go](top, use.Parent())
}

// ownedBy reports an instruction of top, or of a function literal that
// top defers: defer func() { conn.Close() }().
func ownedBy(fn, top *ssa.Function) bool {
	return fn == top || runs[*ssa.Defer](top, fn)
}

// runs reports whether top runs its function literal fn with a go or a
// defer statement, as T says.
func runs[T interface {
	*ssa.Go | *ssa.Defer
	Common() *ssa.CallCommon
}](top, fn *ssa.Function) bool {
	if fn.Parent() != top {
		return false
	}
	for _, b := range top.Blocks {
		for _, in := range b.Instrs {
			if x, ok := in.(T); ok {
				if mc, ok := x.Common().Value.(*ssa.MakeClosure); ok && mc.Fn == fn {
					return true
				}
			}
		}
	}
	return false
}

// waitsForCancel reports whether top receives, in a select or alone,
// from the Done channel of a context that can end, or from time.After.
func (c *checker) waitsForCancel(fi *funcInfo, top *ssa.Function) bool {
	for _, b := range top.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly && c.cancelChan(fi, st.Chan) {
						return true
					}
				}
			case *ssa.UnOp:
				if x.Op == token.ARROW && c.cancelChan(fi, x.X) {
					return true
				}
			}
		}
	}
	return false
}

// cancelChan reports a channel that is closed or sent on when time runs
// out or someone cancels: ctx.Done() of a context that can end, or
// time.After(d).
func (c *checker) cancelChan(fi *funcInfo, ch ssa.Value) bool {
	for _, src := range c.p.SourcesIn(ch, nil) {
		call, ok := src.Value.(*ssa.Call)
		if !ok {
			continue
		}
		cc := call.Common()
		if catalog.SymbolOf(engine.Callee(call)) == (catalog.Symbol{Pkg: "time", Name: "After"}) {
			return true
		}
		if cc.IsInvoke() && cc.Method.Name() == "Done" && catalog.IsContext(cc.Value.Type()) {
			if st := c.tracer(fi).ctx(cc.Value, src.In); st.kind != noDeadline || st.cancelled {
				return true
			}
		}
	}
	return false
}

func calleeName(call ssa.CallInstruction) string {
	if fn := engine.Callee(call); fn != nil {
		return fn.Name()
	}
	return ""
}
