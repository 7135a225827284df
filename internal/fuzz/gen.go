package fuzz

import (
	"fmt"
	"strings"
)

// Generate turns recipe bytes into a two-package program (txtar: a/a.go
// and p/p.go, p importing a) made of retry shapes: loops of every header
// kind with sleeps, backoff arithmetic, context checks, error checks,
// breaks and failover; calls of the real retry libraries with closures;
// a retry wrapper; nesting of all of these; calls across the package
// boundary, so facts are exported and imported. Every byte of the recipe
// picks one choice; an exhausted recipe picks the first choice, so any
// recipe, even an empty one, yields a program that type-checks.
func Generate(recipe []byte) []byte {
	g := &gen{data: recipe}
	var b strings.Builder
	b.WriteString("-- a/a.go --\n")
	b.WriteString(prelude("a", false))
	b.WriteString(wrapperDecl)
	nA := 1 + g.pick(3)
	for i := 0; i < nA; i++ {
		b.WriteString(g.fn(fmt.Sprintf("F%d", i), false, 0))
	}
	if g.pick(2) == 0 {
		b.WriteString(g.returnedFn("Request", false, 0))
	}
	b.WriteString("-- p/p.go --\n")
	b.WriteString(prelude("p", true))
	g.aFuncs = nA
	nP := 1 + g.pick(3)
	for i := 0; i < nP; i++ {
		b.WriteString(g.fn(fmt.Sprintf("f%d", i), true, 0))
	}
	if g.pick(2) == 0 {
		b.WriteString(g.returnedFn("request", true, 0))
	}
	return []byte(b.String())
}

// prelude imports every package a fragment may use and keeps each import
// used, so no choice of fragments leaves an unused import behind.
func prelude(name string, importA bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", name)
	for _, imp := range []string{`"context"`, `"database/sql"`, `"errors"`, `"math/rand"`, `"net/http"`, `"time"`,
		`backoff "github.com/cenkalti/backoff/v4"`, `backoff5 "github.com/cenkalti/backoff/v5"`,
		`retry "github.com/avast/retry-go/v4"`, `"github.com/hashicorp/go-retryablehttp"`, `"k8s.io/apimachinery/pkg/util/wait"`} {
		fmt.Fprintf(&b, "\t%s\n", imp)
	}
	if importA {
		b.WriteString("\t\"fuzz.test/a\"\n")
	}
	b.WriteString(`)

var (
	_ = context.Background
	_ = sql.ErrNoRows
	_ = errors.New
	_ = rand.Int63n
	_ = http.MethodPost
	_ = time.Second
	_ = backoff.Retry
	_ = backoff5.Permanent
	_ = retry.Do
	_ = retryablehttp.NewClient
	_ = wait.Forever
`)
	if importA {
		b.WriteString("\t_ = a.WithRetry\n")
	}
	b.WriteString(`)

var errTemp = errors.New("temporary")

var db *sql.DB

var hosts = []string{"10.0.0.1", "10.0.0.2"}

func do(ctx context.Context) error { return errTemp }

func newKey() string { return "key" }

func charge(ctx context.Context, key string) error { return errTemp }

`)
	b.WriteString(shapeDecls) // gen_shapes.go
	return b.String()
}

const wrapperDecl = `// WithRetry runs f up to three times, one second apart.
func WithRetry(ctx context.Context, f func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

`

type gen struct {
	data   []byte
	i      int
	n      int // counter for fresh names
	aFuncs int // exported functions of package a that p may call
	size   int
}

func (g *gen) pick(n int) int {
	if g.i >= len(g.data) || n <= 1 {
		return 0
	}
	b := g.data[g.i]
	g.i++
	return int(b) % n
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%s%d", prefix, g.n)
}

// A scope says what the statements being generated may do.
type scope struct {
	ret     string // the function's return statements: ok and failure
	fail    string
	zero    string // the final return
	loop    bool   // break and continue are legal
	iVar    string // an integer loop variable, or ""
	dVar    string // a time.Duration variable, or ""
	inP     bool   // package p: may call package a
	label   string // the label of an enclosing loop, for continue and goto, or ""
	retType string
}

var (
	errorScope = scope{ret: "return nil", fail: "return errTemp", zero: "return nil", retType: "error"}
	boolScope  = scope{ret: "return true, nil", fail: "return false, errTemp", zero: "return false, nil", retType: "(bool, error)"}
	intScope   = scope{ret: "return 1, nil", fail: "return 0, errTemp", zero: "return 0, nil", retType: "(int, error)"}
)

