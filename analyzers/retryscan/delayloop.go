package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The delay of a hand-rolled loop is read from what flows into the
// argument of each wait, following local variables, the loop counter and
// the package's own helper functions:
//
//	d := 100 * time.Millisecond              // first wait
//	for i := 0; ; i++ {
//		...
//		time.Sleep(d)                         // grows: d *= 2, no clamp
//		d *= 2
//	}
//
//	time.Sleep(base << attempt)               // grows with the counter
//	time.Sleep(min(base<<attempt, maxDelay))  // clamped
//	time.Sleep(rand.N(min(base<<n, cap)))     // clamped and jittered
//	time.Sleep(backoff(attempt))              // read through backoff's returns
//
// Anything the recognizer cannot see (a parameter, a struct field set
// elsewhere, a call into another package, a table lookup) makes the
// value opaque: it may be random, so the jitter is unknown.

// delayFlow is what contributes to a delay expression.
type delayFlow struct {
	growth  ast.Node // what grows geometrically: d *= 2, base << n, math.Pow(2, n)
	factor  float64  // growth per attempt, 0 when not constant
	clamped bool     // min(d, max), math.Min, if d > max { d = max }
	random  bool     // math/rand, crypto/rand, a jitter helper
	opaque  bool     // something the recognizer cannot see
	varying bool     // changes every attempt: a counter
	linear  bool     // grows by a step: time.Duration(i) * time.Second
	// at0 is the value at the first attempt, when known.
	at0   float64
	known bool
}

func (f *delayFlow) merge(g delayFlow) {
	if f.growth == nil {
		f.growth, f.factor = g.growth, g.factor
	}
	f.clamped = f.clamped || g.clamped
	f.random = f.random || g.random
	f.opaque = f.opaque || g.opaque
	f.varying = f.varying || g.varying
	f.linear = f.linear || g.linear
}

// delayEval follows values inside one function: the loop's, or a helper
// reached from it (then params holds what the caller passes).
type delayEval struct {
	s      *scanner
	fn     *ast.FuncDecl
	loop   ast.Node      // the loop statement; nil in a helper
	ifs    []*ast.IfStmt // the if statements of fn, on first need
	params map[types.Object]delayFlow
	seen   map[types.Object]bool
	depth  int
}

// delayPolicy refines a hand-rolled loop's delay: growth, cap, jitter.
func (s *scanner) delayPolicy(d *Delay, loop ast.Node, body *ast.BlockStmt) {
	decl := s.declOf(loop)
	if decl == nil || body == nil {
		return
	}
	type wait struct {
		call *ast.CallExpr
		arg  ast.Expr
	}
	var waits []wait
	for _, w := range d.Waits {
		if len(w.Args) == 1 {
			waits = append(waits, wait{w, w.Args[0]})
		}
	}
	// Local helpers that wait on a duration parameter:
	//	sleepCtx(ctx, d)  // func sleepCtx(ctx, d) { select { case <-time.After(d): ... } }
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if i := s.waitParam(call); i >= 0 && i < len(call.Args) {
				waits = append(waits, wait{call, call.Args[i]})
			}
		}
		return true
	})
	if len(waits) == 0 {
		return
	}
	jitter, opaque, kind := false, false, catalog.DelayConstant
	d.Capped = catalog.TriYes
	for _, w := range waits {
		ev := &delayEval{s: s, fn: decl, loop: loop, seen: map[types.Object]bool{}}
		f := ev.eval(w.arg)
		jitter = jitter || f.random
		opaque = opaque || f.opaque
		switch {
		case f.growth != nil && !f.clamped:
			if d.Capped != catalog.TriNo {
				d.Capped, d.Growth, d.Wait, d.Factor = catalog.TriNo, f.growth, w.call, f.factor
				if f.known && f.at0 > 0 && f.at0 < math.MaxInt64 {
					d.Initial = time.Duration(f.at0)
				}
			}
			kind = catalog.DelayExponential
		case f.growth != nil:
			kind = catalog.DelayExponential
		case f.linear && kind != catalog.DelayExponential:
			kind = catalog.DelayLinear
		case f.opaque && kind == catalog.DelayConstant:
			kind = catalog.DelayUnknown
		}
	}
	d.Kind = kind
	switch {
	case jitter:
		d.Jittered = catalog.TriYes
	case !opaque:
		d.Jittered = catalog.TriNo
	}
}

// declOf returns the function declaration holding a node.
func (s *scanner) declOf(n ast.Node) *ast.FuncDecl {
	for _, fi := range s.funcs {
		if fi.decl.Body != nil && fi.decl.Pos() <= n.Pos() && n.End() <= fi.decl.End() {
			return fi.decl
		}
	}
	return nil
}

