package retryscan

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// configNodes returns the syntax that configures a retry: the given
// expressions and what the engine finds builds and configures their
// values (engine.ConfigOf): their definitions, the assignments to their
// fields and the setters called on them, the fields and helpers of the
// package they come from, the initializers of package variables
// (retry.Do(op, opts...) with var opts = []retry.Option{...}). Of each,
// the calls, composite literals, assignments (inside option functions)
// and names of package values are returned; the call of a helper of
// another package holds the items of its ConfigFact (itemsOf).
// Parameters (but that of a helper called once, policyparam.go) and
// exported fields are not followed: their configuration is unknown, and
// every caller of configNodes treats unknown as "not shown".
//
//	b := backoff.NewExponentialBackOff()
//	b.MaxElapsedTime = 0                              // found through b
//	err := backoff.Retry(op, backoff.WithMaxRetries(b, 3))
func (s *scanner) configNodes(fn ast.Node, exprs ...ast.Expr) []ast.Node {
	c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}}
	for _, e := range exprs {
		if e == nil {
			continue
		}
		c.add(e)
		if fn != nil {
			if v := s.eng.ValueOf(fn, e); v != nil {
				c.values(v)
			}
		}
	}
	return c.out
}

// configNodesOf is configNodes for values the engine found rather than
// expressions: the client in the field of a retrying transport
// (transport.go).
func (s *scanner) configNodesOf(vals ...ssa.Value) []ast.Node {
	c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}}
	c.values(vals...)
	return c.out
}

// cfgSyntax collects the syntax that configures a retry.
type cfgSyntax struct {
	s    *scanner
	out  []ast.Node
	seen map[ast.Node]bool
	// params: the parameters followed to their one caller
	// (policyparam.go).
	params map[*ssa.Parameter]bool
	// forFact: the configuration is exported as a fact, which importers
	// read with their own writes to the package's exported variables
	// out of its sight: those stay unknown (exportedVar).
	forFact bool
}

// add adds the calls, composite literals, assignments and package values
// written in root.
func (c *cfgSyntax) add(root ast.Node) {
	if root == nil || c.seen[root] {
		return
	}
	c.seen[root] = true
	ast.Inspect(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.CompositeLit, *ast.AssignStmt, *ast.SelectorExpr:
			if !c.seen[n] || n == root {
				c.seen[n] = true
				c.out = append(c.out, n)
			}
		case *ast.Ident:
			// A package-level variable: catalogued names like
			// retry.DefaultRetry.
			if v, ok := c.s.info.Uses[n].(*types.Var); ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && !c.seen[n] {
				c.seen[n] = true
				c.out = append(c.out, n)
			}
		}
		return true
	})
}

// configWays is configNodes on each way the values of the expressions
// can be defined (engine.ConfigWays), and each way the helpers of other
// packages they call configure (ConfigFact.Ways): one list of nodes per
// way, nil when there is one way only, or too many. nodes are
// configNodes of the expressions, their union, which the caller reads
// then.
//
//	var b backoff.BackOff = exp                    // one way
//	if retryFor == 0 {
//		b = backoff.WithMaxRetries(exp, 0)     // the other
//	}
//	return backoff.Retry(fn, b)
func (s *scanner) configWays(fn ast.Node, nodes []ast.Node, exprs ...ast.Expr) [][]ast.Node {
	if fn == nil {
		return nil
	}
	var vals []ssa.Value
	for _, e := range exprs {
		if e == nil {
			continue
		}
		if v := s.eng.ValueOf(fn, e); v != nil {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return nil
	}
	ways := [][]ast.Node{nodes}
	if cfgs := s.eng.ConfigWays(vals...); len(cfgs) > 1 {
		ways = make([][]ast.Node, len(cfgs))
		for i, w := range cfgs {
			c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}}
			for _, e := range exprs {
				if e != nil {
					c.add(e)
				}
			}
			c.config(w)
			ways[i] = c.out
		}
	}
	if ways = s.factWays(ways); len(ways) < 2 {
		return nil
	}
	return ways
}

// wayCall is the call of another package's helper on one of the ways
// its ConfigFact holds, with that way's items (itemsOf).
type wayCall struct {
	*ast.CallExpr
	items []ConfigItem
}

// factWays splits each way at the calls of other packages' helpers
// whose facts have ways; nil past engine.MaxConfigWays.
func (s *scanner) factWays(ways [][]ast.Node) [][]ast.Node {
	var out [][]ast.Node
	var split func(nodes []ast.Node, from int) bool
	split = func(nodes []ast.Node, from int) bool {
		for i := from; i < len(nodes); i++ {
			call, ok := nodes[i].(*ast.CallExpr)
			if !ok {
				continue
			}
			fn := s.calleeOf(call)
			if fn == nil {
				continue
			}
			f := s.configFact(fn)
			if f == nil || len(f.Ways) == 0 {
				continue
			}
			for _, items := range f.Ways {
				w := slices.Clone(nodes)
				w[i] = &wayCall{CallExpr: call, items: items}
				if !split(w, i+1) {
					return false
				}
			}
			return true
		}
		out = append(out, nodes)
		return len(out) <= engine.MaxConfigWays
	}
	for _, w := range ways {
		if !split(w, 0) {
			return nil
		}
	}
	return out
}

// values adds the syntax of what builds and configures the values.
func (c *cfgSyntax) values(vals ...ssa.Value) {
	for _, v := range vals {
		c.config(c.s.eng.ConfigOf(v))
	}
}

// config adds the syntax of a configuration the engine found.
func (c *cfgSyntax) config(cfg engine.Config) {
	for _, leaf := range cfg.Leaves {
		switch l := leaf.(type) {
		case *ssa.Parameter:
			c.fromCaller(l)
		case *ssa.Global:
			c.exportedVar(l)
		}
	}
	for _, at := range cfg.At {
		c.add(c.s.eng.SyntaxOf(at))
	}
	for _, st := range cfg.Stores {
		c.add(c.s.eng.SyntaxOf(st))
	}
	for _, m := range cfg.Methods {
		// Setters configure (client.SetRetryCount(3)); operations do
		// not (client.Get(url)), and their option arguments apply to
		// that call only.
		if call := c.s.eng.CallExpr(m); call != nil && c.s.isSetter(call) {
			c.add(call)
		}
	}
}

// isSetter reports whether a method call configures its receiver rather
// than performing an operation: it is not a catalogued operation and does
// not return an error.
func (s *scanner) isSetter(call *ast.CallExpr) bool {
	fn := s.calleeOf(call)
	if fn == nil || catalogued(fn) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && !returnsError(sig)
}

func returnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && isError(res.At(res.Len()-1).Type())
}

// funcOf returns the function declaration holding n as an ast.Node, nil
// (a nil interface) for code outside functions: a package-level var.
func (s *scanner) funcOf(n ast.Node) ast.Node {
	for _, fi := range s.funcs {
		if fi.decl.Body != nil && fi.decl.Pos() <= n.Pos() && n.End() <= fi.decl.End() {
			return fi.decl
		}
	}
	return nil
}
