package retryscan

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Trigger is what makes a function run, as far as the package shows:
// the unit a message counts calls per ("up to 15 calls per request").
type Trigger uint8

const (
	// TriggerUnknown: nothing in the package says (an unexported
	// function no one here calls, one stored in a field or returned).
	TriggerUnknown Trigger = iota
	// TriggerRun: the process's or a background task's own run: main,
	// init, a goroutine (go w.watch(ctx)), and what only they call.
	TriggerRun
	// TriggerEvent: a controller-runtime Reconcile method, a client-go
	// informer's event handler, and what only they call.
	TriggerEvent
	// TriggerRequest: an HTTP handler, a gRPC method, a function other
	// packages can call, and what any of them calls.
	TriggerRequest
)

// Per words the unit: "per request", "per event", "per run", or, when
// unknown, "per call of fn" (fn names the function holding the code).
func (t Trigger) Per(fn string) string {
	switch t {
	case TriggerRequest:
		return "per request"
	case TriggerEvent:
		return "per event"
	case TriggerRun:
		return "per run"
	}
	return "per call of " + fn
}

// Trigger returns what makes the function holding the site run, and the
// name of the declaration holding it.
func (r *Result) Trigger(site *Site) (Trigger, string) {
	if r.triggers == nil {
		return TriggerUnknown, ""
	}
	return r.triggers.of(site.fn)
}

// triggers works out, on first use, what makes each function of the
// package run. A function's own shape says first (main, a handler, a
// gRPC method, a reconciler, exported API); otherwise every place that
// names it does, joined: a request if any path is one, else unknown if
// any path is, else an event, else a run.
//
//	go w.watch(ctx)                        // watch: a run
//	go wait.Until(c.worker, time.Second, stop) // c.worker: a run
//	cache.ResourceEventHandlerFuncs{AddFunc: c.onAdd} // c.onAdd: an event
type triggers struct {
	pkg   *types.Package
	info  *types.Info
	files []*ast.File
	once  sync.Once
	mu    sync.Mutex
	uses  map[*types.Func][]use
	lits  map[*ast.FuncLit]use
	decls map[ast.Node]*types.Func // FuncDecl -> its object
	outer map[ast.Node]*ast.FuncDecl
	grpc  map[*types.Func]bool
	memo  map[ast.Node]Trigger
	busy  map[ast.Node]bool
}

// use is one place a function is named: how it runs from there (a
// trigger of its own, or that of encl when inherit).
type use struct {
	t       Trigger
	inherit bool
	encl    ast.Node // the innermost function holding the place
}

func newTriggers(s *scanner) *triggers {
	return &triggers{pkg: s.pass.Pkg, info: s.info, files: s.pass.Files}
}

func (t *triggers) of(fn ast.Node) (Trigger, string) {
	t.once.Do(t.index)
	t.mu.Lock()
	defer t.mu.Unlock()
	name := ""
	if d := t.outer[fn]; d != nil {
		name = analysisutil.FuncName(t.decls[d], t.pkg)
	}
	tr := t.trigger(fn)
	if tr == triggerNone {
		tr = TriggerUnknown // a cycle nothing calls into
	}
	return tr, name
}

// index records every place a function of the package is named, and
// every function literal's place.
func (t *triggers) index() {
	t.uses = map[*types.Func][]use{}
	t.lits = map[*ast.FuncLit]use{}
	t.decls = map[ast.Node]*types.Func{}
	t.outer = map[ast.Node]*ast.FuncDecl{}
	t.grpc = map[*types.Func]bool{}
	t.memo = map[ast.Node]Trigger{}
	t.busy = map[ast.Node]bool{}
	analysisutil.EachGRPCMethod(t.pkg, t.info, t.files, func(fn, _ *types.Func) { t.grpc[fn] = true })
	for _, f := range t.files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			if obj, ok := t.info.Defs[decl.Name].(*types.Func); ok {
				t.decls[decl] = obj
			}
			t.outer[decl] = decl
			stack := []ast.Node{decl}
			encl := []ast.Node{decl}
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				if n == nil {
					if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
						encl = encl[:len(encl)-1]
					}
					stack = stack[:len(stack)-1]
					return true
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					t.lits[n] = t.place(n, stack, encl[len(encl)-1])
					t.outer[n] = decl
					encl = append(encl, n)
				case *ast.Ident:
					if fn, ok := t.info.Uses[n].(*types.Func); ok && fn.Pkg() == t.pkg {
						var e ast.Node = n
						if sel, ok := stack[len(stack)-1].(*ast.SelectorExpr); ok && sel.Sel == n {
							e = sel
						}
						fn = fn.Origin()
						t.uses[fn] = append(t.uses[fn], t.place(e, stack, encl[len(encl)-1]))
					}
				}
				stack = append(stack, n)
				return true
			})
		}
	}
}

