package keyregen

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Request decorators: a function literal kept in a package variable or a
// field, so that tests can replace it, that puts a fresh key in a sink
// each time it runs. Called in an attempt, it sends a new key per attempt
// as a helper called by name does (square/square-mcp-server#31):
//
//	var decorate = func(req *http.Request) {
//		req.Header.Set("Idempotency-Key", uuid.NewString())
//	}
//	decorate(req) // in the attempt: reported, "via decorate"
//
// The call runs what the engine says the value can be (CalledFuncs: every
// write of an unexported variable or field in sight); it is a decorator's
// call when every one of those is such a literal. A value that may also
// be set from outside (a parameter, an exported variable) is not read.

// decorator is what one literal sends: the generator and the sink.
type decorator struct {
	gen  string
	sink sink
}

// decorators returns the package's key decorators, once: the literals
// kept in a variable or a field (the value of a package variable, an
// assignment, a field of a composite literal) that call a generator, and
// whose own region puts a fresh value of one in a sink.
func (r *runner) decorators() map[*ast.FuncLit]*decorator {
	if r.decos != nil {
		return *r.decos
	}
	out := map[*ast.FuncLit]*decorator{}
	r.decos = &out // while computing: a decorator calling another is not one
	var kept []*ast.FuncLit
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var vals []ast.Expr
			switch n := n.(type) {
			case *ast.ValueSpec:
				vals = n.Values
			case *ast.AssignStmt:
				vals = n.Rhs
			case *ast.KeyValueExpr:
				vals = []ast.Expr{n.Value}
			}
			for _, v := range vals {
				if lit, ok := ast.Unparen(v).(*ast.FuncLit); ok && r.callsGenerator(lit) {
					kept = append(kept, lit)
				}
			}
			return true
		})
	}
	for _, lit := range kept {
		reg := r.scan(lit.Body, lit, nil, false, nil)
		for _, fi := range reg.findings {
			if fi.origin.param != nil || fi.origin.via != "" || r.retriedIn(lit, fi.origin.pos) {
				continue
			}
			if d := out[lit]; d == nil || (d.sink.class == catalog.SinkRequestID && fi.sink.class == catalog.SinkKey) {
				out[lit] = &decorator{gen: fi.origin.gen, sink: fi.sink}
			}
		}
	}
	return out
}

// callsGenerator reports whether a literal calls a catalogued generator
// itself: the cheap test before any SSA.
func (r *runner) callsGenerator(lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && catalog.LookupGenerator(r.calleeOf(call)) != nil {
			found = true
		}
		return !found
	})
	return found
}

// retriedIn reports whether pos is in a retry inside lit: reported there.
func (r *runner) retriedIn(lit *ast.FuncLit, pos token.Pos) bool {
	for _, s := range r.res.Enclosing(pos) {
		if lit.Pos() <= s.Pos() && s.Pos() < lit.End() {
			return true
		}
	}
	return false
}

// decoratorCall returns what a call through a function value in the
// region sends when every function the value can be is a key decorator,
// or nil; the first decorator's answer names the call.
func (reg *region) decoratorCall(call *ast.CallExpr) *decorator {
	r := reg.r
	if r.calleeOf(call) != nil || len(r.decorators()) == 0 {
		return nil
	}
	if _, ok := r.pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature); !ok {
		return nil
	}
	in := callIn(r, r.eng.Func(reg.fn), call)
	if in == nil {
		return nil
	}
	fns, ok := r.eng.CalledFuncs(in)
	if !ok {
		return nil
	}
	var first *decorator
	for _, fn := range fns {
		lit, _ := fn.Syntax().(*ast.FuncLit)
		d := r.decorators()[lit]
		if lit == nil || d == nil {
			return nil
		}
		if first == nil {
			first = d
		}
	}
	return first
}

// mayDecorate reports, on syntax and types, whether a call may run a key
// decorator: it has no static callee and the package has one.
func (r *runner) mayDecorate(call *ast.CallExpr) bool {
	if r.calleeOf(call) != nil {
		return false
	}
	tv, ok := r.pass.TypesInfo.Types[call.Fun]
	if !ok || tv.Type == nil || tv.IsType() || tv.IsBuiltin() {
		return false
	}
	if _, ok := tv.Type.Underlying().(*types.Signature); !ok {
		return false
	}
	return len(r.decorators()) > 0
}

// callIn returns the instruction of call in fn or in a closure of fn.
func callIn(r *runner, fn *ssa.Function, call *ast.CallExpr) ssa.CallInstruction {
	if fn == nil {
		return nil
	}
	if in := r.eng.Call(fn, call); in != nil {
		return in
	}
	for _, anon := range fn.AnonFuncs {
		if in := callIn(r, anon, call); in != nil {
			return in
		}
	}
	return nil
}
