package engine

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// What builds and configures a value, for the recognizer to read the
// retry libraries' options, constructors and fields from:
//
//	var opts = []retry.Option{retry.Attempts(3)}   // a package variable
//	b := backoff.NewExponentialBackOff()            // the constructor
//	b.MaxElapsedTime = 0                            // a field set on it
//	client.SetRetryCount(3)                         // a method called on it
//	retry.Do(op, opts...)                           // the options, through the variable
//
// Backward it follows what Sources follows (phis, conversions, memory,
// captured variables, complete fields, the package's returns) and also
// the arguments of the calls that make the value (WithMaxRetries(b, 3):
// b) and the initializers of package variables; forward, the stores to
// the value's fields and the calls given it as receiver or argument.

// Config is what builds and configures a value.
type Config struct {
	// At are the places that build or configure the value, in source
	// order: calls (constructors, options, methods given it), struct
	// literals (their allocation), stores to its fields, closures given
	// it (func(o *sqs.Options) { o.RetryMaxAttempts = 1 }: their stores
	// are At too), and loads of package variables.
	At     []ssa.Value
	Stores []*ssa.Store
	// Methods are the methods called on the value (client.SetRetryCount(3),
	// client.Get(url)): setters configure it, operations do not, which
	// the caller tells apart.
	Methods []ssa.CallInstruction
	// Leaves are what the value comes from that the engine cannot see
	// into: parameters, loads of fields not every write of which is
	// visible, free variables of closures made elsewhere.
	Leaves []ssa.Value
}

// maxConfigDepth bounds the steps from the value to what configures it.
const maxConfigDepth = 8

// ConfigOf returns what builds and configures v, worked out once.
func (p *Program) ConfigOf(v ssa.Value) Config {
	return memo(&p.mu, p.configs, v, p.configOf)
}

func (p *Program) configOf(v ssa.Value) Config {
	return p.configWalk([]ssa.Value{v}, nil)
}

