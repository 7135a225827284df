package fuzz

import "fmt"

// The callee shapes that crashed the recognizer (issue 12) or could: a
// call whose callee is a function value (package-level or local), a
// method value or expression, a closure in a struct field, an interface
// method, a generic function or method; in if and switch init
// statements, in defer and go; with labelled loops, goto and select; in
// deeply nested and returned closures; hand-off attempts and "not found"
// tests, which decide whether a loop is a retry at all.

// shapeDecls are the declarations the shapes call, in both packages.
const shapeDecls = `// Function values, as tests replace them.
var doFn = do

var sleepFn = func(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

type hooks struct {
	wait    func(context.Context) error
	backoff func(int) time.Duration
}

type client struct{ hooks hooks }

func (c *client) call(ctx context.Context) error { return errTemp }

type doer interface{ Do(context.Context) error }

type doerFunc func(context.Context) error

func (f doerFunc) Do(ctx context.Context) error { return f(ctx) }

func try[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) { return f(ctx) }

func waitFor[D ~int64](ctx context.Context, d D) error { return sleepFn(ctx, time.Duration(d)) }

type pool[T any] struct{ items []T }

func (p *pool[T]) get(context.Context) (T, error) {
	var zero T
	return zero, errTemp
}

// A consumer goroutine's channel, for hand-off attempts.
var handCh = make(chan int, 1)

var (
	cl   = &client{hooks: hooks{wait: do, backoff: func(n int) time.Duration { return time.Duration(n) * time.Second }}}
	dr   doer = doerFunc(do)
	pl        = &pool[int]{}
	fns       = []func(context.Context) error{do}
	byID      = map[string]func(context.Context) error{"do": do}
)

`

