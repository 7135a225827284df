package keyregen

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// findSinks walks the region for the places an ID is sent and records a
// finding for each fresh value that reaches one (the first sink of each
// origin, in source order; a key sink replaces a request-ID sink). The
// shapes:
//
//	req.Header.Set("Idempotency-Key", k)             // header setters (catalog)
//	req.Header["Idempotency-Key"] = []string{k}      // map writes with a constant key
//	http.Header{"Idempotency-Key": {k}}              // map literals with a constant key
//	metadata.AppendToOutgoingContext(ctx, "idempotency-key", k)
//	params.SetIdempotencyKey(k); call.RequestId(k)   // token setters (catalog)
//	&sqs.SendMessageInput{MessageDeduplicationId: &k} // SDK token fields (catalog)
//	Order{IdempotencyKey: k}; o.IdempotencyKey = k   // fields named like a key
//	setKey(req, k)                                   // a helper whose Fact says arg 1 is sent
//	newChargeRequest()                               // a helper with a generatesKey Fact
func (reg *region) findSinks() {
	seen := map[token.Pos]int{}
	add := func(o *origin, s sink) {
		if o == nil {
			return
		}
		if s.nameParam > 0 {
			if o.param != nil {
				reg.addPair(ParamSink{Index: o.index, NameArg: s.nameParam, Sink: s.desc})
			}
			return
		}
		if s.target != nil && reg.guarded(s.node, s.target, o) {
			return
		}
		if i, ok := seen[o.pos]; ok {
			if reg.findings[i].sink.class == catalog.SinkRequestID && s.class == catalog.SinkKey {
				reg.findings[i].sink = s
			}
			return
		}
		seen[o.pos] = len(reg.findings)
		reg.findings = append(reg.findings, finding{origin: o, sink: s})
	}
	ast.Inspect(reg.root, func(n ast.Node) bool {
		var fn *types.Func
		if call, ok := n.(*ast.CallExpr); ok {
			fn = reg.r.calleeOf(call)
			if f, pos := reg.r.factOf(fn); f != nil && f.Sink != "" {
				o := &origin{pos: call.Pos(), node: call, gen: f.Gen, via: analysisutil.FuncName(fn, reg.r.pass.Pkg), fact: f}
				add(o, sink{pos: pos, desc: f.Sink, class: f.Class})
			} else if d := reg.decoratorCall(call); d != nil { // decorate(req): decorators.go
				f := &Fact{Gen: d.gen, Sink: d.sink.desc, Class: d.sink.class}
				add(&origin{pos: call.Pos(), node: call, gen: d.gen, via: types.ExprString(call.Fun), fact: f}, d.sink)
			}
		}
		for _, s := range reg.sinksAt(n, fn) {
			add(reg.taintOf(s.value), s.sink)
		}
		return true
	})
}

// sinksAt returns the values node n sends as IDs: the arguments of a
// call (fn is its callee), the right-hand sides of an assignment to a key
// field or entry, the values of a literal's key fields and entries. It
// needs no dataflow, so it also tells whether a region has a sink at all.
func (reg *region) sinksAt(n ast.Node, fn *types.Func) []valueSink {
	switch n := n.(type) {
	case *ast.CallExpr:
		return reg.callSinks(n, fn)
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return nil
		}
		var out []valueSink
		for i, lhs := range n.Lhs {
			if s, ok := reg.targetSink(lhs); ok {
				out = append(out, valueSink{n.Rhs[i], s})
			}
		}
		return out
	case *ast.CompositeLit:
		t := reg.r.pass.TypesInfo.TypeOf(n)
		if t == nil || reg.mdArgument(n) {
			return nil // read at the call, as metadata
		}
		if h := catalog.LookupHeaderStruct(t); h != nil {
			return reg.headerLitSinks(h, t, n)
		}
		return reg.litSinks(t, n)
	}
	return nil
}

type valueSink struct {
	value ast.Expr
	sink  sink
}

