package engine

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// How a value changes from one attempt to the next, read from what flows
// into it round the loop: a head phi updated from itself grows (d *= 2,
// d = min(d*2, max)); a counter varies, and what is shifted by it grows
// (base << attempt); a min, a math.Min or a branch on an ordering
// comparison clamps it (if d > max { d = max }); a random source jitters
// it; anything not visible (a parameter, a field set elsewhere, a call
// into another package) makes it opaque.
//
//	d := 100 * time.Millisecond             // At0
//	for i := 0; ; i++ {
//		time.Sleep(d)                        // grows: Factor 2, not Clamped
//		d *= 2
//	}
//	time.Sleep(rand.N(min(base<<n, cap)))    // grows, Clamped, Random

// Flow is how a value changes from one attempt to the next.
type Flow struct {
	// Growth is the instruction that makes the value grow
	// geometrically (d * 2, base << attempt), or nil.
	Growth ssa.Instruction
	// SelfUpdate: Growth updates the value from itself (d *= 2), as
	// opposed to computing it from a counter (base << attempt).
	SelfUpdate              bool
	Factor                  float64 // growth per attempt, 0 when not constant
	Clamped, Random, Opaque bool
	// Varying: the value changes every attempt (a counter); Linear: it
	// grows by a step (time.Duration(attempt) * time.Second).
	Varying, Linear bool
	// Step is what a Varying or Linear value adds per attempt when
	// every way round adds the same constant (linear.go); 0 unknown.
	Step float64
	// At0 is the first value, when Known.
	At0   float64
	Known bool
	// Floor, when not Known only because a non-negative jitter is added
	// (d + rand.N(d/2)), is the first value without it: the least the
	// first wait can be (flowfloor.go); 0 otherwise.
	Floor float64
	// FloorCap, with Floor, is the constant limit the value without the
	// jitter is clamped at (d = min(d*2, 8*time.Second) under
	// d + rand.N(d/2): 8s), which the floors reach and keep; 0 when it
	// does not grow to a clamp of constant limit.
	FloorCap float64
	// Cap, when > 0, is the most the value can be once a clamp of
	// constant limit has made it (flowcap.go): min(d*2, 8*time.Second),
	// `if d > maxDelay { d = maxDelay }`, a helper that returns min(...).
	// A loop's value is at most Cap on every way round after the first;
	// its first value is At0, and when Known and growing its n-th value
	// is min(At0 * Factor^n, Cap). A random value is at most Cap from
	// the first: a draw of known bound (rand.N(x) < x, rand.Float64() <
	// 1), alone or added to a clamped delay (d + rand.N(d/2) <= 12s when
	// d <= 8s). 0 when no clamp is seen, its limit is not a visible
	// constant, or a jitter's bound is not seen.
	Cap float64
	// WrapsBeforeClamp: the value is clamped (Clamped) only after a
	// growth from an attempt counter can wrap past int64, which the clamp
	// then lets through as a zero or negative value (flowwrap.go):
	// d := time.Second * (1 << attempt); if d > maxDelay { d = maxDelay }
	// with nothing stopping attempt. WrapsAfter is the round whose value
	// has wrapped first, the first round computing it from the counter's
	// first value (35 for time.Second << attempt from 0; at most 64 for
	// a base the engine cannot see), and WrapsAt the growth the clamp
	// limits (time.Second * (1 << attempt)).
	WrapsBeforeClamp bool
	WrapsAfter       int
	WrapsAt          ssa.Instruction
	// grow is a growth from a counter that no clamp has limited yet.
	grow *growth
}

// or makes f the flow of a value that is f or g by the way it came (a
// phi, a variable set in several places): known when both are the same
// known value, else at least the least of the two when both have a floor.
func (f *Flow) or(g Flow) {
	floor, floorCap := joinFloor(*f, g), joinFloorCap(*f, g)
	f.Cap = joinCap(*f, g)
	f.Known = f.Known && g.Known && f.At0 == g.At0
	f.Floor, f.FloorCap = 0, 0
	if !f.Known {
		f.Floor, f.FloorCap = floor, floorCap
	}
	f.merge(g)
}

