package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Where a value comes from and where it goes, across the package's
// functions. A helper is read as if its return statements were written
// in place: the values it returns are in a frame, the call, inside which
// its parameters stand for the call's arguments.
//
//	func newRequest(ctx context.Context, u string) (*http.Request, error) {
//		return http.NewRequestWithContext(ctx, "GET", u, nil)
//	}
//	req, _ := newRequest(context.Background(), u)
//
// SourcesIn(req, nil) is the NewRequestWithContext call in the frame of
// the newRequest call; SourcesIn of its context argument in that frame
// is the context.Background() call. Forward, Uses follows a value into
// the variables and fields it is kept in and out of a helper's return:
//
//	func newClient() *http.Client { return &http.Client{} }
//	c := newClient()
//	c.Timeout = time.Second     // a use of the &http.Client{}: its Timeout is set

// Frame is a call of one of the package's functions whose returns are
// read: inside it, the callee's parameters are the call's arguments.
type Frame struct {
	Call *ssa.Call
	// Outer is the frame the call itself is read in, nil at the top.
	Outer *Frame
}

// FrameKey identifies a frame by the calls it is read through: two
// frames made apart for the same calls have the same key.
type FrameKey [maxFrames]*ssa.Call

// Key returns the frame's key; nil's is the zero key.
func (f *Frame) Key() FrameKey {
	var k FrameKey
	for i := 0; f != nil && i < maxFrames; f, i = f.Outer, i+1 {
		k[i] = f.Call
	}
	return k
}

// Source is a value a value is made of, and the frame it is read in.
type Source struct {
	Value ssa.Value
	In    *Frame
}

// maxFrames bounds the helpers read inside one another; a call deeper
// than that is a source itself.
const maxFrames = 8

// SourcesIn is Sources read in a frame (nil: the top), through the
// package's helpers: the returns of a function of the package a call
// makes are read in the frame of that call, and a parameter of a frame's
// function is the argument the call passes, read in the frame around it.
// A call of a function already being read (a recursion) adds nothing. A
// field's writes are read at the top: they may come from any call of the
// function that makes them. A variable kept in memory is what the
// function and the closures sharing it store; one whose address is
// handed on (f(&v)) or written in part is a source itself.
func (p *Program) SourcesIn(v ssa.Value, in *Frame) []Source {
	type key struct {
		v  ssa.Value
		in *Frame
	}
	var out []Source
	seen := map[key]bool{}
	frames := map[FrameKey]*Frame{} // one frame per chain of calls
	var visit func(v ssa.Value, in *Frame)
	visit = func(v ssa.Value, in *Frame) {
		if v == nil || seen[key{v, in}] {
			return
		}
		seen[key{v, in}] = true
		call, idx := v, 0
		switch x := v.(type) {
		case *ssa.Parameter:
			for f := in; f != nil; f = f.Outer {
				if f.Call.Call.StaticCallee() == x.Parent() {
					if i := paramPos(x); i < len(f.Call.Call.Args) {
						visit(f.Call.Call.Args[i], f.Outer)
						return
					}
				}
			}
		case *ssa.Extract:
			call, idx = x.Tuple, x.Index
		case *ssa.UnOp:
			if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && p.GlobalComplete(g) {
				for _, st := range p.globalStores(g) {
					visit(st.Val, nil) // written by any function of the package
				}
				return
			}
			if _, ok := loadOf(x); ok {
				sts, ok := variable(x.X)
				if !ok || len(sts) == 0 {
					out = append(out, Source{v, in})
				}
				for _, st := range sts {
					visit(st.Val, in)
				}
				return
			}
		}
		if c, ok := call.(*ssa.Call); ok {
			switch fr, how := p.enter(c, in); how {
			case entered:
				if f, ok := frames[fr.Key()]; ok {
					fr = f
				}
				frames[fr.Key()] = fr
				for _, r := range p.returned(c, idx) {
					visit(r, fr)
				}
				return
			case recursion:
				return
			case tooDeep:
				out = append(out, Source{v, in})
				return
			}
		}
		defIn := in
		if FieldOf(v) != nil {
			defIn = nil
		}
		for _, d := range p.defs(v) {
			if d == v {
				out = append(out, Source{v, in})
			} else {
				visit(d, defIn)
			}
		}
	}
	visit(v, in)
	return out
}

// variable returns the stores to a variable kept in memory (addr is its
// Alloc, or the free variable of a closure sharing it) made by the
// function declaring it and by every closure sharing it; ok is false
// when something else takes its address: a call (f(&v)), a store of the
// address, a field or element address (a write in part).
func variable(addr ssa.Value) (sts []*ssa.Store, ok bool) {
	for {
		fv, isFree := addr.(*ssa.FreeVar)
		if !isFree {
			break
		}
		if addr = Binding(fv); addr == nil {
			return nil, false
		}
	}
	if _, isAlloc := addr.(*ssa.Alloc); !isAlloc {
		return nil, false
	}
	ok = true
	var visit func(a ssa.Value)
	visit = func(a ssa.Value) {
		for _, r := range *a.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == a {
					sts = append(sts, r)
				} else {
					ok = false
				}
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.MakeClosure:
				if fv := freeVar(r, a); fv != nil {
					visit(fv)
				}
			default:
				ok = false
			}
		}
	}
	visit(addr)
	return sts, ok
}

