package engine

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A package's own sentinel that it produces only when the thing asked
// for is not there says "not found" as sql.ErrNoRows does:
//
//	var errNotFound = errors.New("not found")
//
//	func get(ctx context.Context, url string) error {
//		...
//		if resp.StatusCode == http.StatusNotFound {
//			return errNotFound
//		}
//		...
//	}
//
// so a loop that goes round only on errors.Is(err, errNotFound) polls
// (the recognizer's absence.go). The sentinel is made once, by
// errors.New or by fmt.Errorf without %w (it wraps nothing), and never
// assigned again; it is produced somewhere in the package, and every
// place that produces it (any use but a comparison: returned, assigned,
// wrapped, passed on) sits where a test that says "not found" holds:
// the branch of HTTP 404 or gRPC NotFound, of a catalogued absence
// (errors.Is(err, sql.ErrNoRows), os.IsNotExist, apierrors.IsNotFound),
// of another such sentinel of the package, of a predicate of the
// package that returns one of these tests; or in an unexported function
// of the package called only from such places:
//
//	if errors.Is(err, sql.ErrNoRows) {
//		return notFound(id) // return fmt.Errorf("%w: %s", ErrNotFound, id)
//	}
//
// Its name and message are not enough. "leader not found" and "no
// endpoint found" are outages that a retry rides out, and a sentinel
// the package declares but never produces (a shared package of errors
// that its importers return) says nothing of where it is produced: both
// stay ordinary errors. Which package returns an exported sentinel
// outside its own is not seen either.

// SetAbsences gives the program the error variables of other packages
// known to mean "not found" (from the recognizer's facts). It is called
// once, before any question.
func (p *Program) SetAbsences(lookup func(*types.Var) bool) { p.absences = lookup }

// absence reports an error variable or constant that means "not
// found": one of the catalog, one of the package's own variables
// (AbsenceSentinels), or another package's that its facts say so.
func (p *Program) absence(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	switch {
	case catalog.IsAbsenceSentinel(obj):
		return true
	case !ok || v == nil:
		return false
	case v.Pkg() == p.pkg:
		return p.ownAbsences()[v]
	}
	return p.absences != nil && p.absences(v)
}

// AbsenceSentinels returns the package's error variables that mean "not
// found", in source order.
func (p *Program) AbsenceSentinels() []*types.Var {
	var out []*types.Var
	for v := range p.ownAbsences() {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// ownAbsences is worked out once per package: its error variables are
// few, and one pass over its instructions finds what is done with them.
func (p *Program) ownAbsences() map[*types.Var]bool {
	p.absentOnce.Do(func() { p.absent = p.findAbsences() })
	return p.absent
}

// sentinelUse is what the package does with one error variable.
type sentinelUse struct {
	v        *types.Var
	g        *ssa.Global
	made     bool              // stored once, by the package initializer, from errors.New or fmt.Errorf without %w
	bad      bool              // stored again, made otherwise, or its address taken
	produced []*ssa.BasicBlock // the blocks that produce it
}

// absenceScan holds what findAbsences learns of the package: its error
// variables and the static calls of its functions.
type absenceScan struct {
	p       *Program
	known   map[*types.Var]bool // proven so far
	calls   map[*ssa.Function][]*ssa.BasicBlock
	escapes map[*ssa.Function]bool // used as a value: called from where nobody sees
}

// absenceDepth bounds the helpers followed up to a test and the
// predicates read for one.
const absenceDepth = 2

func (p *Program) findAbsences() map[*types.Var]bool {
	p.build()
	a := &absenceScan{p: p, known: map[*types.Var]bool{}, calls: map[*ssa.Function][]*ssa.BasicBlock{}, escapes: map[*ssa.Function]bool{}}
	var uses []*sentinelUse
	byGlobal := map[*ssa.Global]*sentinelUse{}
	for _, m := range p.ssa.Members {
		if g, ok := m.(*ssa.Global); ok {
			if v, ok := g.Object().(*types.Var); ok && analysisutil.IsErrorType(v.Type()) {
				u := &sentinelUse{v: v, g: g}
				uses = append(uses, u)
				byGlobal[g] = u
			}
		}
	}
	if len(uses) == 0 {
		return a.known
	}
	init := p.ssa.Func("init")
	var ops []*ssa.Value
	for _, fn := range p.allFuncs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, ok := in.(*ssa.DebugRef); ok {
					continue // a source reference, no use
				}
				ops = in.Operands(ops[:0])
				for i, op := range ops {
					switch x := (*op).(type) {
					case *ssa.Global:
						if u := byGlobal[x]; u != nil {
							u.note(in, fn == init)
						}
					case *ssa.Function:
						a.noteFunc(in, i, x)
					}
				}
			}
		}
	}
	// A sentinel produced on the branch of another (ErrNotFound on
	// errNoRow) is proven after it: round after round until none is.
	for changed := true; changed; {
		changed = false
		for _, u := range uses {
			if a.known[u.v] || !u.made || u.bad || len(u.produced) == 0 {
				continue
			}
			all := true
			for _, b := range u.produced {
				if !a.under(b, 0) {
					all = false
					break
				}
			}
			if all {
				a.known[u.v] = true
				changed = true
			}
		}
	}
	return a.known
}