func (f *Flow) merge(g Flow) {
	if f.Growth == nil {
		f.Growth, f.Factor, f.SelfUpdate = g.Growth, g.Factor, g.SelfUpdate
	}
	if f.grow == nil {
		f.grow = g.grow
	}
	if g.WrapsBeforeClamp {
		f.WrapsBeforeClamp, f.WrapsAfter = true, minPositive(f.WrapsAfter, g.WrapsAfter)
		if f.WrapsAt == nil {
			f.WrapsAt = g.WrapsAt
		}
	}
	f.Clamped = f.Clamped || g.Clamped
	f.Random = f.Random || g.Random
	f.Opaque = f.Opaque || g.Opaque
	f.Varying = f.Varying || g.Varying
	f.Linear = f.Linear || g.Linear
	if f.Step != g.Step {
		f.Step = 0 // two ways that step differently
	}
}

// FlowOf returns how v changes round the region's loop.
func (r *Region) FlowOf(v ssa.Value) Flow {
	fl := &flower{r: r, seen: map[ssa.Value]bool{}}
	f := fl.flow(v)
	unwrapped(&f, v)
	f.grow = nil
	return f
}

type flower struct {
	r      *Region
	seen   map[ssa.Value]bool
	params map[ssa.Value]Flow // a helper's parameters, an iterator's free variables, bound by its caller
	// bound: a waiting callee's parameters, to what the loop passes
	// (calleewait.go), so that a field of one reads as the loop's
	bound map[ssa.Value]ssa.Value
	depth int
	// caller and called: the flower of the function whose call of a
	// helper this one reads, and that call (settings.go)
	caller *flower
	called *ssa.CallCommon
}

func (fl *flower) flow(v ssa.Value) Flow {
	if fl.seen[v] {
		return Flow{} // the value's own update: d = d * 2
	}
	fl.seen[v] = true
	defer delete(fl.seen, v)
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value != nil && (v.Value.Kind() == constant.Int || v.Value.Kind() == constant.Float) {
			f, _ := constant.Float64Val(constant.ToFloat(v.Value))
			return Flow{At0: f, Known: true}
		}
	case *ssa.Convert:
		return fl.through(v, v.X) // time.Duration(1 << attempt)
	case *ssa.ChangeType:
		return fl.through(v, v.X)
	case *ssa.UnOp:
		if v.Op == token.SUB {
			f := fl.flow(v.X)
			f.At0, f.Floor, f.FloorCap, f.Cap = -f.At0, 0, 0, 0
			return f
		}
		if v.Op == token.MUL {
			return fl.load(v)
		}
	case *ssa.BinOp:
		return fl.binop(v)
	case *ssa.Field:
		return fl.fieldWrites(structField(v), v.X) // p.initial of a policy passed by value
	case *ssa.Call:
		return fl.call(v)
	case *ssa.Parameter, *ssa.FreeVar:
		if f, ok := fl.params[v]; ok {
			return f
		}
		if p, ok := v.(*ssa.Parameter); ok && fl.r.yield && p.Parent() == fl.r.fn {
			return fl.yielded(p) // for d := range backoffs(base, n)
		}
		if p, ok := v.(*ssa.Parameter); ok && fl.r.self && p.Parent() == fl.r.fn {
			return fl.recursed(p)
		}
	case *ssa.Phi:
		if l := fl.r.loop; l != nil && v.Block() == l.Header && v.Parent() == fl.r.fn {
			return fl.carried(v)
		}
		f, first := Flow{}, true
		cp, capped := 0.0, true // flowcap.go
		var in []Flow
		for i, e := range v.Edges {
			g := fl.flow(e)
			in = append(in, g)
			if first {
				f, first = g, false
			} else {
				f.or(g)
			}
			b, ok := upper(g)
			if !ok {
				b = fl.guardCap(e, v.Block().Preds[i], v.Block()) // if d > maxDelay { d = maxDelay }
			}
			cp, capped = max(cp, b), capped && b > 0
		}
		if ordered(v) {
			f.Clamped = true
			fl.wrapClamp(&f, in, orderedConds(v), v) // if d > maxDelay { d = maxDelay }
		}
		if capped && cp > 0 {
			f.Cap = cp
		}
		return f
	}
	return Flow{Opaque: true}
}

