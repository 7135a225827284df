package retryscan

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// A setting kept in a package variable of the package is read as the
// constant it always holds, when every write to it is visible (the
// engine's ConstOf: an unexported variable, or a field of one, set only
// by its initializer):
//
//	var defaultCfg = retryConfig{MaxRetries: 5, Timeout: 4 * time.Second}
//	actx, cancel := context.WithTimeout(ctx, defaultCfg.Timeout)  // 4s
//	retry.Attempts(uint(defaultCfg.MaxRetries))                    // 5
//
// Only such reads ask the engine, so code that keeps its settings in
// constants builds no SSA for them. An exported variable, or one set
// from a flag or a parameter, stays unknown.

// varConst returns the constant an expression reading a package
// variable always has, or nil.
func (s *scanner) varConst(e ast.Expr) constant.Value {
	if s.eng == nil || !s.readsPkgVar(e) {
		return nil
	}
	fn := s.enclosingFunc(e)
	if fn == nil {
		return nil
	}
	v := s.eng.ValueOf(fn, e)
	if v == nil {
		return nil
	}
	if c := s.eng.ConstOf(v); c != nil {
		return c.Value
	}
	return nil
}

// readsPkgVar reports an expression that is an unexported package
// variable of the package, a field of one (cfg.Timeout), or a conversion
// of either (uint(cfg.MaxRetries)).
func (s *scanner) readsPkgVar(e ast.Expr) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := s.info.Types[call.Fun]; ok && tv.IsType() {
			return s.readsPkgVar(call.Args[0])
		}
		return false
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if _, field := s.info.Selections[sel]; !field {
			return false
		}
		e = ast.Unparen(sel.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := s.info.Uses[id].(*types.Var)
	return ok && !v.Exported() && v.Pkg() == s.pass.Pkg && v.Parent() == s.pass.Pkg.Scope()
}