// place says how the function named or written at e runs from there;
// stack holds e's ancestors, innermost last.
func (t *triggers) place(e ast.Node, stack []ast.Node, encl ast.Node) use {
	if sel, ok := e.(*ast.SelectorExpr); ok && len(stack) > 0 && stack[len(stack)-1] == sel {
		stack = stack[:len(stack)-1]
	}
	parent := func(i int) ast.Node {
		if len(stack) > i {
			return stack[len(stack)-1-i]
		}
		return nil
	}
	inGo := func(call ast.Node) bool {
		g, ok := parent(1).(*ast.GoStmt)
		return ok && g.Call == call
	}
	inherit := use{inherit: true, encl: encl}
	switch p := parent(0).(type) {
	case *ast.CallExpr:
		// Called here, or handed to a call that may run it: runs as the
		// call does, in a goroutine when the call starts one.
		if inGo(p) {
			return use{t: TriggerRun}
		}
		return inherit
	case *ast.ParenExpr, *ast.AssignStmt, *ast.ValueSpec:
		return inherit // a local variable called later in the same function
	case *ast.KeyValueExpr:
		if lit, ok := parent(1).(*ast.CompositeLit); ok && eventHandlers(t.info.TypeOf(lit)) {
			return use{t: TriggerEvent}
		}
	}
	return use{t: TriggerUnknown}
}

// eventHandlers reports a client-go informer's handler set:
//
//	cache.ResourceEventHandlerFuncs{AddFunc: c.enqueue, UpdateFunc: ...}
func eventHandlers(t types.Type) bool {
	const cache = "k8s.io/client-go/tools/cache"
	return t != nil && (analysisutil.Named(t, cache, "ResourceEventHandlerFuncs") ||
		analysisutil.Named(t, cache, "ResourceEventHandlerDetailedFuncs"))
}

// trigger returns what makes fn (a FuncDecl or a FuncLit) run.
func (t *triggers) trigger(fn ast.Node) Trigger {
	if tr, ok := t.memo[fn]; ok {
		return tr
	}
	if t.busy[fn] {
		return triggerNone // a cycle: the other uses decide
	}
	t.busy[fn] = true
	tr := t.own(fn)
	if tr == triggerNone {
		uses := t.usesOf(fn)
		for _, u := range uses {
			if u.inherit {
				u.t = t.trigger(u.encl)
			}
			if u.t != triggerNone && (tr == triggerNone || rank[u.t] > rank[tr]) {
				tr = u.t
			}
		}
		if tr == triggerNone && len(uses) > 0 {
			// Every use is inside a cycle still being read: what calls
			// into the cycle decides, so nothing is kept yet.
			delete(t.busy, fn)
			return triggerNone
		}
		if tr == triggerNone {
			tr = TriggerUnknown
		}
	}
	delete(t.busy, fn)
	t.memo[fn] = tr
	return tr
}

// triggerNone is the join's bottom: no use says anything.
const triggerNone Trigger = 255

// rank orders triggers for the join: request over unknown over event
// over run (a function reached both per request and per run is reached
// per request).
var rank = [...]int{TriggerRequest: 4, TriggerUnknown: 3, TriggerEvent: 2, TriggerRun: 1}

// usesOf returns the places that name a declared function, or the place
// of a literal.
func (t *triggers) usesOf(fn ast.Node) []use {
	if lit, ok := fn.(*ast.FuncLit); ok {
		return []use{t.lits[lit]}
	}
	return t.uses[t.decls[fn]]
}

// own is what a function's own shape says, or triggerNone.
func (t *triggers) own(fn ast.Node) Trigger {
	if lit, ok := fn.(*ast.FuncLit); ok {
		if sig, ok := t.info.TypeOf(lit).(*types.Signature); ok && analysisutil.IsHandler(sig) {
			return TriggerRequest
		}
		return triggerNone
	}
	obj := t.decls[fn]
	if obj == nil {
		return TriggerUnknown
	}
	sig := obj.Type().(*types.Signature)
	isMain := t.pkg.Name() == "main"
	switch {
	case sig.Recv() == nil && (obj.Name() == "init" || isMain && obj.Name() == "main"):
		return TriggerRun
	case analysisutil.IsHandler(sig), t.grpc[obj]:
		return TriggerRequest
	case reconciler(obj, sig):
		return TriggerEvent
	case !isMain && analysisutil.Exported(obj):
		return TriggerRequest
	}
	return triggerNone
}

// reconciler reports a controller-runtime Reconcile method:
//
//	func (r *R) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error)
func reconciler(fn *types.Func, sig *types.Signature) bool {
	return fn.Name() == "Reconcile" && sig.Recv() != nil && sig.Params().Len() == 2 &&
		analysisutil.Named(sig.Params().At(1).Type(), "sigs.k8s.io/controller-runtime/pkg/reconcile", "Request")
}
