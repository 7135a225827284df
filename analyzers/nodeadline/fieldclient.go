package nodeadline

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// A service's client often keeps its *http.Client in a field that its
// constructors fill, and its methods send on it with the caller's
// context. Whether a request can hang then depends on which constructor
// made the receiver, which only the caller of the method knows:
//
//	func New(base string) *Client { return &Client{HTTP: &http.Client{}} }   // no Timeout
//	func (c *Client) GetOrder(ctx context.Context, id string) (*Order, error) {
//		req, _ := http.NewRequestWithContext(ctx, "GET", c.BaseURL+id, nil)
//		resp, err := c.HTTP.Do(req) // GetOrder: reaches(param 0 via http.Client.Do on HTTP)
//
//	c := apiclient.New(url)
//	retry.Do(func() error { _, err := c.GetOrder(context.Background(), id); return err })
//	// reported: the receiver comes from New, whose HTTP has no Timeout
//
// The method's ReachFact names the receiver's field (Field) only when
// the field keeps what its struct was built with: no function of its
// package but a constructor writes it (no SetHTTPClient, no option
// closure), and none sets its Timeout through it or hands it on (no
// SetTimeout, no accessor). The constructor's ClientFieldsFact lists the
// fields of what it returns that hold a client made without Timeout.
// The caller is reported when every value the receiver can be is built
// with such a client in the field, and the caller neither writes the
// field nor hands the receiver to other code. Built means by such a
// constructor, or by a struct literal of the calling package, in place
// or in a helper of the package whose returns the engine reads
// (engine.SourcesIn), with the field set to a client made without
// Timeout:
//
//	func newAPI(url string) *apiclient.Client {
//		return &apiclient.Client{URL: url, HTTP: &http.Client{}}
//	}
//	c := newAPI(url)
//	c.Get(context.Background(), "/status") // reported, as for apiclient.New
//
// A literal that leaves the field unset gets whatever the method does
// with a nil client, which the fact does not say: it is not judged. A
// field set from a value the analyzer cannot judge (a parameter of an
// exported function, a client of another package's constructor) is
// assumed to have a Timeout, as everywhere.

// ClientFieldsFact is exported for an exported function returning a
// struct of its package (or a pointer to one) whose listed *http.Client
// fields hold a client made without Timeout.
type ClientFieldsFact struct {
	Fields []string
}

func (*ClientFieldsFact) AFact() {}

func (f *ClientFieldsFact) String() string {
	return "noTimeout(" + strings.Join(f.Fields, ", ") + ")"
}

// recvField returns the field of the top function's receiver a client
// value is loaded from (c.HTTP in a method of *Client), or nil.
func (t *tracer) recvField(v ssa.Value) *types.Var {
	u, ok := v.(*ssa.UnOp)
	if !ok || t.top == nil || t.top.Signature.Recv() == nil || len(t.top.Params) == 0 {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	srcs := t.p.SourcesIn(fa.X, nil)
	if len(srcs) != 1 || srcs[0].Value != ssa.Value(t.top.Params[0]) {
		return nil
	}
	return engine.FieldOf(u)
}

// constructorFields returns the *http.Client fields of the struct the
// exported function fn returns that hold a client made without Timeout.
func (c *checker) constructorFields(fi *funcInfo) []string {
	sig := fi.obj.Type().(*types.Signature)
	if !fi.obj.Exported() || sig.Results().Len() == 0 || sig.Recv() != nil || sig.TypeParams() != nil {
		return nil
	}
	st := c.ownStruct(sig.Results().At(0).Type())
	if st == nil || !slices.ContainsFunc(slices.Collect(st.Fields()), func(f *types.Var) bool { return isClient(f.Type()) }) {
		return nil // no client field: nothing to trace (and no SSA to build on every dependency with constructors)
	}
	t := c.tracer(fi)
	if t.top == nil {
		return nil
	}
	var allocs []*ssa.Alloc
	for _, b := range t.top.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(r.Results) == 0 {
			continue
		}
		for _, src := range t.p.SourcesIn(r.Results[0], nil) {
			a, ok := src.Value.(*ssa.Alloc)
			if !ok || src.In != nil {
				return nil // made by a helper, or out of sight
			}
			allocs = append(allocs, a)
		}
	}
	var out []string
	for i := range st.NumFields() {
		f := st.Field(i)
		if !isClient(f.Type()) || !c.onlyConstructorsWrite(f) {
			continue
		}
		if len(allocs) > 0 && !slices.ContainsFunc(allocs, func(a *ssa.Alloc) bool { return !t.allocField(a, f) }) {
			out = append(out, f.Name())
		}
	}
	return out
}