// configWalk is the walk of ConfigOf from every value of vals. With ch,
// it follows one definition at each merge of several (configways.go).
func (p *Program) configWalk(vals []ssa.Value, ch *choices) Config {
	var c Config
	seen := map[ssa.Value]bool{}
	stored := map[*ssa.Store]bool{}
	var visit func(v ssa.Value, depth int)
	var forward func(v ssa.Value, depth int)
	store := func(st *ssa.Store, depth int) {
		if !stored[st] {
			stored[st] = true
			c.Stores = append(c.Stores, st)
			visit(st.Val, depth+1)
		}
	}
	// forward adds what is done to a value: its fields set (those of a
	// struct it points to too: rc.HTTPClient.Timeout = d), the methods
	// called on it.
	forward = func(v ssa.Value, depth int) {
		refs := v.Referrers()
		if refs == nil || depth > maxConfigDepth {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
				for _, rr := range *r.(ssa.Value).Referrers() {
					switch rr := rr.(type) {
					case *ssa.Store:
						if rr.Addr == r.(ssa.Value) {
							store(rr, depth)
						}
					case *ssa.UnOp:
						forward(rr, depth+1)
					}
				}
			case *ssa.Call:
				if !seen[r] && Recv(r) == v {
					seen[r] = true
					c.Methods = append(c.Methods, r)
				}
			case *ssa.Slice:
				visit(r, depth+1)
			}
		}
	}
	visit = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > maxConfigDepth {
			return
		}
		seen[v] = true
		// On one way of ConfigWays, a merge of several definitions is
		// the one chosen: b is exp on one way and
		// backoff.WithMaxRetries(exp, 0) on the other.
		var defs []ssa.Value
		var def *ssa.Store // the store a load of a local reads
		switch x := v.(type) {
		case *ssa.Phi:
			if ch != nil {
				defs = choose(ch, x, phiDefs(x))
			}
		case *ssa.UnOp:
			if ch != nil {
				if a, sts := reaching(x); len(sts) > 0 && len(stores(a)) > 1 {
					if sts = choose(ch, x, sts); len(sts) == 1 {
						def, ch.local[a] = sts[0], true
					}
				}
			}
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && ch != nil {
				defs = choose(ch, x, distinct(p.returned(c, x.Index)))
			}
		}
		switch x := v.(type) {
		case *ssa.Const:
			return
		case *ssa.Parameter:
			c.Leaves = append(c.Leaves, x)
			return
		case *ssa.FreeVar:
			if b := Binding(x); b != nil {
				visit(b, depth+1)
			} else {
				c.Leaves = append(c.Leaves, x)
			}
			return
		case *ssa.Global:
			// A package variable of this package that no importer can
			// change: its initializer builds it. An exported one may be
			// set by any package, and stays unknown.
			c.At = append(c.At, x)
			if obj := x.Object(); obj != nil && !obj.Exported() && x.Pkg.Pkg == p.pkg {
				for _, st := range p.globalStores(x) {
					store(st, depth)
				}
			} else {
				c.Leaves = append(c.Leaves, x)
			}
			return
		case *ssa.Alloc:
			forward(x, depth)
			if ch.chosen(x) {
				return // its stores are definitions a load chose from
			}
			c.At = append(c.At, x)
			// c := openai.NewClient(opts...): the value stored whole.
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x {
					store(st, depth)
				}
			}
			return
		case *ssa.FieldAddr:
			// c.Chat.Completions.New(ctx, params): the receiver is a part
			// of a value built elsewhere, configured by what built it. Up
			// through the fields of other packages' structs to the local
			// it lives in, or to a field of the package, read by its
			// stores. Such a field's address is handed on (a method of a
			// part of it is called) and the field does not count as
			// complete; its stores are still what built it. An exported
			// field is read so too when the package writes it at all (as
			// packageWrites, but for the address handed on).
			root := ssa.Value(x)
			for fa, ok := x, true; ok; fa, ok = root.(*ssa.FieldAddr) {
				if f := fieldOf(fa); f != nil && f.Pkg() == p.pkg {
					if f.Exported() && len(p.FieldStores(f)) == 0 {
						c.Leaves = append(c.Leaves, fa)
						return
					}
					for _, st := range p.FieldStores(f) {
						store(st, depth)
					}
					return
				}
				root = fa.X
			}
			visit(root, depth+1)
			return
		case *ssa.MakeClosure:
			c.At = append(c.At, x)
			p.closureStores(x.Fn.(*ssa.Function), func(st *ssa.Store) { store(st, depth) })
			for _, r := range p.made(x.Fn.(*ssa.Function)) {
				visit(r, depth+1)
			}
			return
		case *ssa.Function:
			c.At = append(c.At, x)
			p.closureStores(x, func(st *ssa.Store) { store(st, depth) })
			for _, r := range p.made(x) {
				visit(r, depth+1)
			}
			return
		case *ssa.Call:
			c.At = append(c.At, x)
			forward(x, depth)
			for _, ref := range *x.Referrers() {
				if e, ok := ref.(*ssa.Extract); ok {
					forward(e, depth)
				}
			}
			for _, rv := range choose(ch, x, distinct(p.returned(x, 0))) {
				visit(rv, depth+1)
			}
			for _, a := range Operands(x) {
				visit(a, depth+1)
			}
			return
		case *ssa.Slice:
			// The slice of an array a variadic call or a slice literal
			// packs is its elements, no step further:
			// retry.NewStandard(maxFive), maxFive a function of the
			// package, reads as the literal in its place does.
			if a, ok := x.X.(*ssa.Alloc); ok {
				visit(a, depth)
			}
		case *ssa.Extract:
			// cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(1)):
			// a result of another package's function is built by the
			// call and its options, as a call's only result is.
			if c, ok := x.Tuple.(*ssa.Call); ok && p.returned(c, x.Index) == nil {
				visit(c, depth+1)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				if g, ok := x.X.(*ssa.Global); ok {
					visit(g, depth+1)
					return
				}
				if a, ok := x.X.(*ssa.Alloc); ok {
					// A value loaded from a local: the literal it was
					// built from and the fields set on it
					// (b := wait.Backoff{Steps: 5}; f(b)).
					visit(a, depth+1)
				}
				if f := FieldOf(x); f != nil && !p.FieldComplete(f) {
					if p.packageWrites(f) {
						for _, st := range p.FieldStores(f) {
							store(st, depth)
						}
						return
					}
					c.Leaves = append(c.Leaves, x)
					return
				}
				// A variable in memory: what is done to it through its
				// other loads configures it too (c.RetryMax = 0 on the
				// variable a closure captures).
				if addr, ok := loadOf(x); ok {
					for _, r := range *addr.Referrers() {
						if l, ok := r.(*ssa.UnOp); ok && l.Op == token.MUL && l != x {
							forward(l, depth+1)
						}
					}
				}
			}
		}
		forward(v, depth)
		step := 1
		switch v.(type) {
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
			step = 0 // the same value under another type: no step
		}
		if def != nil {
			store(def, depth)
		} else {
			if defs == nil {
				defs = p.defs(v)
			}
			for _, d := range defs {
				if d != v {
					visit(d, depth+step)
				}
			}
		}
		if in, ok := v.(ssa.Instruction); ok {
			switch v.(type) {
			case *ssa.Phi, *ssa.UnOp, *ssa.Extract:
			default:
				for _, op := range in.Operands(nil) {
					if *op != nil {
						visit(*op, depth+1)
					}
				}
			}
		}
	}
	for _, v := range vals {
		visit(v, 0)
	}
	sort.Slice(c.At, func(i, j int) bool { return c.At[i].Pos() < c.At[j].Pos() })
	sort.Slice(c.Stores, func(i, j int) bool { return c.Stores[i].Pos() < c.Stores[j].Pos() })
	sort.Slice(c.Methods, func(i, j int) bool { return c.Methods[i].Pos() < c.Methods[j].Pos() })
	return c
}

