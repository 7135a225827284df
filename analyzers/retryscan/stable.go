package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// stableCall reports whether the attempt call runs the same operation on
// every iteration: nothing it refers to is derived, inside the loop, from
// a value the loop itself changes. That tells a retry apart from loops
// that walk a chain or a cursor until it ends, or search for something
// free:
//
//	for {                          // errors.As: not a retry
//		...
//		err = x.Unwrap()           // x comes from err, which the loop changes
//		if err == nil {
//			return false
//		}
//	}
//	for attempt := 0; attempt < max; attempt++ { // a search for a free port
//		cfg["port"] = port         // an entry of the call's argument
//		if err := c.CreateDatabase(ctx, cfg); err == nil || !portTaken(err) {
//			return err
//		}
//		port++                     // a variable stepped, not an attempt counter
//	}
//
// The loop's counters do not count as a change: attempts are often
// passed along for logging (a counter used as an index is a failover,
// handled separately). counters are the loop variable of a counted loop
// and the variables the loop steps and tests to leave (attempt++; if
// attempt >= max { return err }). Neither does a variable declared
// before the loop that each iteration builds anew from values the loop
// does not change, like one declared in it:
//
//	var req *http.Request
//	for i := 0; i < 3; i++ {
//		req, err = http.NewRequest("POST", u, body()) // the same request each time
//
// A field or an entry of a variable (cfg.Port, cfg["port"]) written in
// the loop with a value that changes, or stepped (cfg.Port++), changes
// the variable, unless the call is made on it: c.retries++ before
// c.do(ctx) counts attempts on the client. A step of a field that only
// the loop's function reads changes only what names the field
// (j.restarts++ before start(j): counterfield.go).
func (s *scanner) stableCall(body *ast.BlockStmt, call *ast.CallExpr, counters map[types.Object]bool) bool {
	inLoop := func(obj types.Object) bool { return body.Pos() <= obj.Pos() && obj.Pos() < body.End() }
	// carried: variables declared outside the loop and assigned in it,
	// with the values assigned (an operator assignment, x += d, and a
	// step, x++, use x).
	carried := map[types.Object][]ast.Expr{}
	carry := func(id *ast.Ident, value ast.Expr, self bool) {
		if obj := s.info.ObjectOf(id); obj != nil && !counters[obj] && !inLoop(obj) {
			carried[obj] = append(carried[obj], value)
			if self {
				carried[obj] = append(carried[obj], id)
			}
		}
	}
	fun := map[types.Object]bool{}
	ast.Inspect(call.Fun, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			fun[s.info.ObjectOf(id)] = true
		}
		return true
	})
	var writes []partWrite
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if len(n.Lhs) == 1 && len(n.Rhs) == 1 && s.rederives(id, n.Rhs[0]) {
						continue // the same request (a copy made with a new context)
					}
					carry(id, rhsTuple(n.Rhs), n.Tok != token.ASSIGN && n.Tok != token.DEFINE)
				} else if w, ok := s.partWrite(l, n.Tok, n.Rhs, i, counters); ok && !fun[w.root] {
					writes = append(writes, w)
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				carry(id, id, true)
			} else if w, ok := s.partWrite(n.X, token.ADD_ASSIGN, nil, 0, counters); ok && !fun[w.root] {
				writes = append(writes, w)
			}
		}
		return true
	})
	// The carried variables are unstable unless rebuilt: every value
	// assigned mentions nothing unstable. Variables defined in the loop
	// from unstable ones are unstable too.
	// Each round that rebuilds one more variable recomputes the rest;
	// the round that rebuilds none leaves unstable current, and it comes
	// at the latest after every carried variable is rebuilt.
	rebuilt := map[types.Object]bool{}
	var unstable map[types.Object]bool
	for range len(carried) + 1 {
		unstable = s.derived(body, carried, rebuilt, writes, counters)
		more := false
		for obj, values := range carried {
			if !rebuilt[obj] && !slices.ContainsFunc(values, func(v ast.Expr) bool { return mentionsAny(s.info, v, unstable) }) {
				rebuilt[obj], more = true, true
			}
		}
		if !more {
			break
		}
	}
	// The call's own results are assigned in the loop; that is the point
	// of a retry, not a change of operation.
	if mentionsAny(s.info, call.Fun, unstable) {
		return false
	}
	for i, a := range call.Args {
		if mentionsAny(s.info, a, unstable) && !s.roundArg(call, i) {
			return false
		}
	}
	return true
}

