package retryscan

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// loopBound works out what ends a hand-rolled retry loop.
//
// A counted loop ends after its count: `for i := 0; i < 3; i++` makes 3
// attempts, `for range n` n. Any other loop ends only where an exit is
// conditioned on something other than the error itself: a counter
// (`if attempt >= max { return err }`), the context (`ctx.Err() != nil`,
// `case <-ctx.Done():`) or the clock (`time.Since(start) > limit`). A loop
// whose exits all test only the error is unbounded.
func (s *scanner) loopBound(loop ast.Stmt, body *ast.BlockStmt, counter types.Object, d *decision) Bound {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if n, ok := s.intConst(l.X); ok {
			return Bound{Attempts: int(n)}
		}
		if s.isAttemptIterator(l) {
			return s.mergeExits(s.iteratorBound(l), loop, body, d)
		}
		return Bound{Attempts: catalog.AttemptsUnknown, Count: l.X}
	case *ast.ForStmt:
		if l.Cond != nil {
			if !d.inCond {
				var count ast.Expr
				var add int64
				if counter != nil {
					if n, ok := s.countedAttempts(l, counter); ok {
						return Bound{Attempts: n}
					}
					count, add, _ = s.countedTo(l, counter)
				}
				b := s.condBound(l.Cond, d)
				if b.Attempts == catalog.AttemptsUnbounded && !b.Ctx && !b.Time {
					b.Attempts = catalog.AttemptsUnknown // some condition ends it
				}
				b = s.mergeExits(b, loop, body, d)
				if b.Attempts == catalog.AttemptsUnknown && count != nil {
					b.Count, b.CountAdd = count, int(add)
				}
				return b
			}
			// The condition decides (for err = op(); err != nil && i < n;
			// err = op()): what else it tests bounds the loop.
			return s.mergeExits(s.condBound(l.Cond, d), loop, body, d)
		}
	}
	return s.mergeExits(Bound{Attempts: catalog.AttemptsUnbounded}, loop, body, d)
}

// countedAttempts computes the attempts of `for i := k; i < n; i++` and
// `i <= n` with constant k and n.
func (s *scanner) countedAttempts(f *ast.ForStmt, counter types.Object) (int, bool) {
	end, add, ok := s.countedTo(f, counter)
	if !ok {
		return 0, false
	}
	n, ok := s.intConst(end)
	if !ok || n+add < 1 {
		return 0, false
	}
	return int(n + add), true
}

// countedTo reads `for i := k; i < end; i++` (or i <= end, end > i) with
// a constant k: the loop runs end+add times.
func (s *scanner) countedTo(f *ast.ForStmt, counter types.Object) (end ast.Expr, add int64, ok bool) {
	as, ok := f.Init.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil, 0, false
	}
	start, ok := s.intConst(as.Rhs[0])
	if !ok {
		return nil, 0, false
	}
	inc, ok := f.Post.(*ast.IncDecStmt)
	if !ok || inc.Tok != token.INC {
		return nil, 0, false
	}
	cond, ok := ast.Unparen(f.Cond).(*ast.BinaryExpr)
	if !ok {
		return nil, 0, false
	}
	x, y, op := cond.X, cond.Y, cond.Op
	if id, ok := ast.Unparen(y).(*ast.Ident); ok && s.info.ObjectOf(id) == counter {
		x, y = y, x
		op = map[token.Token]token.Token{token.GTR: token.LSS, token.GEQ: token.LEQ}[op]
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); !ok || s.info.ObjectOf(id) != counter {
		return nil, 0, false
	}
	switch op {
	case token.LSS:
		return y, -start, true
	case token.LEQ:
		return y, 1 - start, true
	}
	return nil, 0, false
}