// Recv returns the receiver of a method call, or nil.
func Recv(c ssa.CallInstruction) ssa.Value {
	cc := c.Common()
	switch {
	case cc.IsInvoke():
		return cc.Value
	case cc.Signature().Recv() != nil && len(cc.Args) > 0:
		return cc.Args[0]
	}
	return nil
}

// closureStores calls f for the stores a function makes to the fields
// of its parameters: an option function configuring what it is given.
func (p *Program) closureStores(fn *ssa.Function, f func(*ssa.Store)) {
	if fn == nil {
		return
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				if _, param := base(fa).(*ssa.Parameter); param {
					f(st)
				}
			}
		}
	}
}

// made returns what a factory handed as a value returns: a function of
// the package with no parameters builds its first result, which is what
// configures the value it is given to:
//
//	config.WithRetryer(func() aws.Retryer { return retry.NewStandard(fiveAttempts) })
func (p *Program) made(fn *ssa.Function) []ssa.Value {
	if fn == nil || len(fn.Params) > 0 || fn.Signature.Results().Len() == 0 {
		return nil
	}
	return p.results(fn, 0)
}

// allFuncs returns the package's functions with bodies, its package
// initializer included, in source order.
func (p *Program) allFuncs() []*ssa.Function {
	p.build()
	var out []*ssa.Function
	for _, fn := range p.funcs {
		out = append(out, fn)
	}
	if init := p.ssa.Func("init"); init != nil {
		out = append(out, init)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// packageWrites reports whether an exported field of one of the
// package's structs is configured by the package's own writes, every one
// of them in sight and at least one made: a client its constructor
// builds and configures.
//
//	type Agent struct{ APIClient *retryablehttp.Client }
//	func NewAgent() *Agent {
//		client := retryablehttp.NewClient()
//		client.RetryMax = 1 // what a.APIClient.Do(req) retries with
//		return &Agent{APIClient: client}
//	}
//
// An importer may still set the field; what the package writes is what
// its callers get from its constructors, and is read as such (as the
// unexported field's writes are), rather than the library's defaults,
// which nothing the code shows.
func (p *Program) packageWrites(f *types.Var) bool {
	return f.Exported() && p.FieldWritesSeen(f) && len(p.FieldStores(f)) > 0
}