func (fl *flower) binop(b *ssa.BinOp) Flow {
	x, y := fl.flow(b.X), fl.flow(b.Y)
	f := x
	f.merge(y)
	f.Known = x.Known && y.Known
	f.Step = linearStep(b.Op, x, y)
	f.Floor, f.FloorCap, f.Cap = 0, 0, fl.binCap(b, x, y)
	if least, base, ok := fl.floor(b, x, y); ok {
		// A jitter whose size is not seen (rand.N(j), j a parameter)
		// hides nothing of the delay it is added to, and the floor
		// steps as the delay does, up to the delay's clamp.
		f.Floor, f.FloorCap, f.Opaque, f.Step = least, floorCapOf(base), base.Opaque, base.Step
	}
	switch b.Op {
	case token.SHL:
		f.At0 = x.At0 * math.Pow(2, y.At0)
		if y.Varying && f.Growth == nil {
			f.Growth, f.Factor = b, 2 // base << attempt
		}
		f.grow = nil
		if y.Varying {
			f.grow = fl.grown(b, b.Y, y, x, 2)
		}
	case token.MUL:
		f.At0 = x.At0 * y.At0
		if (x.Varying || y.Varying) && f.Growth == nil {
			f.Linear = true // time.Duration(attempt) * time.Second
		}
	case token.QUO:
		if y.At0 != 0 {
			f.At0 = x.At0 / y.At0
		}
	case token.ADD:
		f.At0 = x.At0 + y.At0
		f.Known = f.Known && !offset(x, y)
	case token.SUB:
		f.At0 = x.At0 - y.At0
		f.Known = f.Known && !offset(x, y)
	default:
		f.Known = false
	}
	if b.Op != token.SHL {
		f.grow = scaled(b, x, y) // time.Second * (1 << attempt)
	}
	return f
}

// offset reports a geometric value plus or minus a constant that does not
// grow with it: time.Sleep(d + time.Second) with d doubling from 500ms
// waits 1.5s, 2s, 3s, 5s, not 1.5s doubling, so its waits are not
// At0 * Factor^n.
func offset(x, y Flow) bool {
	return x.Growth != nil && fixed(y) && y.At0 != 0 || y.Growth != nil && fixed(x) && x.At0 != 0
}

func (fl *flower) call(c *ssa.Call) Flow {
	args := func() (Flow, []Flow) {
		var f Flow
		var all []Flow
		for _, a := range c.Call.Args {
			g := fl.flow(a)
			f.merge(g)
			all = append(all, g)
		}
		return f, all
	}
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
		f, all := args()
		f.Clamped = f.Clamped || b.Name() == "min"
		f.At0, f.Known = extreme(all, b.Name() == "min")
		if b.Name() == "min" {
			f.Cap = minCap(all)
			fl.wrapClamp(&f, all, nil, c) // min(base<<attempt, maxDelay)
		} else {
			f.grow = nil
			if floored(all) {
				f.WrapsBeforeClamp, f.WrapsAfter, f.WrapsAt = false, 0, nil // max(d, minDelay)
			}
		}
		// A limit from a parameter does not hide the wait it limits:
		// min(wait*2, maxWait) is what wait is.
		f.Opaque = !slices.ContainsFunc(all, func(g Flow) bool { return !g.Opaque })
		return f
	}
	fn := Callee(c)
	switch {
	case fn == nil:
		return Flow{Opaque: true}
	case fl.r.p.random(fn):
		f, all := args()
		f.Random, f.Known, f.Cap, f.grow = true, false, drawCap(fn, all), nil
		return f
	case analysisutil.PkgPath(fn) == "math":
		f, all := args()
		switch fn.Name() {
		case "Min":
			f.Clamped = true
			f.At0, f.Known = extreme(all, true)
			f.Cap = minCap(all)
			fl.wrapClamp(&f, all, nil, c) // in floating point: wraps only if it was an integer
		case "Max":
			f.At0, f.Known = extreme(all, false)
			f.grow = nil
			if floored(all) {
				f.WrapsBeforeClamp, f.WrapsAfter, f.WrapsAt = false, 0, nil
			}
		case "Pow":
			f.grow = nil
			if len(all) == 2 {
				f.At0, f.Known = math.Pow(all[0].At0, all[1].At0), all[0].Known && all[1].Known
				if all[1].Varying && f.Growth == nil {
					f.Growth = c // math.Pow(2, float64(attempt))
					if all[0].Known {
						f.Factor = all[0].At0
					}
				}
				if all[1].Varying && fixed(all[0]) {
					f.grow = fl.grown(c, c.Call.Args[1], all[1], Flow{At0: 1, Known: true}, all[0].At0)
				}
			}
		case "Floor", "Ceil", "Round", "Trunc", "Abs":
			if len(all) == 1 {
				f.At0, f.Known, f.Cap = all[0].At0, all[0].Known, all[0].Cap
			}
			if f.grow != nil && fn.Name() != "Abs" {
				f.grow = f.grow.with(c)
			} else {
				f.grow = nil
			}
		default:
			f.Opaque, f.grow = true, nil
		}
		return f
	case analysisutil.PkgPath(fn) == "time" && analysisutil.RecvName(fn) == "Duration" && len(c.Call.Args) > 0:
		f := fl.flow(c.Call.Args[0]) // d.Seconds(), d.Round(x)
		f.Known, f.Floor, f.FloorCap, f.Cap, f.grow = false, 0, 0, 0, nil
		return f
	}
	return fl.helper(c)
}