// callSinks returns the values a call sends as IDs.
func (reg *region) callSinks(call *ast.CallExpr, fn *types.Func) []valueSink {
	var out []valueSink
	// target is what the call writes into; computed only for sinks.
	target := func() types.Object { return reg.rootVar(receiverOf(reg.r.pass.TypesInfo, call)) }
	if h := catalog.LookupHeaderSetter(fn); h != nil {
		recv := target()
		step, first := 0, h.Value
		if h.Args == catalog.HeaderPairs {
			step, first = 2, h.Name+1
			if call.Ellipsis.IsValid() {
				return nil
			}
			recv = nil
		}
		for i := first; i < len(call.Args); i++ {
			nameArg := h.Name
			if step == 2 {
				if (i-first)%2 != 0 {
					continue
				}
				nameArg = i - 1
			}
			if name, ok := analysisutil.ConstString(reg.r.pass.TypesInfo, call.Args[nameArg]); ok {
				if class, ok := reg.r.headerClass(name); ok {
					out = append(out, valueSink{call.Args[i], sink{pos: call.Pos(), node: call, desc: headerDesc(fn, name), class: class, target: recv}})
				}
			} else if j := reg.seedIndex(call.Args[nameArg]); j >= 0 && step == 0 {
				out = append(out, valueSink{call.Args[i], sink{pos: call.Pos(), node: call, desc: headerKind(fn), nameParam: j + 1, target: recv}})
			}
		}
		return out
	}
	if lit := mdLiteral(call, fn); lit != nil {
		// metadata.New(map[string]string{"idempotency-key": k}): the
		// map's entries are the call's metadata, named as such.
		return reg.litSinks(fn.Type().(*types.Signature).Results().At(0).Type(), lit)
	}
	if k := catalog.LookupTokenSetter(fn); k != nil && k.Arg < len(call.Args) {
		return []valueSink{{call.Args[k.Arg], sink{pos: call.Pos(), node: call, desc: fn.Name(), class: catalog.SinkKey, target: target()}}}
	}
	return reg.helperSinks(call, fn, target)
}

// mdLiteral returns the map literal handed to gRPC's metadata.New, or
// nil.
func mdLiteral(call *ast.CallExpr, fn *types.Func) *ast.CompositeLit {
	if !analysisutil.IsFunc(fn, "google.golang.org/grpc/metadata", "", "New") || len(call.Args) != 1 {
		return nil
	}
	lit, _ := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	return lit
}

// mdArgument reports the map literal of a metadata.New call, whose
// entries the call's sinks hold (collect records the parents; before it,
// the literal reads as a plain map, which only asks whether there is a
// sink at all).
func (reg *region) mdArgument(lit *ast.CompositeLit) bool {
	call, ok := reg.parent[lit].(*ast.CallExpr)
	return ok && mdLiteral(call, reg.r.calleeOf(call)) == lit
}

// targetSink classifies an assignment target: a key field, or a map entry
// with a constant key naming a key (req.Header["Idempotency-Key"]).
func (reg *region) targetSink(lhs ast.Expr) (sink, bool) {
	info := reg.r.pass.TypesInfo
	switch l := ast.Unparen(lhs).(type) {
	case *ast.SelectorExpr:
		sel, ok := info.Selections[l]
		if !ok || sel.Kind() != types.FieldVal {
			return sink{}, false
		}
		f := sel.Obj().(*types.Var)
		if class, ok := reg.r.fieldClass(f, fieldOwner(sel)); ok {
			return sink{pos: l.Sel.Pos(), node: l, desc: "field " + f.Name(), class: class, target: reg.rootVar(l.X)}, true
		}
	case *ast.IndexExpr:
		if _, isMap := typeUnder(info.TypeOf(l.X)).(*types.Map); !isMap {
			return sink{}, false
		}
		if name, ok := analysisutil.ConstString(reg.r.pass.TypesInfo, l.Index); ok {
			if class, ok := reg.r.nameClass(name); ok {
				return sink{pos: l.Pos(), node: l, desc: entryDesc(info.TypeOf(l.X), name), class: class, target: reg.rootVar(l.X)}, true
			}
		}
	}
	return sink{}, false
}

// litSinks returns the values a literal's key fields and entries send,
// the literal read as a value of type t.
func (reg *region) litSinks(t types.Type, lit *ast.CompositeLit) []valueSink {
	var out []valueSink
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if s, ok := reg.litSink(t, kv); ok {
				out = append(out, valueSink{kv.Value, s})
			}
		}
	}
	return out
}

// headerLitSinks returns the value of a header struct literal whose
// name is a key header, the name set by field or by position:
//
//	kafka.Header{Key: "idempotency-key", Value: []byte(uuid.NewString())}
//	sarama.RecordHeader{[]byte("idempotency-key"), []byte(key)}
func (reg *region) headerLitSinks(h *catalog.HeaderStruct, t types.Type, lit *ast.CompositeLit) []valueSink {
	st, ok := typeUnder(t).(*types.Struct)
	if !ok {
		return nil
	}
	var name, value ast.Expr
	for i, elt := range lit.Elts {
		field := ""
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				field, elt = id.Name, kv.Value
			}
		} else if i < st.NumFields() {
			field = st.Field(i).Name()
		}
		switch field {
		case h.Name:
			name = elt
		case h.Value:
			value = elt
		}
	}
	if name == nil || value == nil {
		return nil
	}
	key, ok := reg.constName(name)
	if !ok {
		return nil
	}
	class, ok := reg.r.headerClass(key)
	if !ok {
		return nil
	}
	return []valueSink{{value, sink{pos: lit.Pos(), desc: namedHeader("header", key), class: class}}}
}