// ownStruct returns the struct of the package a type is, or points to.
func (c *checker) ownStruct(t types.Type) *types.Struct {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != c.pass.Pkg {
		return nil
	}
	st, _ := n.Underlying().(*types.Struct)
	return st
}

// allocField reports whether the struct a makes has field f set, in the
// function making it, to a client made without Timeout, and only to such.
func (t *tracer) allocField(a *ssa.Alloc, f *types.Var) bool {
	var vals []ssa.Value
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || engine.FieldOf(fa) != f {
			continue
		}
		for _, w := range *fa.Referrers() {
			if st, ok := w.(*ssa.Store); ok && st.Addr == ssa.Value(fa) {
				vals = append(vals, st.Val)
			}
		}
	}
	if len(vals) == 0 {
		return false
	}
	if t.exported == nil {
		t.exported = map[*types.Var]bool{} // a constructor's exported field: its loads are in sight
		defer func() { t.exported = nil }()
	}
	for _, v := range vals {
		if _, ok := t.noTimeout(v, "Timeout"); !ok {
			return false
		}
	}
	return true
}

// onlyConstructorsWrite reports whether every write of the package to a
// field is in an exported function returning the field's struct.
func (c *checker) onlyConstructorsWrite(f *types.Var) bool {
	if !c.p.FieldWritesSeen(f) {
		return false
	}
	for _, st := range c.p.FieldStores(f) {
		fn := st.Parent()
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() {
			return false
		}
		sig := obj.Type().(*types.Signature)
		if sig.Recv() != nil || sig.Results().Len() == 0 || c.ownStruct(sig.Results().At(0).Type()) == nil {
			return false
		}
	}
	return true
}

// fieldAsMade reports whether a client field of the package keeps what
// its struct was built with: only constructors write it, and no code of
// the package sets its Timeout through it or hands it on.
func (c *checker) fieldAsMade(t *tracer, f *types.Var) bool {
	if !c.onlyConstructorsWrite(f) {
		return false
	}
	if t.exported == nil {
		t.exported = map[*types.Var]bool{} // as for a constructor (allocField)
		defer func() { t.exported = nil }()
	}
	for _, l := range c.p.FieldLoads(f) {
		if t.configured(engine.Source{Value: l}, []string{"Timeout"}) {
			return false
		}
	}
	return true
}

// exportClientFields exports a ClientFieldsFact for each constructor of
// the package with fields holding a client made without Timeout.
func (c *checker) exportClientFields() {
	for _, fi := range c.funcs {
		if fields := c.constructorFields(fi); len(fields) > 0 {
			c.pass.ExportObjectFact(fi.obj, &ClientFieldsFact{Fields: fields})
		}
	}
}

// fieldResolved reads a ReachFact whose outbound call sends on a field
// of the receiver, at a call of the method: the fact with no field when
// every value the receiver can be is built with a client made without
// Timeout in the field; the fact as it is when the receiver is the
// calling method's own (its summary keeps the field); nil otherwise.
func (c *checker) fieldResolved(s site, rf *ReachFact) *ReachFact {
	in := c.instr(s)
	if in == nil || in.Common().IsInvoke() {
		return nil
	}
	t := c.tracer(s.fi)
	recv := engine.Recv(in)
	srcs := t.p.SourcesIn(recv, nil)
	if len(srcs) == 1 && t.top != nil && t.top.Signature.Recv() != nil && len(t.top.Params) > 0 && srcs[0].Value == ssa.Value(t.top.Params[0]) {
		return rf
	}
	if len(srcs) == 0 {
		return nil
	}
	for _, src := range srcs {
		if !c.builtLeaving(t, src, rf.Field) {
			return nil
		}
	}
	out := *rf
	out.Field = ""
	return &out
}