// waitParam returns the index of the duration parameter a call of a
// local helper waits on, or -1.
func (s *scanner) waitParam(call *ast.CallExpr) int {
	fn := analysisutil.Callee(s.info, call)
	fi := s.byObj[fn]
	if fi == nil || fi.decl.Body == nil {
		return -1
	}
	var params []types.Object
	for _, fld := range fi.decl.Type.Params.List {
		for _, id := range fld.Names {
			params = append(params, s.info.Defs[id])
		}
	}
	idx := -1
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || idx >= 0 || !s.isWait(c) || len(c.Args) != 1 {
			return idx < 0
		}
		if id, ok := ast.Unparen(c.Args[0]).(*ast.Ident); ok {
			for i, p := range params {
				if p != nil && s.info.Uses[id] == p {
					idx = i
				}
			}
		}
		return idx < 0
	})
	return idx
}

// eval returns what flows into e.
func (ev *delayEval) eval(e ast.Expr) delayFlow {
	e = ast.Unparen(e)
	info := ev.s.info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		f := delayFlow{}
		if v, ok := constant.Float64Val(constant.ToFloat(tv.Value)); ok || tv.Value.Kind() == constant.Int {
			f.at0, f.known = v, true
		}
		return f
	}
	switch e := e.(type) {
	case *ast.Ident:
		obj := info.Uses[e]
		if f, ok := ev.params[obj]; ok {
			return f
		}
		if v, ok := obj.(*types.Var); ok {
			return ev.local(v, nil)
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			// A field: followed only through assignments in this function
			// (a method updating its receiver: b.cur *= 2).
			return ev.local(sel.Obj().(*types.Var), e)
		}
	case *ast.BinaryExpr:
		return ev.binary(e)
	case *ast.UnaryExpr:
		f := ev.eval(e.X)
		if e.Op == token.SUB {
			f.at0 = -f.at0
		}
		return f
	case *ast.CallExpr:
		return ev.call(e)
	}
	return delayFlow{opaque: true}
}

func (ev *delayEval) binary(e *ast.BinaryExpr) delayFlow {
	x, y := ev.eval(e.X), ev.eval(e.Y)
	f := x
	f.merge(y)
	f.known = x.known && y.known
	switch e.Op {
	case token.SHL:
		f.at0 = x.at0 * math.Pow(2, y.at0)
		if y.varying && f.growth == nil {
			f.growth, f.factor = e, 2 // base << attempt
		}
	case token.MUL:
		f.at0 = x.at0 * y.at0
		if (x.varying || y.varying) && f.growth == nil {
			f.linear = true // time.Duration(attempt) * time.Second
		}
	case token.QUO:
		if y.at0 != 0 {
			f.at0 = x.at0 / y.at0
		}
	case token.ADD:
		f.at0 = x.at0 + y.at0
	case token.SUB:
		f.at0 = x.at0 - y.at0
	default:
		f.known = false
	}
	return f
}

func (ev *delayEval) call(e *ast.CallExpr) delayFlow {
	info := ev.s.info
	if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
		return ev.eval(e.Args[0]) // time.Duration(x), float64(n)
	}
	args := func() (delayFlow, []delayFlow) {
		var f delayFlow
		var all []delayFlow
		for _, a := range e.Args {
			g := ev.eval(a)
			f.merge(g)
			all = append(all, g)
		}
		return f, all
	}
	if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			f, all := args()
			f.clamped = f.clamped || b.Name() == "min"
			f.at0, f.known = extreme(all, b.Name() == "min")
			return f
		}
	}
	fn := analysisutil.Callee(info, e)
	switch {
	case fn == nil:
		return delayFlow{opaque: true}
	case catalog.IsRandom(fn):
		f, _ := args()
		f.random, f.known = true, false
		return f
	case analysisutil.PkgPath(fn) == "math":
		f, all := args()
		switch fn.Name() {
		case "Min":
			f.clamped = true
			f.at0, f.known = extreme(all, true)
		case "Max":
			f.at0, f.known = extreme(all, false)
		case "Pow":
			if len(all) == 2 {
				f.at0, f.known = math.Pow(all[0].at0, all[1].at0), all[0].known && all[1].known
				if all[1].varying && f.growth == nil {
					f.growth = e // math.Pow(2, float64(attempt))
					if all[0].known {
						f.factor = all[0].at0
					}
				}
			}
		case "Floor", "Ceil", "Round", "Trunc", "Abs":
			if len(all) == 1 {
				f.at0, f.known = all[0].at0, all[0].known
			}
		default:
			f.opaque = true
		}
		return f
	case analysisutil.PkgPath(fn) == "time" && analysisutil.RecvName(fn) == "Duration":
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			f := ev.eval(sel.X) // d.Seconds(), d.Round(x)
			f.known = false
			return f
		}
	}
	return ev.helper(fn, e)
}