type entry uint8

const (
	notLocal  entry = iota // not a function of the package with a body
	entered                // its returns are read in a new frame
	recursion              // it is being read already
	tooDeep                // maxFrames are being read
)

// enter says whether the returns of the function a call makes are read,
// and in which frame.
func (p *Program) enter(c *ssa.Call, in *Frame) (*Frame, entry) {
	fn := c.Call.StaticCallee()
	if !p.own(fn) {
		return nil, notLocal
	}
	depth := 0
	for f := in; f != nil; f = f.Outer {
		if f.Call.Call.StaticCallee() == fn {
			return nil, recursion
		}
		depth++
	}
	if depth >= maxFrames {
		return nil, tooDeep
	}
	return &Frame{Call: c, Outer: in}, entered
}

// paramPos returns a parameter's position among its function's
// parameters, the receiver first.
func paramPos(prm *ssa.Parameter) int {
	for i, q := range prm.Parent().Params {
		if q == prm {
			return i
		}
	}
	return -1
}

// ParamIndex returns a parameter's index as written in its function's
// signature: the receiver is -1, the first parameter after it 0.
func ParamIndex(prm *ssa.Parameter) int {
	i := paramPos(prm)
	if prm.Parent().Signature.Recv() != nil {
		i--
	}
	return i
}

// Use is an instruction that takes a value, or a copy of it, as an
// operand.
type Use struct {
	Instr ssa.Instruction
	// Value is the operand: the value itself or the copy the
	// instruction takes.
	Value ssa.Value
	// In is the frame the instruction is read in: the source's, or one
	// around it when a copy left a frame's function by its return.
	In *Frame
}

// Uses returns where a value goes: the instructions that take it or a
// copy of it. Copies are followed through phis, conversions (into an
// interface too), the variables it is stored in, captured or not (their
// loads, and the free variables of the closures capturing them), the
// fields of the package whose every write is visible (every load of the
// field: any may read it), and, for a value read in a frame, the return
// of the frame's function (the call's result, in the frame around it).
// The stores that make those copies are not uses; a store of the value
// anywhere else is, and so is a variable holding it whose address is
// handed on.
//
//	conn, err := net.Dial("tcp", addr)
//	r := bufio.NewReader(conn)      // a use: a call given conn, as an io.Reader
//	defer conn.Close()              // a use: a call on conn
func (p *Program) Uses(src Source) []Use {
	type key struct {
		v  ssa.Value
		in *Frame
	}
	var out []Use
	seen := map[key]bool{}
	var work []key
	add := func(v ssa.Value, in *Frame) {
		if v != nil && !seen[key{v, in}] {
			seen[key{v, in}] = true
			work = append(work, key{v, in})
		}
	}
	// cell follows a variable the value is stored in: its loads are
	// copies, and so is the variable a closure shares.
	var cell func(addr ssa.Value, in *Frame)
	cell = func(addr ssa.Value, in *Frame) {
		if addr == nil || seen[key{addr, in}] {
			return
		}
		seen[key{addr, in}] = true
		for _, r := range *addr.Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				add(r, in) // a load
			case *ssa.Store:
				if r.Addr != addr {
					out = append(out, Use{r, addr, in})
				}
			case *ssa.MakeClosure:
				cell(freeVar(r, addr), in)
			case *ssa.DebugRef:
			default:
				out = append(out, Use{r, addr, in}) // &v handed on
			}
		}
		if fv, ok := addr.(*ssa.FreeVar); ok {
			cell(Binding(fv), in) // the variable, as the enclosing function has it
		}
	}
	add(src.Value, src.In)
	for len(work) > 0 {
		k := work[len(work)-1]
		work = work[:len(work)-1]
		v, in := k.v, k.in
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.Phi, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface:
				add(r.(ssa.Value), in)
			case *ssa.Convert:
				if types.Identical(r.X.Type().Underlying(), r.Type().Underlying()) {
					add(r, in)
				} else {
					out = append(out, Use{r, v, in})
				}
			case *ssa.MakeClosure:
				if fv := freeVar(r, v); fv != nil {
					add(fv, in) // the closure shares the variable v is
				}
			case *ssa.Store:
				if r.Val != v {
					out = append(out, Use{r, v, in}) // a write through v
					continue
				}
				switch a := r.Addr.(type) {
				case *ssa.Alloc:
					cell(a, in)
				case *ssa.FreeVar:
					cell(a, in)
				case *ssa.Global:
					if !p.GlobalComplete(a) {
						out = append(out, Use{r, v, in})
						continue
					}
					for _, l := range p.fields().globals.loads[a] {
						add(l, nil)
					}
				default:
					if f := FieldOf(a); f != nil && p.FieldComplete(f) {
						for _, l := range p.fieldLoads(f) {
							add(l, nil)
						}
					} else {
						out = append(out, Use{r, v, in})
					}
				}
			case *ssa.Return:
				if in == nil || r.Parent() != in.Call.Call.StaticCallee() {
					out = append(out, Use{r, v, in})
					continue
				}
				for i, res := range r.Results {
					if res == v {
						add(Result(in.Call, i), in.Outer)
					}
				}
			default:
				out = append(out, Use{r, v, in})
			}
		}
	}
	return out
}

