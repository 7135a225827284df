package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A wait that grows by a step, from a counter:
//
//	for attempt := 0; attempt < 4; attempt++ {
//		...
//		time.Sleep(time.Duration(attempt+1) * time.Second)  // 1s, 2s, 3s
//		time.Sleep(cfg.Backoff * time.Duration(attempt+1))  // the same with 2s: 2s, 4s, 6s
//	}
//
// The counter steps by a constant on every way round (Flow.Step); a sum
// with a constant keeps the step, a product with a constant scales it. A
// counter stepped differently on two ways round, or a product of two
// varying values, has no step.

// counterStep returns the constant a loop's head phi adds on every way
// round (attempt++, attempt += 2), or 0.
func counterStep(phi *ssa.Phi, l *Loop) float64 {
	if l == nil {
		return 0
	}
	var step float64
	for i, e := range phi.Edges {
		if !l.Has(phi.Block().Preds[i]) {
			continue
		}
		b, ok := Strip(e).(*ssa.BinOp)
		if !ok || (b.Op != token.ADD && b.Op != token.SUB) || Strip(b.X) != ssa.Value(phi) || !isIntConst(Strip(b.Y)) {
			return 0
		}
		n := float64(intConst(Strip(b.Y)))
		if b.Op == token.SUB {
			n = -n
		}
		if step != 0 && n != step {
			return 0
		}
		step = n
	}
	return step
}

// linearStep returns the step of x op y, from the steps of its operands:
// a constant added keeps it, a constant factor scales it.
func linearStep(op token.Token, x, y Flow) float64 {
	fixed := func(f Flow) bool { return f.Known && !f.Varying && !f.Linear && f.Growth == nil }
	switch op {
	case token.ADD:
		switch {
		case fixed(y):
			return x.Step
		case fixed(x):
			return y.Step
		}
	case token.SUB:
		if fixed(y) {
			return x.Step
		}
	case token.MUL:
		switch {
		case fixed(y):
			return x.Step * y.At0
		case fixed(x):
			return y.Step * x.At0
		}
	}
	return 0
}
