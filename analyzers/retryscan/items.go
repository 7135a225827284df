package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// The evaluators of a retry's configuration (evalBound, delayRows,
// builtHere) read it as items: one catalogued symbol each, called, built,
// set or used as a value, with its values. Most items are found in this
// package's syntax; the call of a helper of another package brings the
// items of its ConfigFact, placed at the call:
//
//	backoff.WithMaxRetries(b, 3)            // ItemCall backoff.WithMaxRetries, values b and 3
//	&backoff.ZeroBackOff{}                  // ItemType backoff.ZeroBackOff
//	b.RandomizationFactor = 0               // ItemField backoff.ExponentialBackOff.RandomizationFactor, value 0
//	retry.DelayType(retry.BackOffDelay)     // ItemCall retry.DelayType, then ItemValue retry.BackOffDelay
//	retrycfg.NewBackoff()                   // ItemCall retrycfg.NewBackoff, then the items of its fact

// ItemKind is the shape an item of configuration is written in.
type ItemKind uint8

const (
	// ItemCall is a call of the function or method Sym; its values are
	// the call's arguments.
	ItemCall ItemKind = iota + 1
	// ItemType is a composite literal of the struct type Sym.Recv
	// (Sym.Name is empty).
	ItemType
	// ItemField sets the field Sym.Name of the struct type Sym.Recv to
	// its one value, in a literal or by an assignment.
	ItemField
	// ItemValue is a package-level function or variable used as a value
	// (Sym.Recv is empty).
	ItemValue
)

// cfgItem is an item of configuration as the evaluators see it.
type cfgItem struct {
	kind ItemKind
	sym  catalog.Symbol
	// node is where the item is configured: the call, the key-value
	// pair, the assignment, the expression; for an item read from a
	// fact, the call of the helper that built it.
	node ast.Node
	vals []ast.Expr
	// fact marks an item read from a ConfigFact; opaque, a delay policy
	// argument the helper's package could not read.
	fact, opaque bool
}

// value returns the value an option row reads: the argument at index
// arg of a call, the value of a field.
func (it *cfgItem) value(arg int) ast.Expr {
	if it.kind == ItemField {
		arg = 0
	}
	if arg < 0 || arg >= len(it.vals) {
		return nil
	}
	return it.vals[arg]
}

// itemsOf returns the items of configuration a node holds. Calls and
// expressions are one item each, plus, for the call of another package's
// helper, the items of its fact; composite literals hold their type and
// their keyed fields; assignments the fields they set.
func (s *scanner) itemsOf(n ast.Node) []cfgItem {
	var out []cfgItem
	switch n := n.(type) {
	case *wayCall:
		// retrycfg.Pick(fast) on one of the ways its fact holds.
		if fn := s.calleeOf(n.CallExpr); fn != nil {
			out = append(out, cfgItem{kind: ItemCall, sym: catalog.SymbolOf(fn.Origin()), node: n.CallExpr, vals: n.Args})
			out = append(out, factItems(n.items, n.CallExpr)...)
		}
	case *ast.CallExpr:
		fn := s.calleeOf(n)
		if fn == nil {
			return nil
		}
		out = append(out, cfgItem{kind: ItemCall, sym: catalog.SymbolOf(fn.Origin()), node: n, vals: n.Args})
		if f := s.configFact(fn); f != nil {
			out = append(out, f.items(n)...)
		}
	case *ast.CompositeLit:
		typ := namedOf(s.info.TypeOf(n))
		if typ == nil {
			return nil
		}
		pkg, name := analysisutil.PkgPath(typ.Obj()), typ.Obj().Name()
		out = append(out, cfgItem{kind: ItemType, sym: catalog.Symbol{Pkg: pkg, Recv: name}, node: n})
		for _, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok {
					out = append(out, cfgItem{kind: ItemField, sym: catalog.Symbol{Pkg: pkg, Recv: name, Name: key.Name}, node: kv, vals: []ast.Expr{kv.Value}})
				}
			}
		}
	case *ast.AssignStmt:
		for i, l := range n.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || i >= len(n.Rhs) {
				continue
			}
			if typ := namedOf(s.info.TypeOf(sel.X)); typ != nil {
				sym := catalog.Symbol{Pkg: analysisutil.PkgPath(typ.Obj()), Recv: typ.Obj().Name(), Name: sel.Sel.Name}
				out = append(out, cfgItem{kind: ItemField, sym: sym, node: n, vals: []ast.Expr{n.Rhs[i]}})
			}
		}
	case *ast.SelectorExpr, *ast.Ident:
		// retry.BackOffDelay, retryablehttp.DefaultBackoff,
		// retry.DefaultRetry: values, not calls (a called function is
		// found at its call).
		switch obj := analysisutil.ObjectOf(s.info, n.(ast.Expr)).(type) {
		case *types.Func:
			out = append(out, cfgItem{kind: ItemValue, sym: catalog.SymbolOf(obj.Origin()), node: n})
		case *types.Var:
			if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				out = append(out, cfgItem{kind: ItemValue, sym: catalog.Symbol{Pkg: obj.Pkg().Path(), Name: obj.Name()}, node: n})
			}
		}
	}
	return out
}