func (g *gen) fn(name string, inP bool, depth int) string {
	sc := errorScope
	sc.inP = inP
	var b strings.Builder
	fmt.Fprintf(&b, "func %s(ctx context.Context) error {\n", name)
	n := 1 + g.pick(3)
	for i := 0; i < n; i++ {
		b.WriteString(g.stmt(sc, depth))
	}
	b.WriteString("\treturn nil\n}\n\n")
	return b.String()
}

// stmt is one retry-shaped statement: a loop or a library call.
func (g *gen) stmt(sc scope, depth int) string {
	if depth > 3 || g.size > 200 {
		return "\t_ = do(ctx)\n"
	}
	g.size++
	switch g.pick(9) {
	case 0, 1, 2:
		return g.loop(sc, depth)
	case 3:
		return g.backoffV4(sc, depth)
	case 4:
		return g.backoffV5(sc, depth)
	case 5:
		return g.retryGo(sc, depth)
	case 6:
		return g.wait(sc, depth)
	case 7:
		return g.retryableHTTP()
	default:
		body := g.closureBody(errorScope, sc.inP, depth)
		if sc.inP && g.pick(2) == 0 {
			return "\t_ = a.WithRetry(ctx, func(ctx context.Context) error {\n" + body + "\t})\n"
		}
		return "\t_ = func(ctx context.Context) error {\n" + body + "\t}(ctx)\n"
	}
}

func (g *gen) loop(sc scope, depth int) string {
	var pre, b strings.Builder
	inner := sc
	inner.loop = true
	inner.iVar = ""
	d := g.fresh("d")
	fmt.Fprintf(&pre, "\t%s := time.Duration(%s)\n", d, []string{"time.Second", "100 * time.Millisecond", "0"}[g.pick(3)])
	fmt.Fprintf(&pre, "\t_ = %s\n", d)
	inner.dVar = d
	label := ""
	if g.pick(4) == 0 {
		label = g.fresh("L")
	}
	i := g.fresh("i")
	switch g.pick(7) {
	case 0:
		fmt.Fprintf(&b, "\tfor %s := 0; %s < %s; %s++ {\n", i, i, []string{"3", "10", "1 << 20", "len(hosts)"}[g.pick(4)], i)
		inner.iVar = i
	case 1:
		b.WriteString("\tfor {\n")
		i = ""
	case 2:
		fmt.Fprintf(&b, "\tfor %s := range %s {\n", i, []string{"5", "100"}[g.pick(2)])
		inner.iVar = i
	case 3:
		b.WriteString("\tfor ctx.Err() == nil {\n")
		i = ""
	case 4:
		fmt.Fprintf(&b, "\tfor _, %s := range hosts {\n", i)
		fmt.Fprintf(&b, "\t\t_ = %s\n", i)
		i = ""
	case 5:
		fmt.Fprintf(&b, "\tfor %s := 1; ; %s++ {\n", i, i)
		inner.iVar = i
	default:
		t := g.fresh("t")
		fmt.Fprintf(&pre, "\t%s := time.NewTicker(time.Second)\n\tdefer %s.Stop()\n", t, t)
		fmt.Fprintf(&b, "\tfor range %s.C {\n", t)
		i = ""
	}
	if i != "" {
		fmt.Fprintf(&b, "\t\t_ = %s\n", i)
	}
	if label != "" {
		fmt.Fprintf(&pre, "%s:\n", label) // labels the loop: after the ticker's statements
		inner.label = label
		fmt.Fprintf(&b, "\t\tif ctx.Err() != nil {\n\t\t\tbreak %s\n\t\t}\n", label)
	}
	n := 1 + g.pick(4)
	for k := 0; k < n; k++ {
		b.WriteString(indent(g.item(inner, depth+1)))
	}
	b.WriteString("\t}\n")
	return pre.String() + b.String()
}

