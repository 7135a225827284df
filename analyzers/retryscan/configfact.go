package retryscan

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Services build their retry configuration once, in a package of their
// own, and use it everywhere:
//
//	package retrycfg
//
//	func NewBackoff() *backoff.ExponentialBackOff {
//		b := backoff.NewExponentialBackOff()
//		b.MaxInterval = 10 * time.Second
//		b.RandomizationFactor = 0
//		return b
//	}
//
//	package svc
//
//	backoff.Retry(op, retrycfg.NewBackoff())   // capped, with no jitter
//
// The package that declares such a helper reads what it returns as it
// reads a helper of its own (configNodes), and exports the items found
// there as a ConfigFact of the helper: catalogued symbols with their
// constant values, no syntax. Where the helper is called, the call holds
// those items (itemsOf), so the evaluators read the configuration as if
// it were written at the call.

// maxConfigItems bounds a fact: a helper that configures more than this
// is not summarized (its configuration stays unknown).
const maxConfigItems = 64

// ConfigFact is exported for a function of a package that returns, as
// its first result, a retry policy, options or a client it configures
// with catalogued symbols. Items are in source order.
type ConfigFact struct {
	Items []ConfigItem
	// Ways are the items of each way, when the helper configures one
	// thing on one way and another on another (engine.ConfigWays: it
	// returns retry.Attempts(3) or retry.Attempts(20)); Items are their
	// union. None when there is one way.
	Ways [][]ConfigItem
}

// ConfigItem is one item of a helper's configuration.
type ConfigItem struct {
	Kind ItemKind
	Sym  catalog.Symbol
	// Vals are the values of a call's arguments or a field: a decimal
	// constant ("3", "-1", "0.5"), or "" when the value is not constant.
	Vals []string
	// Opaque marks a delay policy argument (retry.DelayType(f)) that
	// the helper's package could not read.
	Opaque bool
}

func (*ConfigFact) AFact() {}

// String renders the fact for tests: config(backoff.NewExponentialBackOff()
// backoff.ExponentialBackOff.RandomizationFactor=0).
func (f *ConfigFact) String() string {
	parts := make([]string, len(f.Items))
	for i, it := range f.Items {
		parts[i] = it.String()
	}
	out := "config(" + strings.Join(parts, " ") + ")"
	for i, w := range f.Ways {
		parts := make([]string, len(w))
		for j, it := range w {
			parts[j] = it.String()
		}
		out += fmt.Sprintf(" way%d(%s)", i+1, strings.Join(parts, " "))
	}
	return out
}

func (it ConfigItem) String() string {
	name := shortPkg(it.Sym.Pkg)
	if it.Sym.Recv != "" {
		name += "." + it.Sym.Recv
	}
	if it.Sym.Name != "" {
		name += "." + it.Sym.Name
	}
	vals := make([]string, len(it.Vals))
	for i, v := range it.Vals {
		vals[i] = v
		if v == "" {
			vals[i] = "_"
		}
	}
	switch it.Kind {
	case ItemCall:
		name += "(" + strings.Join(vals, ", ") + ")"
	case ItemType:
		name += "{}"
	case ItemField:
		name += "=" + strings.Join(vals, "")
	}
	if it.Opaque {
		name += "?"
	}
	return name
}