// note records one instruction that names the variable.
func (u *sentinelUse) note(in ssa.Instruction, inInit bool) {
	switch in := in.(type) {
	case *ssa.Store:
		if in.Addr == u.g && inInit && !u.made && madeFresh(in.Val) {
			u.made = true
			return
		}
	case *ssa.UnOp:
		if in.Op == token.MUL {
			if produces(in) {
				u.produced = append(u.produced, in.Block())
			}
			return
		}
	}
	u.bad = true
}

// madeFresh reports an error made by errors.New or by fmt.Errorf with
// a constant format that wraps nothing: its verbs, read as calls.go
// reads them for %w, hold no w ("%%w" is a percent sign and a w; a
// format with indexed verbs is not read, so not fresh).
func madeFresh(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	fn := Callee(c)
	switch {
	case analysisutil.IsFunc(fn, "errors", "", "New"):
		return true
	case analysisutil.IsFunc(fn, "fmt", "", "Errorf"):
		verbs := formatVerbs(c.Call.Args)
		return verbs != nil && !slices.Contains(verbs, 'w')
	}
	return false
}

// produces reports whether a load of the variable is used other than in
// a comparison: err == errNotFound and errors.Is(err, errNotFound) test
// for it, return errNotFound produces it.
func produces(load *ssa.UnOp) bool {
	for _, r := range *load.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if r.Op != token.EQL && r.Op != token.NEQ {
				return true
			}
		case *ssa.Call:
			if !analysisutil.IsFunc(Callee(r), "errors", "", "Is") {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// noteFunc records a static call of a function of the package, or a use
// of it as a value.
func (a *absenceScan) noteFunc(in ssa.Instruction, operand int, fn *ssa.Function) {
	if c, ok := in.(*ssa.Call); ok && operand == 0 && c.Call.StaticCallee() == fn {
		a.calls[fn] = append(a.calls[fn], c.Block())
		return
	}
	a.escapes[fn] = true
}

// under reports whether block b runs only where a test says "not found":
// an edge of an if that dominates it, or, for the block of an unexported
// function called only from such places, each call.
//
//	if resp.StatusCode != http.StatusNotFound {
//		return fmt.Errorf("status %d", resp.StatusCode)
//	}
//	return errNotFound // the false edge of != 404
//
// A test of another error met first, on the way up, says that b answers
// that failure, even under a "not found" further up:
//
//	if os.IsNotExist(err) {
//		if _, err := fetch(ctx); err != nil {
//			return errUnavailable // a failed fetch, not "not found"
//		}
//	}
func (a *absenceScan) under(b *ssa.BasicBlock, depth int) bool {
	for c := b; c.Idom() != nil; c = c.Idom() {
		d := c.Idom()
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(c.Preds) != 1 || c.Preds[0] != d {
			continue // c is not entered by one edge of an if in d
		}
		if when, ok := a.cond(ifi.Cond, 0); ok && (c == d.Succs[0]) == when {
			return true
		}
		if testsError(ifi.Cond) {
			return false
		}
	}
	fn := b.Parent()
	if depth >= absenceDepth || !a.helper(fn) {
		return false
	}
	for _, site := range a.calls[fn] {
		if !a.under(site, depth+1) {
			return false
		}
	}
	return true
}

// testsError reports a condition on an error: err != nil,
// errors.Is(err, errBusy), isTransient(err).
func testsError(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.UnOp:
		return v.Op == token.NOT && testsError(v.X)
	case *ssa.BinOp:
		return isErrorType(v.X.Type()) || isErrorType(v.Y.Type())
	case *ssa.Call:
		return slices.ContainsFunc(v.Call.Args, func(x ssa.Value) bool { return isErrorType(x.Type()) })
	}
	return false
}

// helper reports an unexported function of the package, no method or
// closure, that only static calls of the package reach.
func (a *absenceScan) helper(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && fn.Parent() == nil && fn.Signature.Recv() == nil && !obj.Exported() && !a.escapes[fn] && len(a.calls[fn]) > 0
}

// cond reports whether condition v says "not found", and whether it does
// when it is true (when) or when it is false (status != 404).
func (a *absenceScan) cond(v ssa.Value, depth int) (when, ok bool) {
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.NOT {
			when, ok := a.cond(v.X, depth)
			return !when, ok
		}
	case *ssa.BinOp:
		if (v.Op == token.EQL || v.Op == token.NEQ) && (a.says(v.X, v.Y) || a.says(v.Y, v.X)) {
			return v.Op == token.EQL, true
		}
	case *ssa.Call:
		fn := Callee(v)
		switch {
		case analysisutil.IsFunc(fn, "errors", "", "Is") && len(v.Call.Args) == 2:
			return true, a.absentErr(v.Call.Args[1])
		case catalog.IsAbsencePredicate(fn):
			return true, true
		}
		return true, depth < absenceDepth && a.predicate(v.Call.StaticCallee(), depth+1)
	}
	return false, false
}