// helper reads a call of a function of this package through its
// returns, its parameters bound to what the call passes. A helper that
// returns the cap past an ordering comparison saturates:
//
//	if d > maxDelay { return maxDelay }
func (fl *flower) helper(c *ssa.Call) Flow {
	callee := c.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != fl.r.p.pkg || len(callee.Blocks) == 0 || fl.depth >= 3 || len(callee.Params) != len(c.Call.Args) {
		return Flow{Opaque: true}
	}
	sub := &flower{r: fl.r, seen: map[ssa.Value]bool{}, params: map[ssa.Value]Flow{}, depth: fl.depth + 1, caller: fl, called: &c.Call}
	for i, a := range c.Call.Args {
		sub.params[callee.Params[i]] = fl.flow(a)
	}
	var f Flow
	first := true
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) == 0 {
			return Flow{Opaque: true}
		}
		g := sub.flow(ret.Results[0])
		if b.Idom() != nil && orderedIf(b.Idom()) {
			// if d > maxDelay { return maxDelay }; return d
			cmp := b.Idom().Instrs[len(b.Idom().Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp)
			sub.wrapClamp(&g, []Flow{g}, []*ssa.BinOp{cmp}, ret.Results[0])
		}
		if first {
			f, first = g, false
		} else {
			floor, floorCap, cp := joinFloor(f, g), joinFloorCap(f, g), joinCap(f, g)
			f.merge(g)
			f.Known, f.Floor, f.FloorCap, f.Cap = false, floor, floorCap, cp
		}
		if b.Idom() != nil && orderedIf(b.Idom()) {
			f.Clamped = true
		}
	}
	if first {
		return Flow{Opaque: true}
	}
	return f
}

// carried reads a value the loop carries from one attempt to the next:
// its first value, and how each way round updates it.
func (fl *flower) carried(phi *ssa.Phi) Flow {
	var f Flow
	defs := 0
	for i, e := range phi.Edges {
		if fl.r.loop.Has(phi.Block().Preds[i]) {
			continue
		}
		g := fl.flow(e)
		if defs++; defs == 1 {
			f.At0, f.Known, f.Floor = g.At0, g.Known, g.Floor
		} else {
			f.Known, f.Floor = false, joinFloor(f, g)
		}
		f.merge(g)
	}
	self := func(x ssa.Value) bool { return x == ssa.Value(phi) }
	// The cap is the largest bound of the ways round, each a clamped
	// update or a constant (flowcap.go); the first value is At0.
	cp, capped := 0.0, true
	for i, e := range phi.Edges {
		pred := phi.Block().Preds[i]
		if !fl.r.loop.Has(pred) || e == phi {
			continue
		}
		g := fl.stepped(e, pred, self, true)
		f.merge(g)
		b := g.Cap
		if b <= 0 {
			b = fl.guardCap(e, pred, phi.Block())
		}
		cp, capped = max(cp, b), capped && b > 0
	}
	if capped && cp > 0 {
		f.Cap = cp
	}
	f.Step = counterStep(phi, fl.r.loop)
	return f
}

