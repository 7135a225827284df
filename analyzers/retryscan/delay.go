package retryscan

import (
	"go/ast"
	"go/constant"
	"math"
	"sort"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// isWait reports whether a call waits between attempts of a hand-rolled
// loop (catalog.IsWait): time.Sleep(d), time.After(d), t.Reset(d).
func (s *scanner) isWait(call *ast.CallExpr) bool {
	return catalog.IsWait(analysisutil.Callee(s.info, call))
}

// loopDelay collects the waits of a hand-rolled loop. Whether the delay
// grows, is capped or is jittered is worked out by delayPolicy.
func (s *scanner) loopDelay(site *Site) Delay {
	body := site.BodyBlock()
	d := Delay{Kind: catalog.DelayNone}
	var pauses []*ast.CallExpr // wait(n) of a library's pause (pauses.go)
	var ctor *ast.CallExpr
	eachCall(body, func(n *ast.CallExpr) {
		if s.isWait(n) {
			d.Waits = append(d.Waits, n)
		} else if c := s.pauseCtor(site.fn, n); c != nil {
			pauses, ctor = append(pauses, n), c
		}
	})
	if len(d.Waits) > 0 {
		d.Kind = catalog.DelayUnknown
	}
	s.delayPolicy(&d, site)
	if len(d.Waits) == 0 && len(pauses) > 0 {
		return s.pauseDelay(site, pauses, ctor)
	}
	return d
}

// libraryDelay starts from the catalog row's default delay policy and
// refines it from the visible configuration.
func (s *scanner) libraryDelay(site *Site, config []ast.Node) Delay {
	d := Delay{}
	if site.entry != nil {
		d.Kind, d.Capped, d.Jittered = site.entry.Delay, site.entry.Capped, site.entry.Jittered
		if def, ok := catalog.LookupDelayDefault(site.entry.Symbol); ok {
			d.Initial, d.Factor = def.Initial, def.Factor
		}
	}
	return s.refineDelay(site, d, config)
}

// delayRow is a catalogued delay option found in a site's configuration:
// the node it was found at and the value it sets.
type delayRow struct {
	row  *catalog.DelayOption
	node ast.Node
	val  ast.Expr
	// factor is the argument holding the growth (row.FactorArg), or nil.
	factor ast.Expr
	// fact marks a row read from another package's helper; opaque, a
	// policy that package could not read.
	fact, opaque bool
}

// refineDelay refines a library's delay d from its options, in three
// tiers whatever their order in the source: a policy argument
// (retry.DelayType(f), backoff.WithBackOff(b)) replaces the default;
// constructors (retry.NewExponential, backoff.NewConstantBackOff,
// wait.Backoff{}) bring their own defaults; explicit options
// (retry.MaxDelay, WithJitter, RandomizationFactor: 0) refine them, later
// ones winning.
//
//	b := backoff.NewExponentialBackOff()   // exponential, capped, jittered
//	b.RandomizationFactor = 0              // not jittered
//	backoff.Retry(op, b)
func (s *scanner) refineDelay(site *Site, d Delay, config []ast.Node) Delay {
	nodes := append([]ast.Node{site.node}, config...)
	var rows []delayRow
	for _, n := range nodes {
		rows = append(rows, s.delayRows(n)...)
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].node.Pos() < rows[j].node.Pos() })
	for _, r := range rows {
		if r.row.Effect != catalog.DelPolicy {
			continue
		}
		d = Delay{Kind: catalog.DelayUnknown}
		if r.opaque || (!r.fact && !s.readablePolicy(site.fn, r.val)) {
			return d // a delay func or backoff built where it cannot be seen
		}
	}
	for _, r := range rows {
		if r.row.Constructor {
			s.applyCtor(&d, r)
		}
	}
	for _, r := range rows {
		if !r.row.Constructor {
			s.applyOption(&d, r)
		}
	}
	return d
}

// delayRows returns the delay rows a configuration node matches: a call
// of a catalogued function, a struct literal of a catalogued type and its
// fields, a field assignment, a function or variable used as a value, and
// the items of another package's helper (see itemsOf).
func (s *scanner) delayRows(n ast.Node) []delayRow {
	var out []delayRow
	for _, it := range s.itemsOf(n) {
		if row := delayOption(&it); row != nil {
			r := delayRow{row: row, node: it.node, val: it.value(row.Arg), fact: it.fact, opaque: it.opaque}
			if row.FactorArg >= 0 {
				r.factor = it.value(row.FactorArg) // a field's value would come back for -1
			}
			out = append(out, r)
		}
	}
	return out
}