// constName returns the constant string of a header name, also when it
// is converted to bytes: []byte("idempotency-key").
func (reg *region) constName(e ast.Expr) (string, bool) {
	info := reg.r.pass.TypesInfo
	if x, ok := analysisutil.Converted(info, e); ok {
		e = x
	}
	return analysisutil.ConstString(info, e)
}

// litSink classifies one element of a struct or map literal.
func (reg *region) litSink(t types.Type, kv *ast.KeyValueExpr) (sink, bool) {
	switch typeUnder(t).(type) {
	case *types.Struct:
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return sink{}, false
		}
		f, ok := reg.r.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok || !f.IsField() {
			return sink{}, false
		}
		if class, ok := reg.r.fieldClass(f, namedOf(t)); ok {
			return sink{pos: id.Pos(), desc: "field " + f.Name(), class: class}, true
		}
	case *types.Map:
		if name, ok := analysisutil.ConstString(reg.r.pass.TypesInfo, kv.Key); ok {
			if class, ok := reg.r.nameClass(name); ok {
				return sink{pos: kv.Pos(), desc: entryDesc(t, name), class: class}, true
			}
		}
	}
	return sink{}, false
}

// fieldClass classifies a struct field: an SDK's token field (catalog,
// or by name on any SDK's request struct: sdkToken), or a field whose
// name says key or request ID.
func (r *runner) fieldClass(f *types.Var, owner *types.TypeName) (catalog.SinkClass, bool) {
	recv := ""
	if owner != nil {
		recv = owner.Name()
	}
	if catalog.TokenFieldOf(analysisutil.PkgPath(f), recv, f.Name()) != nil || r.sdkToken(f, owner) {
		return catalog.SinkKey, true
	}
	return catalog.NameClass(f.Name())
}

// fieldOwner returns the struct type that declares a selected field,
// following embedded fields: params.IdempotencyKey on a
// *stripe.ChargeParams is declared in stripe.Params.
func fieldOwner(sel *types.Selection) *types.TypeName {
	t := sel.Recv()
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		st, ok := typeUnder(t).(*types.Struct)
		if !ok {
			return nil
		}
		t = st.Field(i).Type()
	}
	return namedOf(t)
}

func namedOf(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// typeUnder returns the underlying type, through one pointer.
func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem().Underlying()
	}
	return t.Underlying()
}

// rootVar returns the local variable an expression like req.Header or
// p.Params starts from, or nil.
func (reg *region) rootVar(e ast.Expr) types.Object {
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := reg.r.pass.TypesInfo.ObjectOf(x).(*types.Var); ok && !isPackageVar(v) {
				return v
			}
			return nil
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				e = sel.X // req.R().SetHeader: the builder chain's root
			} else {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

func receiverOf(info *types.Info, call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			return sel.X
		}
	}
	return nil
}

// headerClass classifies a header name, with the -keyheaders flag.
func (r *runner) headerClass(name string) (catalog.SinkClass, bool) {
	return r.cfg.KeyHeaders.HeaderClass(name)
}

// nameClass classifies a map key, with the -keyheaders flag.
func (r *runner) nameClass(name string) (catalog.SinkClass, bool) {
	return r.cfg.KeyHeaders.NameClass(name)
}

func headerDesc(fn *types.Func, name string) string { return namedHeader(headerKind(fn), name) }

// headerKind says what a header setter sets: "metadata" for gRPC.
func headerKind(fn *types.Func) string {
	if analysisutil.PkgPath(fn) == "google.golang.org/grpc/metadata" {
		return "metadata"
	}
	return "header"
}

// entryDesc names a map entry a key is written to: as a header or gRPC
// metadata when the map is an http.Header or a metadata.MD, so that
// md["idempotency-key"] = key reads as metadata.Pairs does.
func entryDesc(m types.Type, name string) string {
	switch {
	case analysisutil.Named(m, "google.golang.org/grpc/metadata", "MD"):
		return namedHeader("metadata", name)
	case analysisutil.Named(m, "net/http", "Header"):
		return namedHeader("header", name)
	}
	return "the " + name + " entry"
}

func namedHeader(kind, name string) string {
	if kind == "metadata" {
		return "the " + strconv.Quote(name) + " metadata"
	}
	return "the " + name + " header"
}