// helper reads a call of a function of this package through its return
// statements, with its parameters bound to what the call passes.
func (ev *delayEval) helper(fn *types.Func, call *ast.CallExpr) delayFlow {
	fi := ev.s.byObj[fn]
	if fi == nil || fi.decl.Body == nil || ev.depth >= 3 {
		return delayFlow{opaque: true}
	}
	params := map[types.Object]delayFlow{}
	i := 0
	for _, fld := range fi.decl.Type.Params.List {
		for _, id := range fld.Names {
			if i < len(call.Args) {
				params[ev.s.info.Defs[id]] = ev.eval(call.Args[i])
			}
			i++
		}
	}
	sub := &delayEval{s: ev.s, fn: fi.decl, params: params, seen: map[types.Object]bool{}, depth: ev.depth + 1}
	var f delayFlow
	first, saturates := true, false
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return true
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			// A saturating helper returns the cap past a comparison:
			//	if d > maxDelay { return maxDelay }
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if _, ok := m.(*ast.ReturnStmt); ok && isOrdering(n.Cond) {
					saturates = true
				}
				return true
			})
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				f.opaque = true
				return true
			}
			g := sub.eval(n.Results[0])
			if first {
				f, first = g, false
			} else {
				f.merge(g)
				f.known = false
			}
		}
		return true
	})
	f.clamped = f.clamped || saturates
	return f
}

// isOrdering reports an ordering comparison: d > max.
func isOrdering(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	return ok && (b.Op == token.GTR || b.Op == token.GEQ || b.Op == token.LSS || b.Op == token.LEQ)
}

// extreme is the smallest (or largest) of the known first values.
func extreme(all []delayFlow, smallest bool) (float64, bool) {
	v, ok := 0.0, false
	for _, f := range all {
		if !f.known {
			continue
		}
		if !ok || (smallest && f.at0 < v) || (!smallest && f.at0 > v) {
			v, ok = f.at0, true
		}
	}
	return v, ok
}

// local follows a variable, or a field when sel is set, through its
// assignments:
//
//	d := time.Second        // first value
//	d *= 2                  // grows, when inside the loop (or a helper)
//	d = min(d*2, maxDelay)  // grows, clamped
//	if d > maxDelay {       // clamped
//		d = maxDelay
//	}
//	attempt++               // varying: a counter
//
// A local variable's assignments come from the shared value-flow index; a
// field is followed only through the assignments in this function (a
// method updating its receiver: b.cur *= 2). A variable with no
// definition (a parameter, a field set elsewhere) is opaque.
func (ev *delayEval) local(v *types.Var, sel *ast.SelectorExpr) delayFlow {
	if ev.seen[v] {
		return delayFlow{} // the variable's own value in its update: d = d * 2
	}
	ev.seen[v] = true
	defer delete(ev.seen, v)
	info := ev.s.info
	refers := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(e) == v
		case *ast.SelectorExpr:
			return sel != nil && info.ObjectOf(e.Sel) == v
		}
		return false
	}
	var f delayFlow
	defs := 0
	def := func(g delayFlow) {
		defs++
		if defs == 1 {
			f.at0, f.known = g.at0, g.known
		} else {
			f.known = false
		}
		f.merge(g)
	}
	assign := func(n *ast.AssignStmt, rhs ast.Expr) {
		if rhs == nil {
			def(delayFlow{opaque: true}) // d, err := parse()
			return
		}
		ev.assign(&f, n, rhs, v, refers, def)
		if guard := ev.guard(n); guard != nil && comparesWith(guard.Cond, refers) {
			f.clamped = true // if d > max { d = max }, if d < max { d *= 2 }
		}
	}
	if sel == nil && isLocal(v) {
		for _, d := range ev.s.x.Defs(v) {
			switch n := d.Node.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) != len(n.Lhs) {
					assign(n, nil)
				} else {
					assign(n, d.RHS)
				}
			case *ast.ValueSpec:
				switch {
				case d.RHS == nil:
					def(delayFlow{known: true}) // var attempt int
				case d.Result != 0:
					def(delayFlow{opaque: true}) // var a, b = f()
				default:
					def(ev.eval(d.RHS))
				}
			case *ast.RangeStmt:
				if id, ok := n.Key.(*ast.Ident); ok && info.Defs[id] == v && isInteger(info.TypeOf(n.X)) {
					def(delayFlow{known: true, varying: true}) // for attempt := range n
				} else {
					def(delayFlow{opaque: true})
				}
			}
		}
		if len(ev.s.x.Steps(v)) > 0 {
			f.varying = true // attempt++
		}
	} else {
		ast.Inspect(ev.fn, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					switch {
					case !refers(l):
					case len(n.Rhs) != len(n.Lhs):
						assign(n, nil)
					default:
						assign(n, n.Rhs[i])
					}
				}
			case *ast.IncDecStmt:
				if refers(n.X) {
					f.varying = true
				}
			}
			return true
		})
	}
	if defs == 0 {
		f.opaque, f.known = true, false
	}
	return f
}

