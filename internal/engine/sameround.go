package engine

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A retry of a 401 helps only when the next attempt carries other
// credentials: a refreshed token, a login made on the way round
// (OpenMeet-Team/openmeet-platform#414 replayed a 401 with the token it
// had just been refused; supertokens-website#164). A loop that changes
// nothing between its attempts sends the same request every round:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
//		req.Header.Set("Authorization", "Bearer "+c.token) // c.token: never written again
//		resp, err := c.hc.Do(req)
//		...
//		case resp.StatusCode == http.StatusUnauthorized: // goes round
//	}
//
// SameEachRound says so when nothing the loop runs can change what the
// next round reads: it calls only the standard library (through
// interfaces of the standard library too: resp.Body.Close(),
// ctx.Done()) and functions of the package that do the same, two calls
// down; it stores only into memory it makes in the round; and every
// field it reads is written only where its struct is made (a
// constructor's &client{token: t}), never into a value that exists, so
// no refresher, in the loop or anywhere else, can swap it. A call of
// another package (a token source's Token()), of a function value or of
// another interface, a read of the world outside (os.ReadFile of a token
// file a sidecar rotates, os.Getenv), a write to a field or to a
// variable a closure shares, a global or captured variable read, each
// may give the next attempt something new: the loop is not the same
// each round.

// maxSameDepth bounds the package's functions read inside one another.
const maxSameDepth = 2

// SameEachRound reports whether every round of a loop region sends
// what the one before it sent: nothing it runs can change what it reads.
func (r *Region) SameEachRound() bool {
	if r.loop == nil {
		return false
	}
	var blocks []*ssa.BasicBlock
	for _, b := range r.fn.Blocks {
		if r.loop.Has(b) {
			blocks = append(blocks, b)
		}
	}
	return r.p.unchanging(blocks, func(v ssa.Value) bool {
		in, ok := v.(ssa.Instruction)
		return ok && in.Block() != nil && r.loop.Has(in.Block())
	}, 0)
}

// unchanging reports whether the instructions of blocks change nothing a
// later round reads. fresh tells the values a round makes itself: it may
// store into the memory it allocates, and read the fields of what it
// made or was handed back by a call.
func (p *Program) unchanging(blocks []*ssa.BasicBlock, fresh func(ssa.Value) bool, depth int) bool {
	for _, b := range blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Store:
				if _, alloc := base(in.Addr).(*ssa.Alloc); !alloc || !fresh(base(in.Addr)) {
					return false
				}
			case *ssa.UnOp:
				if !p.readStable(in, fresh) {
					return false
				}
			case *ssa.MakeClosure, *ssa.Go, *ssa.Defer:
				return false
			case ssa.CallInstruction:
				if !p.callStable(in, fresh, depth) {
					return false
				}
			}
		}
	}
	return true
}

// readStable reports whether a load reads what nothing can change
// between rounds: a field of one of the package's own types written only
// into a struct being made (&client{token: t}), or the memory of a value
// the round made itself (resp.StatusCode). A global, a captured
// variable, another package's field of a value from before the round, a
// field the package writes into a value that exists (c.token = tok), may
// each read something new.
func (p *Program) readStable(u *ssa.UnOp, fresh func(ssa.Value) bool) bool {
	if u.Op != token.MUL {
		return true
	}
	switch x := u.X.(type) {
	case *ssa.Global, *ssa.FreeVar:
		return false
	case *ssa.FieldAddr:
		f := fieldOf(x)
		if f == nil {
			return false
		}
		if f.Pkg() != p.pkg {
			return fresh(base(x))
		}
		if !p.FieldWritesSeen(f) {
			return false
		}
		for _, st := range p.FieldStores(f) {
			if _, made := base(st.Addr).(*ssa.Alloc); !made {
				return false // c.token = tok: a value that exists is changed
			}
		}
		return true
	}
	return fresh(base(u.X))
}

// callStable reports whether a call changes nothing a later round
// reads: a function of the standard library, a method of one of its
// interfaces, or a function of the package whose body, two calls deep,
// is unchanging itself; none handed the address of memory the round did
// not make.
func (p *Program) callStable(c ssa.CallInstruction, fresh func(ssa.Value) bool, depth int) bool {
	cc := c.Common()
	for _, a := range cc.Args {
		switch a.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Global:
			if !fresh(base(a)) {
				return false // c.tok.Load(): memory a refresher may write through the same method
			}
		}
	}
	if cc.IsInvoke() {
		if IsContext(cc.Value.Type()) || isErrorType(cc.Value.Type()) {
			return true // ctx.Done(), err.Error()
		}
		// resp.Body.Close(): a value the round made; a reader from
		// before it (a token file's) may read something new.
		return std(cc.Method.Pkg()) && std(interfacePkg(cc.Value.Type())) && fresh(cc.Value)
	}
	if _, ok := cc.Value.(*ssa.Builtin); ok {
		return true
	}
	fn := cc.StaticCallee()
	if fn == nil {
		return false // a function value
	}
	if obj := Callee(c); obj != nil && std(obj.Pkg()) {
		return !readsOutside(obj.Pkg())
	}
	if !p.own(fn) || depth >= maxSameDepth || len(fn.Blocks) == 0 {
		return false
	}
	return p.unchanging(fn.Blocks, func(v ssa.Value) bool {
		in, ok := v.(ssa.Instruction)
		return ok && in.Parent() == fn
	}, depth+1)
}

// interfacePkg returns the package that declares an interface type, nil
// for an unnamed one (error's, which is the universe's).
func interfacePkg(t types.Type) *types.Package {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// readsOutside reports a standard package whose functions read what the
// process does not own and others may change between rounds: a token
// file rotated on disk (a projected service account token), the
// environment, another program's output.
func readsOutside(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	switch pkg.Path() {
	case "os", "io/ioutil", "io/fs", "os/exec", "syscall", "path/filepath", "plugin":
		return true
	}
	return false
}