// stepped reads one update of a value carried from one attempt to the
// next (self), made on the way round through block at: a loop's back
// edge, or a recursive retry's call of itself. A way round chosen by
// comparing the value with a limit clamps it when another way round
// keeps it (guarded): the builder may fold `if d > max { d = max }` into
// the head's phi, and `if shift < 6 { shift++ }` saturates.
func (fl *flower) stepped(e ssa.Value, at *ssa.BasicBlock, self func(ssa.Value) bool, guarded bool) Flow {
	k, growth, clamped := relative(e, self)
	clamped = clamped || guarded && (orderedOn(at, self) || at.Idom() != nil && orderedOn(at.Idom(), self))
	g := fl.flow(e)
	if u, ok := upper(g); ok {
		g.Cap = u // the update is at most a constant: d = maxDelay
	}
	g.Known = false
	switch {
	case k > 1 && growth != nil:
		g.Growth, g.Factor, g.SelfUpdate = growth, k, true
	case k == 0:
		g.Varying = true // attempt = attempt + 1
	}
	g.Clamped = g.Clamped || clamped
	return g
}

// recursed reads a parameter of a recursive retry the way carried reads
// a loop's phi: its first value is what the callers pass, unseen here,
// and each call of the function by itself updates it. A test of the
// parameter before the call is a round guard, not a clamp, unless
// another call passes the parameter on as it is.
//
//	func fetch(ctx context.Context, attempt int) error {
//		...
//		if attempt < 9 {
//			time.Sleep((1 << attempt) * time.Second) // grows, no cap
//			return fetch(ctx, attempt+1)
//		}
func (fl *flower) recursed(p *ssa.Parameter) Flow {
	i := slices.Index(fl.r.fn.Params, p)
	self := func(x ssa.Value) bool { return x == ssa.Value(p) }
	var updates []ssa.Value
	var at []*ssa.BasicBlock
	kept := false
	for _, b := range fl.r.fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if !ok || c.Common().StaticCallee() != fl.r.fn || i >= len(c.Common().Args) {
				continue
			}
			if e := c.Common().Args[i]; e != ssa.Value(p) {
				updates, at = append(updates, e), append(at, b)
			} else {
				kept = true
			}
		}
	}
	f := Flow{Opaque: true}
	for j, e := range updates {
		f.merge(fl.stepped(e, at[j], self, kept))
	}
	return f
}

// relative returns the factor by which an update multiplies the value
// it updates (d * 2, 2 * d, d << 1, d + d, float64(d) * 1.5, inside min
// or a clamping branch too), the instruction that does it, and whether
// the update is clamped; k is 0 when the update adds a step (a counter),
// 1 when it leaves the value as it is.
func relative(v ssa.Value, self func(ssa.Value) bool) (k float64, at ssa.Instruction, clamped bool) {
	k, at, clamped, ok := relativeIn(v, self, 0)
	if !ok {
		return 1, nil, false
	}
	return k, at, clamped
}