// boundOption returns the bound row an item matches, or nil. Named
// values (retry.DefaultRetry) are read by evalBound.
func (s *scanner) boundOption(it *cfgItem) *catalog.Option {
	switch it.kind {
	case ItemCall, ItemType:
		return catalog.LookupBoundOption(it.sym)
	case ItemField:
		return fieldOption(it.sym)
	}
	return nil
}

// delayOption returns the delay row an item matches, or nil.
func delayOption(it *cfgItem) *catalog.DelayOption {
	row := catalog.LookupDelayOption(it.sym)
	if row == nil {
		return nil
	}
	switch it.kind {
	case ItemCall:
		if !row.Field && !row.Value {
			return row
		}
	case ItemType:
		return row
	case ItemField:
		if row.Field {
			return row
		}
	case ItemValue:
		if row.Value {
			return row
		}
	}
	return nil
}

// standardClient is retryablehttp's Client.StandardClient: the
// *http.Client it returns retries inside.
var standardClient = catalog.Symbol{Pkg: "github.com/hashicorp/go-retryablehttp", Recv: "Client", Name: "StandardClient"}

// isConstructor reports whether an item calls a constructor of a package
// retries are configured with (retryablehttp.NewClient, resty.New): what
// the value it builds is configured with is then all visible.
func isConstructor(it *cfgItem) bool {
	return it.kind == ItemCall && it.sym.Recv == "" && strings.HasPrefix(it.sym.Name, "New") && catalog.ConfigPackage(it.sym.Pkg)
}

// constValue returns the constant value of e, or nil, the value pointed
// to for an SDK's pointer helper (catalog.PointerTo). A value read from
// a fact is a literal with no position, made by factValue.
func (s *scanner) constValue(e ast.Expr) constant.Value {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if fn := s.calleeOf(call); fn != nil && catalog.PointerTo(catalog.SymbolOf(fn)) {
			return s.constValue(call.Args[0]) // MaxRetries: aws.Int(0)
		}
	}
	if tv, ok := s.info.Types[e]; ok {
		if tv.Value == nil {
			return s.varConst(e)
		}
		return tv.Value
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.ValuePos.IsValid() {
		return nil
	}
	switch lit.Kind {
	case token.INT:
		if n, err := strconv.ParseInt(lit.Value, 10, 64); err == nil {
			return constant.MakeInt64(n)
		}
	case token.FLOAT:
		if f, err := strconv.ParseFloat(lit.Value, 64); err == nil {
			return constant.MakeFloat64(f)
		}
	}
	return nil
}

// encodeValue renders a numeric constant for a fact: "3", "-1", "0.5";
// "" for anything else.
func (s *scanner) encodeValue(e ast.Expr) string {
	v := s.constValue(e)
	if v == nil {
		return ""
	}
	switch v.Kind() {
	case constant.Int:
		if n, exact := constant.Int64Val(v); exact {
			return strconv.FormatInt(n, 10)
		}
	case constant.Float:
		f, _ := constant.Float64Val(v)
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return ""
}

// factValue turns a value encoded in a fact back into an expression the
// evaluators read: a literal with no position (see constValue), or, for
// a value that was not constant, an expression with no value.
func factValue(v string) ast.Expr {
	if v == "" {
		return &ast.BadExpr{}
	}
	kind := token.INT
	if _, err := strconv.ParseInt(v, 10, 64); err != nil {
		kind = token.FLOAT
	}
	return &ast.BasicLit{Kind: kind, Value: v}
}
