package nodeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// ReachFact is exported for a function whose context parameter reaches
// an outbound call with no deadline added on the way:
//
//	func Fetch(ctx context.Context, c grpc_health_v1.HealthClient) error {
//		_, err := c.Check(ctx, req) // Fetch gets reaches(param 0 via HealthClient.Check)
//		return err
//	}
//
// A caller passing a deadline-less context in that parameter is reported
// at its call.
type ReachFact struct {
	Param int
	// Via names the calls from the function down to the outbound call,
	// the outbound call last: ["get", "HealthClient.Check"].
	Via []string
	// Family is the outbound call's kind, as in messages ("a gRPC call").
	Family string
	// Stream: the outbound call opens a stream or a watch.
	Stream bool
	// Field: the outbound call is an HTTP request sent on this
	// *http.Client field of the function's receiver, which decides
	// whether it can hang, and which keeps the client the receiver was
	// built with (fieldclient.go); "" for other calls.
	Field string
	// Retried: the outbound call runs in an attempt of a retry, in the
	// function or below it, or retries inside (an SDK operation). A call
	// of a function that holds a retry is a retry place only for a
	// context that reaches its retried calls: in
	//
	//	func purge(ctx context.Context) error {
	//		rows, err := db.QueryContext(ctx, q) // once: not Retried
	//		...
	//		return rdb.Del(ctx, keys...).Err() // go-redis retries the Del
	//	}
	//
	// the query runs once, whatever the redis client does.
	Retried bool
	// RetryIn names the retry of a Retried call as callers' messages
	// say it: "the retry in notify" for a loop or closure in the
	// function, "sqs.SendMessage" for an SDK operation that retries, a
	// callee's RetryIn further down; "" when not Retried.
	RetryIn string
}

func (*ReachFact) AFact() {}

func (f *ReachFact) String() string {
	on := ""
	if f.Field != "" {
		on = " on " + f.Field
	}
	retried := ""
	if f.Retried {
		retried = ", retried"
	}
	return fmt.Sprintf("reaches(param %d via %s%s%s)", f.Param, strings.Join(f.Via, " -> "), on, retried)
}

// summary is a ReachFact of a function of this package, with the call
// inside it that continues the chain, for Related entries.
type summary struct {
	fact *ReachFact
	pos  token.Pos   // the call in this function
	next *types.Func // the next function of the chain, when it is a call of one
}

func extend(name string, f *ReachFact) []string {
	return analysisutil.CapChain(append([]string{name}, f.Via...), nil)
}

// callText is the call's function expression as written ("client.Check"),
// or the display name when that is long.
func callText(call *ast.CallExpr, fn *types.Func, from *types.Package) string {
	if s := types.ExprString(call.Fun); len(s) <= 40 {
		return s
	}
	return analysisutil.FuncName(fn, from)
}

// ResultFact is exported for an exported function whose first result is
// a context.Context or an *http.Request with no deadline added inside:
// one made from context.Background() and friends (Param -1), or the
// state of its parameter Param passed through:
//
//	func NewRequest(ctx context.Context, u string) (*http.Request, error) {
//		return http.NewRequestWithContext(ctx, "GET", u, nil) // returns(param 0)
//	}
//
// Importers read a call of it as they read a helper of their own
// package (values.go) through engine.SourcesIn.
type ResultFact struct {
	Param int
	// Result is the index of the result that carries it: the first
	// context or request among the results (a group's constructor may
	// return it second: g, ctx := group.New(ctx)).
	Result int
}

func (*ResultFact) AFact() {}

func (f *ResultFact) String() string {
	as := ""
	if f.Result > 0 {
		as = fmt.Sprintf(" as result %d", f.Result)
	}
	if f.Param < 0 {
		return "returns(no deadline" + as + ")"
	}
	return fmt.Sprintf("returns(param %d%s)", f.Param, as)
}

// carrierResult is the index of the first result of sig that carries a
// deadline, or -1.
func carrierResult(sig *types.Signature) int {
	for i := range sig.Results().Len() {
		if carrier(sig.Results().At(i).Type()) {
			return i
		}
	}
	return -1
}

// exportResults exports a ResultFact for each exported function of the
// package with a result that carries a context.
func (c *checker) exportResults() {
	for _, fi := range c.funcs {
		if !fi.obj.Exported() {
			continue
		}
		sig := fi.obj.Type().(*types.Signature)
		if sig.Results().Len() == 0 || sig.TypeParams() != nil || sig.RecvTypeParams() != nil {
			continue
		}
		k := carrierResult(sig)
		if k < 0 || catalogued(fi.obj) || !fi.carries && !c.makesRoots() {
			continue // nothing to export: the fact could only say unknown
		}
		top := c.tracer(fi).top
		if top == nil {
			continue
		}
		st := state{kind: neutral}
		for _, b := range top.Blocks {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) > k {
				st = join(st, c.tracer(fi).ctx(r.Results[k], nil))
			}
		}
		switch st.kind {
		case noDeadline:
			c.pass.ExportObjectFact(fi.obj, &ResultFact{Param: -1, Result: k})
		case param:
			c.pass.ExportObjectFact(fi.obj, &ResultFact{Param: st.param, Result: k})
		}
	}
}

// catalogued reports a function the catalog describes as making a
// context or a request: importers read it there.
func catalogued(fn *types.Func) bool {
	switch catalog.SymbolOf(fn) {
	case catalog.HTTPNewRequest, catalog.HTTPNewRequestCtx, catalog.HTTPRequestWithCtx, catalog.HTTPRequestClone:
		return true
	}
	return catalog.ContextEffect(fn) != catalog.CtxNone
}

// makesRoots reports, on syntax, whether the package calls a function
// that makes a context with no deadline or a request on one
// (context.Background(), http.NewRequest, an imported helper whose
// ResultFact says so): without one, a result of the package can carry no
// deadline-less context but a parameter's.
func (c *checker) makesRoots() bool {
	if c.roots == nil {
		found := anyCall(c.pass, func(call *ast.CallExpr) bool {
			fn := analysisutil.Callee(c.pass.TypesInfo, call)
			switch e := catalog.ContextEffect(fn); {
			case e == catalog.CtxRoot, e == catalog.CtxDrop, catalog.SymbolOf(fn) == catalog.HTTPNewRequest:
				return true
			}
			rf := c.resultOf(fn)
			return rf != nil && rf.Param < 0
		})
		c.roots = &found
	}
	return *c.roots
}

// anyCall reports whether f holds for a call of the package's syntax,
// stopping at the first.
func anyCall(pass *analysis.Pass, f func(*ast.CallExpr) bool) bool {
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !found {
				found = f(call)
			}
			return !found
		})
	}
	return found
}

// resultOf returns the ResultFact of a function of another package.
func (c *checker) resultOf(fn *types.Func) *ResultFact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(ResultFact)
	if c.pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}