// relativeIn is relative, ok false when v is not made from self, depth
// the helpers it has gone through.
func relativeIn(v ssa.Value, self func(ssa.Value) bool, depth int) (float64, ssa.Instruction, bool, bool) {
	seen := map[ssa.Value]bool{}
	var rel func(v ssa.Value) (float64, ssa.Instruction, bool, bool)
	rel = func(v ssa.Value) (float64, ssa.Instruction, bool, bool) {
		v = Strip(v)
		if self(v) {
			return 1, nil, false, true
		}
		if seen[v] {
			return 0, nil, false, false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.BinOp:
			kx, _, cx, okx := rel(v.X)
			ky, _, cy, oky := rel(v.Y)
			num := func(x ssa.Value) float64 {
				if c, ok := Strip(x).(*ssa.Const); ok && c.Value != nil {
					f, _ := constant.Float64Val(constant.ToFloat(c.Value))
					return f
				}
				return 0
			}
			switch {
			case v.Op == token.MUL && okx:
				return kx * num(v.Y), v, cx, true
			case v.Op == token.MUL && oky:
				return ky * num(v.X), v, cy, true
			case v.Op == token.SHL && okx:
				return kx * math.Pow(2, num(v.Y)), v, cx, true
			case v.Op == token.ADD && okx && oky:
				return kx + ky, v, cx || cy, true
			case (v.Op == token.ADD || v.Op == token.SUB) && (okx || oky):
				return 0, v, cx || cy, true // a step
			}
		case *ssa.Call:
			if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "min" || analysisutil.IsFunc(Callee(v), "math", "", "Min") {
				for _, a := range v.Call.Args {
					if k, at, _, ok := rel(a); ok {
						return k, at, true, true
					}
				}
			}
			for i, a := range v.Call.Args {
				if ka, _, ca, ok := rel(a); ok {
					if kh, clamped, ok := stepsParam(v, i, depth); ok {
						return compose(ka, kh), v, ca || clamped, true // d = grow(d)
					}
				}
			}
		case *ssa.Phi:
			// if d > max { d = max }, if d < max { d *= 2 }: the way that
			// changes the value says how it changes, a step too (if d <
			// max { d = d*2 + delta }: nanotube's reconnect wait)
			best, found := 0.0, false
			var bestAt ssa.Instruction
			for _, e := range v.Edges {
				if k, at, _, ok := rel(e); ok && (!found || k > best && k != 1 || best == 1 && k != 1) {
					best, bestAt, found = k, at, true
				}
			}
			if found {
				return best, bestAt, ordered(v), true
			}
		}
		return 0, nil, false, false
	}
	return rel(v)
}

// stepsParam reads a call of a helper of the package that updates what
// it is given, its argument i: the factor its returns apply to that
// parameter, and whether a return is clamped (a min, or the cap returned
// past an ordering comparison). Every return must be made from the
// parameter or sit past such a comparison.
//
//	func grow(d time.Duration) time.Duration { return d * 2 }
//	func next(d time.Duration) time.Duration {
//		if d >= maxDelay { return maxDelay }
//		return d * 2
//	}
func stepsParam(c *ssa.Call, i int, depth int) (k float64, clamped, ok bool) {
	callee := c.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || depth >= 3 || len(callee.Params) != len(c.Call.Args) {
		return 0, false, false
	}
	param := callee.Params[i]
	self := func(x ssa.Value) bool { return x == ssa.Value(param) }
	for _, b := range callee.Blocks {
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet {
			continue
		}
		if len(ret.Results) == 0 {
			return 0, false, false
		}
		capped := b.Idom() != nil && orderedIf(b.Idom())
		kr, _, cr, made := relativeIn(ret.Results[0], self, depth+1)
		switch {
		case made:
			if !ok || kr > k {
				k = kr
			}
			ok, clamped = true, clamped || cr || capped
		case capped:
			clamped = true
		default:
			return 0, false, false
		}
	}
	return k, clamped, ok
}

// compose returns the factor of an update applied to a value that an
// update of factor a made: a step (0) on either side leaves a step.
func compose(a, b float64) float64 {
	if a == 0 || b == 0 {
		return 0
	}
	return a * b
}

// ordered reports a phi whose way in an ordering comparison chooses:
// the join of `if d > max { d = max }`. The branches between the idom
// and the phi may be several: `if d <= 0 || d > max` makes two, the
// limit in the second (orderedConds).
func ordered(phi *ssa.Phi) bool { return len(orderedConds(phi)) > 0 }

// orderedOn reports a block ending in a branch on an ordering comparison
// of a value made from self: d*2 > max.
func orderedOn(b *ssa.BasicBlock, self func(ssa.Value) bool) bool {
	if !orderedIf(b) {
		return false
	}
	c := b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp)
	for _, x := range []ssa.Value{c.X, c.Y} {
		if k, _, _ := relative(x, self); k != 1 || self(Strip(x)) {
			return true
		}
	}
	return false
}

