package retryscan

import (
	"go/ast"
	"go/types"

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
// can be defined (engine.ConfigWays): one list of nodes per way, nil
// when there is one way only, or too many (configNodes reads their
// union).
//
//	var b backoff.BackOff = exp                    // one way
//	if retryFor == 0 {
//		b = backoff.WithMaxRetries(exp, 0)     // the other
//	}
//	return backoff.Retry(fn, b)
func (s *scanner) configWays(fn ast.Node, exprs ...ast.Expr) [][]ast.Node {
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
	ways := s.eng.ConfigWays(vals...)
	if len(ways) < 2 {
		return nil
	}
	out := make([][]ast.Node, len(ways))
	for i, w := range ways {
		c := &cfgSyntax{s: s, seen: map[ast.Node]bool{}}
		for _, e := range exprs {
			if e != nil {
				c.add(e)
			}
		}
		c.config(w)
		out[i] = c.out
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
