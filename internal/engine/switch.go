package engine

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A switch is a bool of a retry's configuration that must be true for a
// failed attempt to go round, and that the package leaves false unless
// its user turns it on: an SDK's retry loop that runs on every call but
// retries only when the client's configuration says so.
//
//	func NewConfig() *Config { return &Config{AutoRetry: false, MaxRetryTime: 3} }
//	func (c *Config) WithAutoRetry(on bool) *Config { c.AutoRetry = on; return c }
//
//	for retryTimes := 0; retryTimes <= client.config.MaxRetryTime; retryTimes++ {
//		resp, err = client.httpClient.Do(req)
//		if err != nil && !client.config.AutoRetry {
//			return // off: one attempt
//		}
//		if client.config.AutoRetry && (err != nil || isServerError(resp)) {
//			continue
//		}
//		break
//	}
//
// Whether such a loop retries is its user's setting, not the library's:
// a caller that does not turn the switch on where it can be seen makes
// one attempt as far as anyone knows.
type Switch struct {
	// Field is the bool; Owner the named struct type that declares it.
	Field *types.Var
	Owner *types.TypeName
	// Setters are the package's functions that store one of their
	// parameters in the field (WithAutoRetry), with that parameter's
	// index in the signature (the receiver not counted).
	Setters []Setter
}

// Setter is a function that turns a switch on or off by its argument.
type Setter struct {
	Func  *types.Func
	Param int
}

// Switch returns the switch every way round of the walk w (a failed
// attempt) passes, or nil. A bool is a switch when each way that goes
// round tests it true (directly, or a negation of it false), it is read
// from the region's configuration (a field of a value held before the
// loop: the receiver, a parameter), and the package's every write of it
// is a parameter or the constant false: a library that sets it true
// anywhere (its own default) retries on its own, and a flag the attempt
// raises (c.retryable = true) is an outcome, not a setting. A field of
// another package's struct, whose writes are out of sight, is no switch.
func (r *Region) Switch(w *Walk) *Switch {
	if w == nil || w.Void || r.loop == nil {
		return nil
	}
	var common map[*types.Var]*ssa.FieldAddr
	rounds := 0
	for _, p := range w.Paths {
		if p.End != EndRound {
			continue
		}
		rounds++
		here := map[*types.Var]*ssa.FieldAddr{}
		for _, b := range p.Branches {
			if b.Value != catalog.TriUnknown {
				continue
			}
			if fa, on := r.switchTest(b.If.Cond); fa != nil && on == b.Taken {
				here[fieldOf(fa)] = fa
			}
		}
		if common == nil {
			common = here
			continue
		}
		for f := range common {
			if here[f] == nil {
				delete(common, f)
			}
		}
	}
	if rounds == 0 {
		return nil
	}
	for f, fa := range common {
		if sw := r.p.switchOf(f, fa); sw != nil {
			return sw
		}
	}
	return nil
}

// switchTest returns the field load a condition tests, and whether the
// condition is true when the field is: c.AutoRetry (true), !c.AutoRetry
// (false).
func (r *Region) switchTest(cond ssa.Value) (*ssa.FieldAddr, bool) {
	on := true
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond, on = u.X, !on
	}
	u, ok := cond.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil, false
	}
	f := fieldOf(fa)
	if f == nil || !types.Identical(f.Type().Underlying(), types.Typ[types.Bool]) {
		return nil, false
	}
	if !r.madeBefore(fa.X) {
		return nil, false
	}
	return fa, on
}

// madeBefore reports whether the struct a field is read from is made
// before the region's loop: the root of its selections and loads is a
// parameter, a captured or package variable, or a value the function
// makes before the loop (a receiver a closure captures is kept in one).
// A field of what an attempt returns (resp.Retryable) is made in the loop.
func (r *Region) madeBefore(base ssa.Value) bool {
	root, _ := loadRoot(base) // nil when not found
	switch x := root.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return true
	case ssa.Instruction:
		return !r.loop.Has(x.Block())
	}
	return false
}

// switchOf returns the switch a field is, or nil: see Region.Switch.
func (p *Program) switchOf(f *types.Var, fa *ssa.FieldAddr) *Switch {
	if f == nil || !p.FieldWritesSeen(f) {
		return nil
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	sw := &Switch{Field: f, Owner: named.Obj()}
	for _, st := range p.FieldStores(f) {
		switch v := st.Val.(type) {
		case *ssa.Const:
			if v.Value == nil || v.Value.Kind() != constant.Bool || constant.BoolVal(v.Value) {
				return nil // the library turns it on itself
			}
		case *ssa.Parameter:
			if s := setterOf(v); s != nil {
				sw.Setters = append(sw.Setters, *s)
			}
		default:
			return nil // computed: an outcome or a copy of something else
		}
	}
	return sw
}

// setterOf returns the function whose parameter p is, with p's index.
func setterOf(p *ssa.Parameter) *Setter {
	fn := p.Parent()
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil {
		return nil
	}
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	for i, q := range fn.Params {
		if q == p && i >= recv {
			return &Setter{Func: obj, Param: i - recv}
		}
	}
	return nil
}