// orderedIf reports a block ending in a branch on an ordering
// comparison: d > max, maxDelay <= d. A test of the sign is no limit but
// a guard against overflow, whose other way is no clamp
// (slack-go/slack#1585 waited 29 hours at the 20th attempt):
//
//	if dur = time.Duration(1 << n); dur > 0 {
//		dur *= b.initial // grows without limit
//	} else {
//		dur = b.max // only once the shift overflowed
//	}
func orderedIf(b *ssa.BasicBlock) bool {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	c, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || c.Op != token.GTR && c.Op != token.GEQ && c.Op != token.LSS && c.Op != token.LEQ {
		return false
	}
	return !isZero(Strip(c.X)) && !isZero(Strip(c.Y))
}

// isZero reports the constant 0.
func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && (c.Value.Kind() == constant.Int || c.Value.Kind() == constant.Float) && constant.Sign(c.Value) == 0
}

// load follows a variable kept in memory (one a closure shares, a field
// of the receiver a method updates: b.cur *= 2) through the stores to it
// in this function.
func (fl *flower) load(u *ssa.UnOp) Flow {
	addr := u.X
	if g, ok := addr.(*ssa.Global); ok {
		return fl.global(g)
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		if g, ok := fa.X.(*ssa.Global); ok {
			vals, ok := fl.r.p.globalField(g, fa.Field)
			if !ok {
				return Flow{Opaque: true}
			}
			return fl.all(vals) // time.Sleep(defaultCfg.Backoff)
		}
	}
	if fa, ok := addr.(*ssa.FieldAddr); ok && fl.bound[fa.X] != nil {
		if f, ok := fl.boundField(fa, fl.bound[fa.X]); ok {
			return f // q.attempts, stepped round the loop (calleewait.go)
		}
	}
	var f Flow
	defs := 0
	if fv, ok := addr.(*ssa.FreeVar); ok {
		if b, ok := fl.params[fv]; ok {
			f, defs = b, 1 // what the iterator's constructor captured
		}
	}
	for _, b := range u.Parent().Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok || !sameAddr(st.Addr, addr) {
				continue
			}
			g := fl.flow(st.Val)
			self := func(x ssa.Value) bool {
				l, ok := x.(*ssa.UnOp)
				return ok && l.Op == token.MUL && sameAddr(l.X, addr)
			}
			if k, at, clamped := relative(st.Val, self); at != nil || k == 0 {
				if k > 1 && g.Growth == nil && (st.Parent() != fl.r.fn || fl.r.loop == nil || fl.r.loop.Has(st.Block())) {
					g.Growth, g.Factor, g.SelfUpdate = at, k, true
				} else if k == 0 {
					g.Varying = true
				}
				g.Clamped = g.Clamped || clamped
			}
			if defs++; defs == 1 {
				f.At0, f.Known, f.Floor = g.At0, g.Known, g.Floor
			} else {
				f.Known, f.Floor = false, joinFloor(f, g)
			}
			f.merge(g)
		}
	}
	if defs == 0 {
		if fa, ok := addr.(*ssa.FieldAddr); ok {
			return fl.fieldWrites(fieldOf(fa), fa.X) // c.baseDelay, set by the constructor
		}
		return Flow{Opaque: true}
	}
	return f
}

// fieldWrites reads a field of one of the package's structs through
// every write to it, when all are in sight (FieldComplete): a policy its
// constructor fills in and its methods read.
//
//	func newClient() *client { return &client{base: 100 * time.Millisecond, max: 10 * time.Second} }
//	func (c *client) backoff(n int) time.Duration { return min(c.base<<n, c.max) }
//
// A field that is not read that way is still no random draw when it is
// a setting of the retry (settings.go): its size stays unknown.
func (fl *flower) fieldWrites(f *types.Var, base ssa.Value) Flow {
	if fl.r.p.FieldComplete(f) {
		var vals []ssa.Value
		for _, st := range fl.r.p.FieldStores(f) {
			vals = append(vals, st.Val)
		}
		if g := fl.all(vals); !g.Opaque || !fl.setting(f, base) {
			return g
		}
		return Flow{}
	}
	if fl.setting(f, base) {
		return Flow{}
	}
	return Flow{Opaque: true}
}