// isLocal reports whether v is a local variable or a parameter, whose
// every assignment the value-flow index holds.
func isLocal(v *types.Var) bool {
	return !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

// guard returns the innermost if statement of the function whose body
// holds n, or nil.
func (ev *delayEval) guard(n ast.Node) *ast.IfStmt {
	if ev.ifs == nil {
		ev.ifs = []*ast.IfStmt{}
		ast.Inspect(ev.fn, func(m ast.Node) bool {
			if is, ok := m.(*ast.IfStmt); ok {
				ev.ifs = append(ev.ifs, is)
			}
			return true
		})
	}
	var in *ast.IfStmt
	for _, is := range ev.ifs {
		if is.Body.Pos() <= n.Pos() && n.End() <= is.Body.End() && (in == nil || is.Body.Pos() > in.Body.Pos()) {
			in = is
		}
	}
	return in
}

// assign adds one assignment of v to f.
func (ev *delayEval) assign(f *delayFlow, n *ast.AssignStmt, rhs ast.Expr, v *types.Var, refers func(ast.Expr) bool, def func(delayFlow)) {
	perAttempt := ev.loop == nil || (ev.loop.Pos() <= n.Pos() && n.Pos() < ev.loop.End())
	self := mentions(rhs, refers)
	switch n.Tok {
	case token.DEFINE, token.ASSIGN:
		g := ev.eval(rhs)
		if !self {
			def(g)
			return
		}
		if k := selfFactor(ev.s.info, rhs, refers); k > 1 && perAttempt && g.growth == nil {
			g.growth, g.factor = n, k // d = d * 2, d = min(d*2, max)
		} else if k == 0 {
			g.varying = true // attempt = attempt + 1
		}
		g.known = false
		f.merge(g)
	case token.MUL_ASSIGN, token.SHL_ASSIGN:
		g := ev.eval(rhs)
		k := g.at0
		if n.Tok == token.SHL_ASSIGN {
			k = math.Pow(2, g.at0)
		}
		if g.known && !g.opaque && k > 1 && perAttempt && f.growth == nil {
			f.growth, f.factor = n, k // d *= 2, d <<= 1
		}
		g.known = false
		f.merge(g)
	case token.ADD_ASSIGN, token.SUB_ASSIGN:
		g := ev.eval(rhs)
		if self && perAttempt && f.growth == nil {
			f.growth, f.factor = n, 2 // d += d
		}
		if !g.opaque && !g.random {
			f.varying = true // attempt += 1, d += step
		}
		g.known = false
		f.merge(g)
	default:
		g := ev.eval(rhs)
		g.known = false
		f.merge(g)
	}
}

// selfFactor returns k for an update that multiplies v by a constant k:
// d * 2, 2 * d, d << 1, d + d, time.Duration(float64(d) * 1.5), and the
// same inside min or math.Min; 0 when rhs is not such an update.
func selfFactor(info *types.Info, rhs ast.Expr, refers func(ast.Expr) bool) float64 {
	num := func(e ast.Expr) float64 {
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			f, _ := constant.Float64Val(constant.ToFloat(tv.Value))
			return f
		}
		return 0
	}
	isV := func(e ast.Expr) bool { return refers(stripConv(info, e)) }
	switch e := stripConv(info, rhs).(type) {
	case *ast.BinaryExpr:
		switch {
		case e.Op == token.MUL && isV(e.X):
			return num(e.Y)
		case e.Op == token.MUL && isV(e.Y):
			return num(e.X)
		case e.Op == token.SHL && isV(e.X):
			return math.Pow(2, num(e.Y))
		case e.Op == token.ADD && isV(e.X) && isV(e.Y):
			return 2
		}
	case *ast.CallExpr:
		for _, a := range e.Args {
			if k := selfFactor(info, a, refers); k != 0 {
				return k
			}
		}
	}
	return 0
}

// stripConv removes parentheses and conversions: time.Duration(float64(d)).
func stripConv(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// mentions reports whether e refers to the variable.
func mentions(e ast.Node, refers func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && refers(x) {
			found = true
		}
		return !found
	})
	return found
}

// comparesWith reports an ordering comparison of the variable, the
// condition of a clamp: d > max, maxDelay <= d.
func comparesWith(cond ast.Expr, refers func(ast.Expr) bool) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.GTR, token.GEQ, token.LSS, token.LEQ:
				if mentions(b.X, refers) || mentions(b.Y, refers) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