// shape is one attempt-body statement calling through a function value,
// a method value, a field, an interface or a generic.
func (g *gen) shape(sc scope) string {
	e := g.fresh("err")
	switch g.pick(16) {
	case 0: // the issue 12 shape: an exit whose init calls a package-level func var
		d := "time.Second"
		if sc.dVar != "" {
			d = sc.dVar
		}
		return fmt.Sprintf("\tif %s := sleepFn(ctx, %s); %s != nil {\n\t\t%s\n\t}\n", e, d, e, sc.fail)
	case 1:
		return fmt.Sprintf("\tif %s := doFn(ctx); %s == nil {\n\t\t%s\n\t}\n", e, e, sc.ret)
	case 2:
		f := g.fresh("f")
		return fmt.Sprintf("\t%s := []func(context.Context) error{do, doFn}[%d]\n\tif %s := %s(ctx); %s == nil {\n\t\t%s\n\t}\n", f, g.pick(2), e, f, e, sc.ret)
	case 3:
		m := g.fresh("m")
		call := []string{"cl.call", "(*client).call", "dr.Do", "doerFunc(doFn).Do"}[g.pick(4)]
		if call == "(*client).call" {
			return fmt.Sprintf("\t%s := %s\n\tif %s := %s(cl, ctx); %s == nil {\n\t\t%s\n\t}\n", m, call, e, m, e, sc.ret)
		}
		return fmt.Sprintf("\t%s := %s\n\tif %s := %s(ctx); %s == nil {\n\t\t%s\n\t}\n", m, call, e, m, e, sc.ret)
	case 4:
		return fmt.Sprintf("\tif %s := cl.hooks.wait(ctx); %s != nil {\n\t\t%s\n\t}\n", e, e, g.onErr(sc))
	case 5:
		n := "1"
		if sc.iVar != "" {
			n = sc.iVar
		}
		return fmt.Sprintf("\ttime.Sleep(cl.hooks.backoff(%s))\n", n)
	case 6:
		return fmt.Sprintf("\tif %s := dr.Do(ctx); %s == nil || ctx.Err() != nil {\n\t\t%s\n\t}\n", e, e, sc.ret)
	case 7:
		call := []string{"try(ctx, pl.get)", "try[int](ctx, pl.get)", "try[string](ctx, (&pool[string]{}).get)",
			"try(ctx, func(ctx context.Context) (int, error) { return 0, doFn(ctx) })", "(*pool[int]).get(pl, ctx)"}[g.pick(5)]
		return fmt.Sprintf("\tif _, %s := %s; %s == nil {\n\t\t%s\n\t}\n", e, call, e, sc.ret)
	case 8:
		w := g.fresh("w")
		return fmt.Sprintf("\t%s := waitFor[time.Duration]\n\tif %s := %s(ctx, time.Second); %s != nil {\n\t\t%s\n\t}\n", w, e, w, e, sc.fail)
	case 9:
		return fmt.Sprintf("\tswitch %s := doFn(ctx); {\n\tcase %s == nil:\n\t\t%s\n\tcase errors.Is(%s, errTemp):\n\t\t%s\n\t}\n", e, e, sc.ret, e, g.onErr(sc))
	case 10:
		return fmt.Sprintf("\tswitch %s := byID[\"do\"](ctx); %s.(type) {\n\tcase nil:\n\t\t%s\n\t}\n", e, e, sc.ret)
	case 11:
		return []string{"\tdefer doFn(ctx)\n", "\tgo sleepFn(ctx, 0)\n", "\tdefer cl.hooks.wait(ctx)\n", "\tgo dr.Do(ctx)\n", "\tdefer func() { _ = fns[0](ctx) }()\n"}[g.pick(5)]
	case 12:
		d := "time.Second"
		if sc.dVar != "" {
			d = sc.dVar
		}
		return fmt.Sprintf("\tselect {\n\tcase <-ctx.Done():\n\t\t%s\n\tcase <-time.After(%s):\n\tdefault:\n\t}\n", sc.fail, d)
	case 13: // a hand-off: success is a non-blocking send going through
		return fmt.Sprintf("\tif func() bool {\n\t\tselect {\n\t\tcase handCh <- 1:\n\t\t\treturn true\n\t\tdefault:\n\t\t}\n\t\treturn false\n\t}() {\n\t\t%s\n\t}\n", sc.ret)
	case 14: // "not found" tests: a sentinel, a status, both negated
		c := g.fresh("code")
		return fmt.Sprintf("\tswitch %s := doFn(ctx); {\n\tcase %s == nil:\n\t\t%s\n\tcase !errors.Is(%s, sql.ErrNoRows) && %s != sql.ErrNoRows:\n\t\t%s\n\t}\n\tif %s := http.StatusNotFound; %s != http.StatusNotFound || !(%s == 404) {\n\t\t%s\n\t}\n",
			e, e, sc.ret, e, e, sc.fail, c, c, c, sc.fail)
	default:
		if sc.label != "" {
			return fmt.Sprintf("\tif %s := doFn(ctx); %s != nil {\n\t\t%s %s\n\t}\n", e, e, []string{"continue", "goto"}[g.pick(2)], sc.label)
		}
		return fmt.Sprintf("\tif %s := fns[0](ctx); %s == nil {\n\t\t%s\n\t}\n", e, e, sc.ret)
	}
}

// closures nests the statements of an attempt in closures: called at
// once, two levels deep, or built by a closure that returns it.
func (g *gen) closures(sc scope, depth int) string {
	body := g.closureBody(errorScope, sc.inP, depth+1)
	switch g.pick(3) {
	case 0:
		return "\t_ = func() func(context.Context) error {\n\t\treturn func(ctx context.Context) error {\n" + indent(indent(body)) + "\t\t}\n\t}()(ctx)\n"
	case 1:
		return "\t_ = func(ctx context.Context) error {\n\t\treturn func(ctx context.Context) error {\n" + indent(body) + "\t\t}(ctx)\n\t}(ctx)\n"
	default:
		f := g.fresh("mk")
		return fmt.Sprintf("\t%s := func() func(context.Context) error {\n\t\treturn func(ctx context.Context) error {\n%s\t\t}\n\t}\n\t_ = %s()(ctx)\n", f, indent(indent(body)), f)
	}
}

// returnedFn is a top-level function returning a closure that retries,
// the way a configuration object hands out its request function.
func (g *gen) returnedFn(name string, inP bool, depth int) string {
	sc := errorScope
	sc.inP = inP
	stmt := g.stmt(sc, depth+1)
	return fmt.Sprintf("func %s(enabled bool) func(context.Context) error {\n\tif !enabled {\n\t\treturn do\n\t}\n\treturn func(ctx context.Context) error {\n%s\t\treturn nil\n\t}\n}\n\n", name, indent(stmt))
}
