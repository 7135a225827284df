package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Decision is how one attempt of a retry site decides whether another
// attempt follows: every way through the attempt body, with the
// conditions met and the statements run on the way, and where it ends.
//
//	for i := 0; i < 5; i++ {
//		resp, err := client.Do(req)
//		if err != nil {              // path 1: err != nil                       round
//			time.Sleep(d)
//			continue
//		}
//		if resp.StatusCode != 200 {  // path 2: !(err != nil), StatusCode != 200 round
//			time.Sleep(d)
//			continue
//		}
//		return resp, nil             // path 3: !(err != nil), !(StatusCode != 200) leave
//	}
//
// For an operation handed to cenkalti/backoff or avast/retry-go the
// paths end at its returns: nil and a permanent error (backoff.Permanent,
// retry.Unrecoverable) leave, any other error goes round when it is not
// nil. What the conditions mean (a status, a code, a cancelled context)
// is the business of the analyzer that asks.
type Decision struct {
	Paths []Path
}

// Path is one way through an attempt body.
type Path struct {
	// Steps are the statements run on the way, in order, other than
	// branches: assignments, declarations, expression statements, the
	// init statements of if and switch, nested loops as a whole.
	Steps []ast.Stmt
	// Conds are the conditions met on the way, in order.
	Conds []Cond
	End   End
	// At is the statement that ends the path (a return, a branch, a call
	// that does not return); nil when the body falls off its end.
	At ast.Node
	// Err is, for EndError, the error the operation returns; nil for a
	// bare return of named results.
	Err ast.Expr
}

// End is where a path through an attempt leads.
type End uint8

const (
	// EndRound: another attempt follows (continue, the end of a loop
	// body, an operation returning backoff.RetryAfter).
	EndRound End = iota + 1
	// EndLeave: the retry ends (a return or break out of the loop, a call
	// that does not return, an operation returning nil or a permanent
	// error).
	EndLeave
	// EndError: an operation returns Err, which sends the retry round
	// when it is not nil.
	EndError
)

func (e End) String() string { return [...]string{"", "round", "leave", "error"}[e] }

// Cond is one condition met on a path.
type Cond struct {
	// Tag is the switch tag a case compares with; nil for an if and a
	// tagless switch.
	Tag ast.Expr
	// Any are the if condition or the case's values: the branch runs when
	// one holds (or equals Tag). Empty for select and type switch
	// clauses, whose Node says what they wait for or match.
	Any []ast.Expr
	// Holds is false when the path runs because none of Any holds: an
	// else branch, a later case, a default.
	Holds bool
	// Node is the *ast.IfStmt, *ast.CaseClause or *ast.CommClause, or the
	// switch statement for the implicit default of a switch.
	Node ast.Node
	// Step is the number of Steps run before the condition is tested.
	Step int
}

// maxPaths bounds the paths followed through one attempt body; a body
// with more (a long chain of independent ifs) gets no Decision.
const maxPaths = 256

// Decision returns how the site's attempt body decides to go round, or
// nil when the body is not visible as syntax, the library's operation
// convention is not catalogued (catalog.ErrorOperation), the retry is by
// recursion, or the body has ways through that are not followed: goto,
// fallthrough, a return or a branch out of a loop nested in the body,
// more than maxPaths paths. A loop site's is worked out once, by the
// recognizer (absence.go), and kept.
func (s *Site) Decision(info *types.Info) *Decision {
	if s.decision != nil {
		return s.decision.get()
	}
	return s.walkDecision(info)
}

func (s *Site) walkDecision(info *types.Info) *Decision {
	w := &walker{info: info, labels: map[string]cont{}}
	var body []ast.Stmt
	switch b := s.Body.(type) {
	case *ast.BlockStmt: // a loop, or the body of a backoff.Continue loop
		if _, recursive := s.Node.(*ast.CallExpr); recursive {
			return nil // retry by recursion: its returns are not ways out
		}
		body = b.List
		w.label = loopLabel(s.Func, s.Node)
	case *ast.FuncLit:
		if s.Kind != KindLibrary || s.Entry == nil || !catalog.ErrorOperation(s.Entry.Pkg) {
			return nil
		}
		w.op = true
		body = b.Body.List
		if sig, ok := info.TypeOf(b).(*types.Signature); ok {
			w.results = sig.Results().Len()
		}
	default:
		return nil
	}
	w.list(body, pathState{}, func(p pathState) {
		if w.op {
			w.emit(p, EndLeave, nil, nil) // an operation with no results
		} else {
			w.emit(p, EndRound, nil, nil)
		}
	}, nil)
	if w.failed {
		return nil
	}
	return &Decision{Paths: w.paths}
}

// loopLabel returns the label of a labeled loop statement.
func loopLabel(fn, loop ast.Node) string {
	label := ""
	if fn == nil {
		return label
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if l, ok := n.(*ast.LabeledStmt); ok && l.Stmt == loop {
			label = l.Label.Name
		}
		return label == ""
	})
	return label
}

type walker struct {
	info    *types.Info
	op      bool   // an operation's body: returns decide by their error
	results int    // the operation's result count
	label   string // the retry loop's label
	labels  map[string]cont
	paths   []Path
	work    int
	failed  bool
}

// pathState is a path being followed. Each fork copies it.
type pathState struct {
	steps []ast.Stmt
	conds []Cond
}

func (p pathState) step(st ast.Stmt) pathState {
	return pathState{steps: append(p.steps[:len(p.steps):len(p.steps)], st), conds: p.conds}
}

func (p pathState) cond(c Cond) pathState {
	c.Step = len(p.steps)
	return pathState{steps: p.steps, conds: append(p.conds[:len(p.conds):len(p.conds)], c)}
}

// cont continues a path after a construct ends.
type cont func(p pathState)

// IsGRPCCall reports whether fn is a gRPC call: ClientConn.Invoke or a
// method of a generated client stub (the recognizer's own test, which it
// uses for gRPC client sites).
func IsGRPCCall(fn *types.Func) bool { return fn != nil && isGRPCCall(fn) }