// freeVar returns the free variable of a closure that a binding fills,
// or nil.
func freeVar(mc *ssa.MakeClosure, b ssa.Value) ssa.Value {
	fn := mc.Fn.(*ssa.Function)
	for i, x := range mc.Bindings {
		if x == b && i < len(fn.FreeVars) {
			return fn.FreeVars[i]
		}
	}
	return nil
}

// fieldLoads returns every read of a field in the package: loads of its
// address and selections from struct values.
func (p *Program) fieldLoads(f *types.Var) []ssa.Value {
	var out []ssa.Value
	for _, fn := range p.allFuncs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.FieldAddr:
					if fieldOf(x) != f {
						continue
					}
					for _, r := range *x.Referrers() {
						if u, ok := r.(*ssa.UnOp); ok {
							out = append(out, u)
						}
					}
				case *ssa.Field:
					if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() && st.Field(x.Field) == f {
						out = append(out, x)
					}
				}
			}
		}
	}
	return out
}

// Result returns the value of result i of a call: the call itself when
// it has one result, else its extract; nil when that result is not
// used.
func Result(c *ssa.Call, i int) ssa.Value {
	if c.Call.Signature().Results().Len() == 1 {
		if i == 0 {
			return c
		}
		return nil
	}
	for _, r := range *c.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			return e
		}
	}
	return nil
}

// Used reports whether result i of a call is read, stored or handed on:
// the cancel func of ctx, cancel := context.WithCancel(parent) that is
// called, deferred or kept.
func Used(c *ssa.Call, i int) bool {
	r := Result(c, i)
	return r != nil && slices.ContainsFunc(*r.Referrers(), func(ref ssa.Instruction) bool {
		_, debug := ref.(*ssa.DebugRef)
		return !debug
	})
}

// Arg returns argument i of a call as written, the receiver not
// counted, or nil.
func Arg(c ssa.CallInstruction, i int) ssa.Value {
	cc := c.Common()
	if !cc.IsInvoke() && cc.Signature().Recv() != nil {
		i++
	}
	if i < 0 || i >= len(cc.Args) {
		return nil
	}
	return cc.Args[i]
}

// ExprIn is Expr for a value used in block b, constants included: a
// constant has no referrers, but the block's debug references name it
// (client := http.Client{} stores the zero Client).
func ExprIn(v ssa.Value, b *ssa.BasicBlock) ast.Expr {
	if e := Expr(v); e != nil {
		return e
	}
	for _, in := range b.Instrs {
		if d, ok := in.(*ssa.DebugRef); ok && d.X == v {
			return d.Expr
		}
	}
	return nil
}

// GlobalWrites returns the values the package stores in one of its
// unexported package variables, its initializer included; ok is false
// when the variable is exported or its address is used for anything but
// a load or a store to it (a write out of sight).
//
//	var db *sql.DB
//	func open() (err error) { db, err = sql.Open("sqlite", p); return }
func (p *Program) GlobalWrites(g *ssa.Global) (vals []ssa.Value, ok bool) {
	obj := g.Object()
	if obj == nil || obj.Exported() || obj.Pkg() != p.pkg {
		return nil, false
	}
	var ops []*ssa.Value
	for _, fn := range p.allFuncs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if op == nil || *op != ssa.Value(g) {
						continue
					}
					switch x := in.(type) {
					case *ssa.Store:
						if x.Addr == ssa.Value(g) && x.Val != ssa.Value(g) {
							vals = append(vals, x.Val)
							continue
						}
					case *ssa.UnOp:
						continue // a load
					case *ssa.DebugRef:
						continue
					}
					return nil, false
				}
			}
		}
	}
	return vals, true
}

// RunsAfter reports whether instruction b can run after a, in one run of
// their function (both of it): b later in a's block, or in a block a's
// block reaches. A send whose failure a loop below goes on to retry is
// followed by the loop's sends; one in a branch that returns is not:
//
//	resp, err := c.Do(req)         // a
//	for try := 0; try < 3; try++ {
//		if err == nil { break }
//		resp, err = c.Do(req)      // b: runs after a
//	}
func RunsAfter(a, b ssa.Instruction) bool {
	if a == nil || b == nil || a.Parent() != b.Parent() {
		return false
	}
	if a.Block() == b.Block() {
		for _, in := range a.Block().Instrs {
			switch in {
			case a:
				return true
			case b:
				return reachesBlock(a.Block().Succs, b.Block())
			}
		}
	}
	return reachesBlock(a.Block().Succs, b.Block())
}

// reachesBlock reports whether target is one of from or reached from them.
func reachesBlock(from []*ssa.BasicBlock, target *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), from...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == target {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}