// builtLeaving reports whether a value the receiver can be holds, in the
// field, a client made without Timeout that the caller leaves as it is:
// the result of a constructor whose fact lists the field, or a struct
// literal of the package that sets the field to such a client.
func (c *checker) builtLeaving(t *tracer, src engine.Source, field string) bool {
	var own []ssa.Instruction
	switch v := src.Value.(type) {
	case *ssa.Call:
		if !c.leavesField(v, field) {
			return false
		}
	case *ssa.Alloc:
		var ok bool
		if own, ok = t.builtWith(v, src.In, field); !ok {
			return false
		}
	default:
		return false
	}
	return !t.touched(src, field, own)
}

// builtWith reports whether the struct a makes, read in frame in, has
// the field set to clients made without Timeout, and only to such, by
// the function making it; it returns the instructions of that building
// (the field's writes, a whole literal stored), which are not the caller
// touching the field.
//
//	c := &apiclient.Client{URL: url, HTTP: &http.Client{}}
//	c := apiclient.Client{URL: url, HTTP: http.DefaultClient}   // a literal stored whole in c
func (t *tracer) builtWith(a *ssa.Alloc, in *engine.Frame, field string) ([]ssa.Instruction, bool) {
	var own []ssa.Instruction
	var vals []*ssa.Store
	var fields func(a *ssa.Alloc) bool
	fields = func(a *ssa.Alloc) bool {
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if f := engine.FieldOf(r); f == nil || f.Name() != field || !isClient(f.Type()) {
					continue
				}
				own = append(own, r)
				for _, w := range *r.Referrers() {
					if st, ok := w.(*ssa.Store); ok && st.Addr == ssa.Value(r) {
						vals = append(vals, st)
					}
				}
			case *ssa.Store:
				// c := T{...}: the literal is built in a temporary and
				// stored whole.
				if r.Addr != ssa.Value(a) {
					continue // a is stored: touched's to judge
				}
				ld, ok := r.Val.(*ssa.UnOp)
				if !ok || ld.Op != token.MUL {
					return false
				}
				lit, ok := ld.X.(*ssa.Alloc)
				if n := len(vals); !ok || lit == a || !fields(lit) || len(vals) == n {
					return false // not a literal, or one leaving the field unset
				}
				own = append(own, r)
			}
		}
		return true
	}
	if !fields(a) || len(vals) == 0 {
		return nil, false // unset: the method's own default, which no fact says
	}
	for _, st := range vals {
		if t.kept != nil && !t.kept[st] {
			t.kept[st] = true
			defer delete(t.kept, st)
		}
	}
	for _, st := range vals {
		if _, ok := t.noTimeoutIn(st.Val, in, []string{"Timeout"}); !ok {
			return nil, false
		}
	}
	return own, true
}

// leavesField reports a call of a constructor whose fact lists the field.
func (c *checker) leavesField(call *ssa.Call, field string) bool {
	fn := engine.Callee(call)
	if fn == nil {
		return false
	}
	var fields []string
	if fn.Pkg() == c.pass.Pkg {
		if fi := c.funcOf(fn); fi != nil {
			fields = c.constructorFields(fi)
		}
	} else if f := new(ClientFieldsFact); c.imported(fn, f) {
		fields = f.Fields
	}
	return slices.Contains(fields, field)
}

// funcOf returns the funcInfo of a function of the package, or nil.
func (c *checker) funcOf(fn *types.Func) *funcInfo {
	for _, fi := range c.funcs {
		if fi.obj == fn {
			return fi
		}
	}
	return nil
}

// touched reports whether the caller may change what a receiver's field
// holds: it writes the field (other than through own, the writes that
// build it), configures the client through it, or hands the receiver to
// code other than a method call on it.
func (t *tracer) touched(src engine.Source, field string, own []ssa.Instruction) bool {
	for _, u := range t.p.Uses(src) {
		if _, ok := u.Instr.(*ssa.Store); ok && slices.Contains(own, u.Instr) {
			continue // the literal stored whole
		}
		switch in := u.Instr.(type) {
		case *ssa.FieldAddr:
			if f := engine.FieldOf(in); f == nil || f.Name() != field {
				continue
			}
			if written(in) && !slices.Contains(own, ssa.Instruction(in)) {
				return true
			}
			for _, l := range *in.Referrers() {
				if ld, ok := l.(*ssa.UnOp); ok && t.configured(engine.Source{Value: ld}, []string{"Timeout"}) {
					return true
				}
			}
		case ssa.CallInstruction:
			if engine.Recv(in) != u.Value || handed(in, u.Value) {
				return true
			}
		default:
			return true
		}
	}
	return false
}