// readablePolicy reports whether a delay policy argument is built where
// the recognizer sees it: a catalogued value, a call of a catalogued
// constructor, or a local variable assigned one.
func (s *scanner) readablePolicy(fn ast.Node, val ast.Expr) bool {
	if val == nil {
		return false
	}
	for _, n := range s.configNodes(fn, val) {
		for _, r := range s.delayRows(n) {
			if r.row.Effect != catalog.DelPolicy {
				return true
			}
		}
	}
	return false
}

// applyCtor applies a constructor's defaults.
func (s *scanner) applyCtor(d *Delay, r delayRow) {
	row := r.row
	switch row.Effect {
	case catalog.DelGrowth:
		d.Kind, d.Growth, d.Factor, d.Initial = catalog.DelayExponential, r.node, row.Factor, row.Initial
	case catalog.DelConstant:
		d.Kind, d.Factor, d.Initial = catalog.DelayConstant, 1, row.Initial
	case catalog.DelLinear:
		d.Kind = catalog.DelayLinear
	case catalog.DelNone:
		d.Kind = catalog.DelayNone
	}
	if row.FactorArg >= 0 {
		// Exponential(d, base): Rican7 truncates base^n to a whole
		// number, so only a whole base grows as the model says.
		d.Factor = 0
		if f, ok := s.floatConst(r.factor); ok && f > 1 && f == math.Trunc(f) {
			d.Factor = f
		}
	}
	if v, ok := s.durationConst(r.val); ok && (row.Effect == catalog.DelGrowth || row.Effect == catalog.DelConstant) {
		d.Initial = v
		if row.GrowsFirst && d.Factor > 1 {
			d.Initial = time.Duration(float64(v) * d.Factor)
		}
	}
	if row.Capped != catalog.TriUnknown {
		d.Capped = row.Capped
	}
	if row.Jittered != catalog.TriUnknown {
		d.Jittered, d.Evidence = row.Jittered, r.node
	}
}

// applyOption applies an explicit option.
func (s *scanner) applyOption(d *Delay, r delayRow) {
	zero := false
	if v := s.constValue(r.val); v != nil && (v.Kind() == constant.Int || v.Kind() == constant.Float) {
		zero = constant.Sign(v) == 0
	}
	switch r.row.Effect {
	case catalog.DelCap:
		d.Capped = catalog.TriYes
		if zero && r.row.ZeroRemoves {
			d.Capped = catalog.TriNo
		}
	case catalog.DelJitter:
		d.Jittered, d.Evidence = catalog.TriYes, r.node
		if zero && r.row.ZeroRemoves {
			d.Jittered = catalog.TriNo
		}
	case catalog.DelInitial:
		d.Initial, _ = s.durationConst(r.val)
	case catalog.DelFactor:
		f, ok := s.floatConst(r.val)
		switch {
		case !ok:
			if d.Kind == catalog.DelayConstant {
				d.Kind = catalog.DelayUnknown
			}
			d.Factor = 0
		case f <= 1:
			if d.Kind == catalog.DelayExponential {
				d.Kind, d.Growth = catalog.DelayConstant, nil
			}
			d.Factor = 1
		default:
			if d.Kind == catalog.DelayConstant || d.Kind == catalog.DelayExponential {
				d.Kind, d.Growth = catalog.DelayExponential, r.node
			}
			d.Factor = f
		}
	}
}

// durationConst returns the value of a constant integer expression as a
// duration.
func (s *scanner) durationConst(e ast.Expr) (time.Duration, bool) {
	if e == nil {
		return 0, false
	}
	n, ok := s.intConst(e)
	return time.Duration(n), ok && n > 0
}

// floatConst returns the value of a constant numeric expression.
func (s *scanner) floatConst(e ast.Expr) (float64, bool) {
	if e == nil {
		return 0, false
	}
	v := s.constValue(e)
	if v == nil {
		return 0, false
	}
	f, _ := constant.Float64Val(constant.ToFloat(v))
	return f, v.Kind() == constant.Int || v.Kind() == constant.Float
}