// item is one statement of an attempt body.
func (g *gen) item(sc scope, depth int) string {
	e := g.fresh("err")
	switch g.pick(19) {
	case 0:
		return fmt.Sprintf("\tif %s := do(ctx); %s == nil {\n\t%s\n\t}\n", e, e, sc.ret)
	case 1:
		return fmt.Sprintf("\t%s := do(ctx)\n\tif %s != nil {\n\t\t%s\n\t}\n\t%s\n", e, e, g.onErr(sc), sc.ret)
	case 2:
		r := g.fresh("resp")
		return fmt.Sprintf("\t%s, %s := http.Post(\"http://svc/charge\", \"application/json\", nil)\n\tif %s == nil {\n\t\t%s.Body.Close()\n\t\t%s\n\t}\n", r, e, e, r, sc.ret)
	case 3:
		req, r := g.fresh("req"), g.fresh("resp")
		m := []string{"http.MethodGet", "http.MethodPost", "http.MethodPut", "\"DELETE\""}[g.pick(4)]
		return fmt.Sprintf("\t%s, _ := http.NewRequestWithContext(ctx, %s, \"http://svc/x\", nil)\n\tif %s, %s := http.DefaultClient.Do(%s); %s == nil && %s.StatusCode < 500 {\n\t\t%s\n\t}\n", req, m, r, e, req, e, r, sc.ret)
	case 4:
		return fmt.Sprintf("\tif _, %s := db.ExecContext(ctx, \"INSERT INTO t VALUES (1)\"); %s == nil {\n\t\t%s\n\t}\n", e, e, sc.ret)
	case 5:
		k := g.fresh("key")
		return fmt.Sprintf("\t%s := newKey()\n\tif %s := charge(ctx, %s); %s == nil {\n\t\t%s\n\t}\n", k, e, k, e, sc.ret)
	case 6:
		return g.sleep(sc)
	case 7:
		if sc.dVar != "" {
			return fmt.Sprintf("\tselect {\n\tcase <-ctx.Done():\n\t\t%s\n\tcase <-time.After(%s):\n\t}\n", sc.fail, sc.dVar)
		}
		return "\ttime.Sleep(time.Second)\n"
	case 8:
		if sc.dVar != "" {
			return fmt.Sprintf("\t%s = %s\n", sc.dVar, []string{sc.dVar + " * 2", "min(" + sc.dVar + "*2, time.Minute)", sc.dVar + " + time.Duration(rand.Int63n(int64(time.Second)))", "2 * " + sc.dVar}[g.pick(4)])
		}
		return "\t_ = do(ctx)\n"
	case 9:
		if sc.loop {
			return fmt.Sprintf("\tif ctx.Err() != nil {\n\t\t%s\n\t}\n", []string{"break", sc.fail}[g.pick(2)])
		}
		return fmt.Sprintf("\tif %s := ctx.Err(); %s != nil {\n\t\t%s\n\t}\n", e, e, sc.fail)
	case 10:
		return fmt.Sprintf("\tif %s := do(ctx); errors.Is(%s, sql.ErrNoRows) {\n\t\t%s\n\t}\n", e, e, g.onErr(sc))
	case 11:
		if sc.inP && g.aFuncs > 0 {
			return fmt.Sprintf("\tif %s := a.F%d(ctx); %s == nil {\n\t\t%s\n\t}\n", e, g.pick(g.aFuncs), e, sc.ret)
		}
		return fmt.Sprintf("\tif %s := WithRetry(ctx, do); %s == nil {\n\t\t%s\n\t}\n", e, e, sc.ret)
	case 12:
		return "\tgo func() {\n\t\t_ = do(ctx)\n\t}()\n"
	case 13:
		c, cancel := g.fresh("ctx"), g.fresh("cancel")
		return fmt.Sprintf("\t%s, %s := context.WithTimeout(ctx, 5*time.Second)\n\t%s := do(%s)\n\t%s()\n\tif %s == nil {\n\t\t%s\n\t}\n", c, cancel, e, c, cancel, e, sc.ret)
	case 14, 15:
		return g.shape(sc) // gen_shapes.go
	case 16:
		return g.closures(sc, depth)
	default:
		return g.stmt(sc, depth) // nesting
	}
}

func (g *gen) onErr(sc scope) string {
	if sc.loop {
		return []string{"continue", "break", sc.fail}[g.pick(3)]
	}
	return sc.fail
}

func (g *gen) sleep(sc scope) string {
	switch g.pick(5) {
	case 0:
		return "\ttime.Sleep(time.Second)\n"
	case 1:
		if sc.iVar != "" {
			return fmt.Sprintf("\ttime.Sleep(time.Duration(1<<%s) * time.Second)\n", sc.iVar)
		}
	case 2:
		if sc.dVar != "" {
			return fmt.Sprintf("\ttime.Sleep(%s)\n", sc.dVar)
		}
	case 3:
		if sc.iVar != "" {
			return fmt.Sprintf("\ttime.Sleep(min(time.Duration(%s)*time.Second, 30*time.Second) + time.Duration(rand.Int63n(int64(time.Second))))\n", sc.iVar)
		}
	}
	return "\t<-time.After(100 * time.Millisecond)\n"
}