// shortPkg names a package by its last path element that is not a major
// version: "backoff" for github.com/cenkalti/backoff/v4.
func shortPkg(path string) string {
	parts := strings.Split(path, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	return last
}

// ConfigPkgFact is exported for a package that exported ConfigFacts, so
// that the packages importing it look for helpers that wrap its helpers.
type ConfigPkgFact struct {
	Helpers int
}

func (*ConfigPkgFact) AFact() {}

func (f *ConfigPkgFact) String() string { return fmt.Sprintf("confighelpers(%d)", f.Helpers) }

// items returns the fact's items as placed at the helper's call.
func (f *ConfigFact) items(call *ast.CallExpr) []cfgItem { return factItems(f.Items, call) }

// factItems returns items of a fact as placed at the helper's call.
func factItems(items []ConfigItem, call *ast.CallExpr) []cfgItem {
	out := make([]cfgItem, len(items))
	for i, it := range items {
		vals := make([]ast.Expr, len(it.Vals))
		for j, v := range it.Vals {
			vals[j] = factValue(v)
		}
		out[i] = cfgItem{kind: it.Kind, sym: it.Sym, node: call, vals: vals, fact: true, opaque: it.Opaque}
	}
	return out
}

// Config returns the configuration fn returns, when fn is a helper of
// this package that exported a ConfigFact or a helper of another package
// that this package calls.
func (r *Result) Config(fn *types.Func) (*ConfigFact, bool) {
	f, _ := r.configs.lookup(fn)
	return f, f != nil
}

// configFact returns the ConfigFact of a function of another package, or
// nil. Retry libraries export none: the catalog describes them.
func (s *scanner) configFact(fn *types.Func) *ConfigFact {
	fn = fn.Origin()
	if fn.Pkg() == s.pass.Pkg || s.std(fn.Pkg()) || catalog.ConfigPackage(fn.Pkg().Path()) {
		return nil
	}
	return importFact(s.pass, s.configs, fn, new(ConfigFact))
}

// exportConfigFacts exports a ConfigFact for every function of the
// package that other packages can call and that returns configuration
// the recognizer can read. Dependencies pay for it only when they may
// hold such helpers: the function's result must be of a retry library's
// type (or *http.Client), and the package must import a retry library
// or a package with helpers.
func (s *scanner) exportConfigFacts() {
	if !s.mayConfigure() {
		return
	}
	n := 0
	for _, fi := range s.funcs {
		sig := fi.obj.Type().(*types.Signature)
		if !fi.obj.Exported() || fi.decl.Body == nil || sig.Results().Len() == 0 || !libraryConfigType(sig.Results().At(0).Type()) {
			continue
		}
		s.at.Func(fi.decl)
		if f := s.helperConfig(fi); f != nil {
			s.pass.ExportObjectFact(fi.obj, f)
			s.configs.put(fi.obj, f)
			n++
		}
	}
	if n > 0 {
		s.pass.ExportPackageFact(&ConfigPkgFact{Helpers: n})
	}
}

// mayConfigure reports whether the package may declare configuration
// helpers: it is no retry library (the catalog describes those) and it
// imports one, or a package that has helpers.
func (s *scanner) mayConfigure() bool { return s.configures.get() }

// readMayConfigure works out mayConfigure once.
func (s *scanner) readMayConfigure() bool {
	if s.std(s.pass.Pkg) || catalog.ConfigPackage(s.pass.Pkg.Path()) {
		return false
	}
	for _, imp := range s.pass.Pkg.Imports() {
		if catalog.ConfigPackage(imp.Path()) || s.pass.ImportPackageFact(imp, new(ConfigPkgFact)) {
			return true
		}
	}
	return false
}

// libraryConfigType reports whether a result of type t can carry retry
// configuration another package reads: a type of a retry library (a
// policy, options, a client), an *http.Client (retryablehttp's
// StandardClient), a slice or pointer of those, or a function taking one
// (an AWS option func(*sqs.Options)).
func libraryConfigType(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return libraryConfigType(u.Elem())
	case *types.Slice:
		return libraryConfigType(u.Elem())
	case *types.Signature:
		for i := 0; i < u.Params().Len(); i++ {
			if libraryConfigType(u.Params().At(i).Type()) {
				return true
			}
		}
	case *types.Named:
		return catalog.ConfigPackage(analysisutil.PkgPath(u.Obj())) || isHTTPClient(u) || isSeam(u)
	}
	return false
}

// helperConfig reads what a helper returns as its first result, as
// followCall does for a call in this package, and keeps the items the
// evaluators know; nil when the returns cannot all be seen or hold no
// such item.
func (s *scanner) helperConfig(fi *funcInfo) *ConfigFact {
	f := s.eng.Func(fi.decl)
	if f == nil {
		return nil
	}
	c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}, forFact: true}
	var rets []ssa.Value
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			c.add(engine.Expr(ret.Results[0]))
			c.values(ret.Results[0])
			rets = append(rets, ret.Results[0])
		}
	}
	fact := &ConfigFact{Items: s.factItemsOf(c.out)}
	if len(fact.Items) == 0 || len(fact.Items) > maxConfigItems {
		return nil
	}
	// Each return is a way, and each way of its value (ConfigWays).
	var ways [][]ConfigItem
	n := len(fact.Items)
	for _, r := range rets {
		if engine.NilPolicy(r) {
			continue // return nil, err
		}
		rw := s.eng.ConfigWays(r)
		if rw == nil {
			return fact // too many: the union
		}
		for _, w := range rw {
			c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}, forFact: true}
			c.add(engine.Expr(r))
			c.config(w)
			items := s.factItemsOf(c.out)
			if n += len(items); n > maxConfigItems || len(ways) == engine.MaxConfigWays {
				return fact
			}
			ways = append(ways, items)
		}
	}
	if len(ways) > 1 {
		fact.Ways = ways
	}
	return fact
}

// factItemsOf returns the items of a fact the nodes hold, those the
// evaluators read, in the order of the source.
func (s *scanner) factItemsOf(nodes []ast.Node) []ConfigItem {
	// Later options win (refineDelay): keep the order of the source.
	sort.SliceStable(nodes, func(i, j int) bool { return nodes[i].Pos() < nodes[j].Pos() })
	var out []ConfigItem
	for _, n := range nodes {
		for _, it := range s.itemsOf(n) {
			if !s.knownItem(&it) {
				continue
			}
			ci := ConfigItem{Kind: it.kind, Sym: it.sym, Opaque: it.opaque}
			for _, v := range it.vals {
				ci.Vals = append(ci.Vals, s.encodeValue(v))
			}
			if row := delayOption(&it); row != nil && row.Effect == catalog.DelPolicy && !it.fact {
				ci.Opaque = !s.readablePolicy(s.funcOf(it.node), it.value(row.Arg))
			}
			out = append(out, ci)
		}
	}
	return out
}

// knownItem reports whether an evaluator reads the item: a bound or
// delay row, a named attempt count, a constructor, StandardClient, a
// catalogued retrying transport (transport.go).
func (s *scanner) knownItem(it *cfgItem) bool {
	if s.boundOption(it) != nil || delayOption(it) != nil || isConstructor(it) {
		return true
	}
	if itemTransport(it) != nil {
		return true
	}
	if it.kind == ItemValue {
		_, ok := catalog.NamedAttempts(it.sym)
		return ok
	}
	return it.kind == ItemCall && it.sym == standardClient
}