// sameAddr reports two addresses of the same variable: one local, or one
// field of one base value.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	fa, ok1 := a.(*ssa.FieldAddr)
	fb, ok2 := b.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && fa.X == fb.X
}

func extreme(all []Flow, smallest bool) (float64, bool) {
	v, ok := 0.0, false
	for _, f := range all {
		if !f.Known {
			continue
		}
		if !ok || (smallest && f.At0 < v) || (!smallest && f.At0 > v) {
			v, ok = f.At0, true
		}
	}
	return v, ok
}

// WaitParam returns the index of the duration parameter a function of
// this package waits on, or a wait it computes from (grown, clamped), or
// -1; random when the helper adds randomness to the wait, added when
// that randomness is only a jitter that cannot be negative added to the
// parameter itself, so that the helper waits at least what it is given
// (addedTo):
//
//	func sleepCtx(ctx context.Context, d time.Duration) error {
//		select { case <-time.After(d): ...
//
//	func backoffIf(d time.Duration, err error) time.Duration {
//		d = min(d+d/4, maxBackoff)
//		time.Sleep(d) ...
//
//	func sleepJitter(d time.Duration) { time.Sleep(d + rand.N(d/4)) }  // random, added
//	func sleepLess(d time.Duration) { time.Sleep(d - rand.N(d/4)) }    // random
func (p *Program) WaitParam(fn *ssa.Function) (i int, random, added bool) {
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg != p.pkg {
		return -1, false, false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || !catalog.IsWait(Callee(c)) || len(c.Call.Args) == 0 {
				continue
			}
			u := &under{p: p, seen: map[ssa.Value]bool{}}
			arg := c.Call.Args[len(c.Call.Args)-1]
			if prm := u.param(arg); prm != nil {
				// a parameter of fn: values do not cross functions
				return paramPos(prm), u.random, u.random && p.addedTo(arg, prm)
			}
		}
	}
	return -1, false, false
}

// under finds the parameter a duration is computed from through
// arithmetic, conversions, phis and min/max, noting random terms on the
// way (d + rand.N(d)).
type under struct {
	p      *Program
	seen   map[ssa.Value]bool
	random bool
}

func (u *under) param(v ssa.Value) *ssa.Parameter {
	v = Strip(v)
	if u.seen[v] {
		return nil
	}
	u.seen[v] = true
	var from []ssa.Value
	switch x := v.(type) {
	case *ssa.Parameter:
		return x
	case *ssa.Phi:
		from = x.Edges
	case *ssa.BinOp:
		from = []ssa.Value{x.X, x.Y}
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			from = x.Call.Args
		} else if u.p.random(Callee(x)) {
			u.random = true
		}
	}
	var found *ssa.Parameter
	for _, f := range from {
		if p := u.param(f); p != nil && found == nil {
			found = p
		}
	}
	return found
}

// global is the flow of an unexported package variable of this package,
// which only its own code sets: the values stored to it (var maxBackoff =
// 100 * time.Millisecond). Another package's or an exported one is
// opaque.
func (fl *flower) global(g *ssa.Global) Flow {
	obj := g.Object()
	if obj == nil || obj.Exported() || g.Pkg == nil || g.Pkg.Pkg != fl.r.p.pkg {
		return Flow{Opaque: true}
	}
	var vals []ssa.Value
	for _, st := range fl.r.p.globalStores(g) {
		vals = append(vals, st.Val)
	}
	return fl.all(vals)
}

// all is the flow of a variable given each of vals: known only when
// every one is the same known value.
func (fl *flower) all(vals []ssa.Value) Flow {
	if len(vals) == 0 {
		return Flow{Opaque: true}
	}
	var f Flow
	for i, v := range vals {
		h := fl.flow(v)
		if i == 0 {
			f = h
			continue
		}
		f.or(h)
	}
	return f
}