// mergeExits adds what the loop's conditional exits test to b.
//
// Of each exit condition, only the parts that do not depend on the
// attempt's outcome count: in `if err == nil || attempt == max`, the
// counter bounds the loop and the error check is the decision.
func (s *scanner) mergeExits(b Bound, loop ast.Stmt, body *ast.BlockStmt, d *decision) Bound {
	s.eachIf(body, func(ifs *ast.IfStmt, rest []ast.Stmt, inSwitch bool) bool {
		ex := exitCtx{loop: loop, inSwitch: inSwitch}
		if ex.exits(ifs.Body.List) || (ifs.Else != nil && ex.exits(elseStmts(ifs))) {
			b = b.or(s.condBound(ifs.Cond, d))
			// if err := ctx.Err(); err != nil { return err }
			if ifs.Init != nil {
				b = b.or(s.initBound(ifs.Init))
			}
		}
		return true
	})
	// select { case <-ctx.Done(): return ...; case <-time.After(d): }
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			ex := exitCtx{loop: loop, inSwitch: true}
			if n.Comm != nil && ex.exits(n.Body) {
				b = b.or(s.classify(commExpr(n.Comm), nil))
			}
		}
		return true
	})
	return b
}

// or combines two sources of a bound.
func (b Bound) or(c Bound) Bound {
	b.Ctx = b.Ctx || c.Ctx
	b.Time = b.Time || c.Time
	switch {
	case b.Attempts > 0 && c.Attempts > 0:
		b.Attempts = min(b.Attempts, c.Attempts)
	case b.Attempts > 0:
	case c.Attempts > 0:
		b.Attempts = c.Attempts
	case b.Attempts == catalog.AttemptsUnknown || c.Attempts == catalog.AttemptsUnknown:
		b.Attempts = catalog.AttemptsUnknown
	}
	return b
}

// classify says what an exit condition tests. Conditions that look only
// at error values (err != nil, errors.Is(err, x), isRetryable(err)) bound
// nothing; a context makes the loop cancellable, the clock time-bounded,
// and anything else (a counter, a flag) an unknown bound.
func (s *scanner) classify(cond ast.Expr, _ *ast.BlockStmt) Bound {
	b := Bound{Attempts: catalog.AttemptsUnbounded}
	if cond == nil {
		return b
	}
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := analysisutil.AnyCallee(s.info, n)
			if fn != nil && analysisutil.PkgPath(fn) == "time" {
				b.Time = true
				return false
			}
			if fn != nil && analysisutil.PkgPath(fn) == "context" {
				b.Ctx = true
				return false
			}
			if t := s.info.TypeOf(n); t != nil && isError(t) {
				return true // ctx.Err() is caught above; other calls returning error test errors
			}
		case *ast.Ident:
			obj, ok := s.info.ObjectOf(n).(*types.Var)
			if !ok {
				return true
			}
			switch t := obj.Type(); {
			case isError(t):
			case isNamed(t, "context", "Context"):
				b.Ctx = true
			case isNamed(t, "time", "Time"), isNamed(t, "time", "Duration"):
				b.Time = true
			case isChan(t):
				b.Ctx = true // a stop or done channel cancels
			default:
				if b.Attempts == catalog.AttemptsUnbounded {
					b.Attempts = catalog.AttemptsUnknown
				}
			}
		case *ast.BasicLit:
			// constants bound nothing by themselves
		}
		return true
	})
	return b
}

// initBound classifies the init statement of an exit condition by the
// context and clock calls it makes (err := ctx.Err(), d := time.Until(t));
// other calls there are attempts or their preparation and bound nothing.
func (s *scanner) initBound(init ast.Stmt) Bound {
	b := Bound{Attempts: catalog.AttemptsUnbounded}
	ast.Inspect(init, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := s.calleeOf(n)
			switch analysisutil.PkgPath(fn) {
			case "context":
				b.Ctx = true
			case "time":
				b.Time = true
			}
		}
		return true
	})
	return b
}

// commExpr returns the channel expression a select case receives from.
func commExpr(st ast.Stmt) ast.Expr {
	switch st := st.(type) {
	case *ast.ExprStmt:
		return st.X
	case *ast.AssignStmt:
		if len(st.Rhs) == 1 {
			return st.Rhs[0]
		}
	}
	return nil
}

func isChan(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Chan)
	return ok
}

// intConst returns the value of a constant integer expression.
func (s *scanner) intConst(e ast.Expr) (int64, bool) {
	v := s.constValue(e)
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}