// closureBody is the body of a func literal with scope sc's results:
// some attempt statements, then a final return.
func (g *gen) closureBody(sc scope, inP bool, depth int) string {
	sc.inP = inP
	sc.loop, sc.iVar, sc.dVar, sc.label = false, "", "", ""
	var b strings.Builder
	n := 1 + g.pick(3)
	for k := 0; k < n; k++ {
		b.WriteString(indent(g.item(sc, depth+1)))
	}
	b.WriteString("\t\t" + []string{sc.zero, sc.fail}[g.pick(2)] + "\n")
	return b.String()
}

func (g *gen) backoffV4(sc scope, depth int) string {
	policy := []string{
		"backoff.NewExponentialBackOff()",
		"backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5)",
		"backoff.WithContext(backoff.NewExponentialBackOff(), ctx)",
		"&backoff.ZeroBackOff{}",
		"backoff.NewConstantBackOff(time.Second)",
		"backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0))",
	}[g.pick(6)]
	body := g.closureBody(errorScope, sc.inP, depth)
	if g.pick(2) == 0 {
		return fmt.Sprintf("\t_ = backoff.Retry(func() error {\n%s\t}, %s)\n", body, policy)
	}
	op := g.fresh("op")
	return fmt.Sprintf("\t%s := func() error {\n%s\t}\n\t_ = backoff.RetryNotify(%s, %s, func(error, time.Duration) {})\n", op, body, op, policy)
}

func (g *gen) backoffV5(sc scope, depth int) string {
	opts := []string{"", ", backoff5.WithMaxTries(3)", ", backoff5.WithMaxElapsedTime(0)", ", backoff5.WithBackOff(backoff5.NewExponentialBackOff()), backoff5.WithMaxTries(0)"}[g.pick(4)]
	return fmt.Sprintf("\t_, _ = backoff5.Retry(ctx, func() (int, error) {\n%s\t}%s)\n", g.closureBody(intScope, sc.inP, depth), opts)
}

func (g *gen) retryGo(sc scope, depth int) string {
	var opts []string
	for k := g.pick(4); k > 0; k-- {
		opts = append(opts, []string{"retry.Attempts(0)", "retry.Attempts(10)", "retry.Context(ctx)", "retry.Delay(time.Second)",
			"retry.DelayType(retry.BackOffDelay)", "retry.MaxDelay(time.Minute)", "retry.LastErrorOnly(true)"}[g.pick(7)])
	}
	o := ""
	if len(opts) > 0 {
		o = ", " + strings.Join(opts, ", ")
	}
	return fmt.Sprintf("\t_ = retry.Do(func() error {\n%s\t}%s)\n", g.closureBody(errorScope, sc.inP, depth), o)
}

func (g *gen) wait(sc scope, depth int) string {
	switch g.pick(3) {
	case 0:
		return fmt.Sprintf("\t_ = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {\n%s\t})\n", g.closureBody(boolScope, sc.inP, depth))
	case 1:
		return fmt.Sprintf("\t_ = wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: %d}, func() (bool, error) {\n%s\t})\n", []int{5, 0, 1 << 20}[g.pick(3)], g.closureBody(boolScope, sc.inP, depth))
	default:
		return fmt.Sprintf("\t_ = wait.PollUntilContextCancel(ctx, time.Second, false, func(ctx context.Context) (bool, error) {\n%s\t})\n", g.closureBody(boolScope, sc.inP, depth))
	}
}

func (g *gen) retryableHTTP() string {
	c := g.fresh("client")
	return fmt.Sprintf("\t%s := retryablehttp.NewClient()\n\t%s.RetryMax = %d\n\t%s.RetryWaitMax = %s\n\tif resp, err := %s.Post(\"http://svc/orders\", \"application/json\", nil); err == nil {\n\t\tresp.Body.Close()\n\t}\n",
		c, c, []int{4, 0, 100, -1}[g.pick(4)], c, []string{"time.Minute", "0"}[g.pick(2)], c)
}

func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" && l != "\n" {
			b.WriteString("\t")
		}
		b.WriteString(l)
	}
	return b.String()
}