// says reports whether x equal to c means "not found": c is an error
// that does, gRPC's codes.NotFound, or 404 compared with a status.
func (a *absenceScan) says(c, x ssa.Value) bool {
	if a.absentErr(c) {
		return true
	}
	k, ok := c.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return false
	}
	n, _ := constant.Int64Val(k.Value)
	if isGRPCCode(k.Type()) {
		return n == grpcNotFound
	}
	return n == catalog.HTTPNotFound && a.status(x)
}

// absentErr reports a load of an error variable that means "not found":
// the catalog's, another package's by its facts, or one of the
// package's proven so far.
func (a *absenceScan) absentErr(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return false
	}
	sv, ok := g.Object().(*types.Var)
	if !ok {
		return false
	}
	if sv.Pkg() == a.p.pkg {
		return a.known[sv]
	}
	return catalog.IsAbsenceSentinel(sv) || a.p.absences != nil && a.p.absences(sv)
}

// status reports an integer that 404 is compared with as an HTTP status:
// in a package that speaks HTTP (imports net/http) any, elsewhere one
// read from a field, a method or a parameter named for a status or a
// code (apiErr.StatusCode, e.HTTPStatusCode(), code int).
func (a *absenceScan) status(x ssa.Value) bool {
	x = Strip(x)
	if !isInt(x.Type()) {
		return false
	}
	if analysisutil.Imports(a.p.pkg, "net/http") {
		return true
	}
	var name string
	switch x := x.(type) {
	case *ssa.UnOp:
		if f := FieldOf(x); f != nil {
			name = f.Name() // apiErr.StatusCode
		}
	case *ssa.Field:
		if f := structField(x); f != nil {
			name = f.Name() // a struct value's field
		}
	case *ssa.Call:
		if fn := Callee(x); fn != nil {
			name = fn.Name()
		}
	case *ssa.Parameter:
		name = x.Name()
	}
	return looseStatusName(name)
}

// predicate reports a bool function of the package that is true only
// when a test in it says "not found", false otherwise:
//
//	func isNotFound(err error) bool {
//		return status.Code(err) == codes.NotFound
//	}
func (a *absenceScan) predicate(fn *ssa.Function, depth int) bool {
	if fn == nil || fn.Pkg != a.p.ssa || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return false
	}
	some := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		vals := []ssa.Value{ret.Results[0]}
		if phi, ok := ret.Results[0].(*ssa.Phi); ok {
			vals = phi.Edges // err != nil && status.Code(err) == codes.NotFound
		}
		for _, v := range vals {
			if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value) {
				continue
			}
			if when, ok := a.cond(v, depth); !ok || !when {
				return false
			}
			some = true
		}
	}
	return some
}