// roundArg reports an argument of a call of one of the package's
// functions that the callee only compares with constants: the round's
// number, which tells the first round from the others (if attempt == 1
// { h.Available = false }) and leaves the operation the same
// (engine.ComparedOnly).
func (s *scanner) roundArg(call *ast.CallExpr, i int) bool {
	fi := s.ownFunc(analysisutil.Callee(s.info, call))
	if fi == nil {
		return false
	}
	fn := s.eng.Func(fi.decl)
	if fn == nil {
		return false
	}
	if fn.Signature.Recv() != nil {
		i++ // the receiver is the first parameter
	}
	return s.eng.ComparedOnly(fn, i)
}

// rederives reports whether value is the variable id's own request
// passed through copies that keep the operation (catalog.RequestCopy):
// the method, URL and body the loop started with, whatever context each
// copy is given, so the assignment changes nothing the attempt sends:
//
//	req, err := http.NewRequest(method, url, body)
//	for i := 0; ; i++ {
//		req = req.WithContext(ctx) // or req.Clone(ctx)
//		resp, err := c.httpClient.Do(req)
func (s *scanner) rederives(id *ast.Ident, value ast.Expr) bool {
	x, copies := ast.Unparen(value), 0
	for {
		call, ok := x.(*ast.CallExpr)
		if !ok {
			break
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !catalog.RequestCopy(analysisutil.Callee(s.info, call)) {
			return false
		}
		x, copies = ast.Unparen(sel.X), copies+1
	}
	own, ok := x.(*ast.Ident)
	return ok && copies > 0 && s.info.ObjectOf(own) == s.info.ObjectOf(id)
}

// partWrite is a write into a field or an entry of root: the value
// written, nil for a step (cfg.Port++, cfg.Port += 1), which changes it
// on every round.
type partWrite struct {
	root  types.Object
	value ast.Expr
}

// partWrite returns the write an assignment to lhs (the i-th of rhs) is
// when lhs is a field or an entry of a variable that is not a counter:
// cfg.Port, cfg["port"], (*p).a.b[k].
func (s *scanner) partWrite(lhs ast.Expr, tok token.Token, rhs []ast.Expr, i int, counters map[types.Object]bool) (partWrite, bool) {
	x := ast.Unparen(lhs)
	for {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			x = ast.Unparen(e.X)
			continue
		case *ast.IndexExpr:
			x = ast.Unparen(e.X)
			continue
		case *ast.StarExpr:
			x = ast.Unparen(e.X)
			continue
		}
		break
	}
	id, ok := x.(*ast.Ident)
	if !ok || x == ast.Unparen(lhs) {
		return partWrite{}, false
	}
	v, ok := s.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || counters[v] {
		return partWrite{}, false
	}
	w := partWrite{root: v}
	if f := s.keptCount(lhs, tok, rhs, i); f != nil {
		w.root = f // j.restarts++: a count kept on j (counterfield.go)
	}
	switch {
	case tok == token.ASSIGN || tok == token.DEFINE:
		if len(rhs) == 1 {
			w.value = rhs[0]
		} else if i < len(rhs) {
			w.value = rhs[i]
		} else {
			return partWrite{}, false
		}
	}
	return w, true
}

// derived returns the carried variables not rebuilt, the variables a
// write into a part of changes, and the variables defined in the loop
// from them, in source order (two rounds cover definitions that refer to
// later assignments).
func (s *scanner) derived(body *ast.BlockStmt, carried map[types.Object][]ast.Expr, rebuilt map[types.Object]bool, writes []partWrite, counters map[types.Object]bool) map[types.Object]bool {
	unstable := map[types.Object]bool{}
	for obj := range carried {
		if !rebuilt[obj] {
			unstable[obj] = true
		}
	}
	for range 2 {
		for _, w := range writes {
			if w.value == nil || mentionsAny(s.info, w.value, unstable) {
				unstable[w.root] = true
			}
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE && mentionsAny(s.info, rhsTuple(n.Rhs), unstable) {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							if obj := s.info.ObjectOf(id); obj != nil && !counters[obj] {
								unstable[obj] = true
							}
						}
					}
				}
			case *ast.TypeSwitchStmt:
				if as, ok := n.Assign.(*ast.AssignStmt); ok && mentionsAny(s.info, as.Rhs[0], unstable) {
					for _, cc := range n.Body.List {
						if obj := s.info.Implicits[cc]; obj != nil {
							unstable[obj] = true
						}
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						if obj := s.info.ObjectOf(id); obj != nil {
							unstable[obj] = true
						}
					}
				}
			}
			return true
		})
	}
	return unstable
}

// rhsTuple wraps right-hand sides in one expression for inspection.
func rhsTuple(rhs []ast.Expr) ast.Expr {
	if len(rhs) == 1 {
		return rhs[0]
	}
	return &ast.CompositeLit{Elts: rhs}
}
