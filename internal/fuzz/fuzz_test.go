package fuzz

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

// The world (real libraries, std, their facts) takes seconds to load; the
// seed run and every fuzz worker load it once.
var world struct {
	once sync.Once
	w    *World
	err  error
}

func loadWorld(t testing.TB) *World {
	t.Helper()
	testenv.Download(t, "testdata/mod")
	world.once.Do(func() {
		world.w, world.err = Load("testdata/mod", registry.Analyzers(), "./deps")
	})
	if world.err != nil {
		t.Fatal(world.err)
	}
	return world.w
}

// FuzzAnalyzers feeds two inputs through every analyzer of the suite: src,
// Go source mutated by the fuzzer (one file, or a txtar archive of several
// packages that import each other as fuzz.test/<dir>), and recipe, bytes
// that Generate turns into a two-package program of retry shapes. No
// analyzer may panic, fail, report at an invalid position, export a foreign
// or non-encodable fact, or report differently when run twice.
//
//	go test -run='^$' -fuzz=FuzzAnalyzers -fuzztime=3m ./internal/fuzz
func FuzzAnalyzers(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s), []byte(nil))
	}
	for _, r := range [][]byte{{}, {1, 2, 3, 4, 5, 6, 7, 8}, {2, 0, 8, 15, 15, 15, 15}, []byte("nested retry loops with sleeps")} {
		f.Add([]byte(nil), r)
	}
	w := loadWorld(f)
	f.Fuzz(func(t *testing.T, src, recipe []byte) {
		if len(src) > 64<<10 || len(recipe) > 4<<10 {
			t.Skip("input too large")
		}
		if len(src) > 0 {
			check(t, w.Check(Split(src)), src, false)
		}
		if recipe != nil {
			prog := Generate(recipe)
			check(t, w.Check(Split(prog)), prog, true)
		}
	})
}

// check fails the test on whatever a driver would show a user as a
// crash or an error. Generated programs must also type-check: a generator
// that produces broken code would fuzz nothing.
func check(t *testing.T, results []*Result, input []byte, generated bool) {
	t.Helper()
	var problems []string
	for _, r := range results {
		if generated && (r.TypeErrors > 0 || r.ParseErrors) {
			problems = append(problems, r.Path+": generated program does not type-check: "+strings.Join(r.FirstErrors, "; "))
		}
		problems = append(problems, prefix(r.Path, r.Errors)...)
		problems = append(problems, prefix(r.Path, r.Invalid)...)
		problems = append(problems, prefix(r.Path, r.Unstable)...)
	}
	if len(problems) > 0 {
		t.Errorf("%s\ninput:\n%s", strings.Join(problems, "\n"), input)
	}
}

func prefix(p string, list []string) []string {
	var out []string
	for _, s := range list {
		out = append(out, p+": "+s)
	}
	return out
}

// TestGenerated checks the generator and the driver on many recipes: every
// program type-checks, every analyzer of the suite runs on it, and over all
// of them the analyzers report something (so the shapes reach them).
func TestGenerated(t *testing.T) {
	w := loadWorld(t)
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[string]bool{}
	for _, a := range registry.Analyzers() {
		want[a.Name] = true
	}
	perAnalyzer := map[string]int{}
	for i := 0; i < 150; i++ {
		recipe := make([]byte, rng.IntN(200))
		for j := range recipe {
			recipe[j] = byte(rng.Uint32())
		}
		prog := Generate(recipe)
		results := w.Check(Split(prog))
		if len(results) != 2 {
			t.Fatalf("recipe %d: analyzed %d packages, want 2 (a and p)", i, len(results))
		}
		check(t, results, prog, true)
		for _, r := range results {
			for name := range want {
				if !slices.Contains(r.Ran, name) {
					t.Fatalf("recipe %d: analyzer %s did not run on %s (ran: %v)", i, name, r.Path, r.Ran)
				}
			}
			for _, d := range r.Diags {
				_, rest, _ := strings.Cut(d, ": ")
				name, _, _ := strings.Cut(rest, " ")
				perAnalyzer[name]++
			}
		}
	}
	t.Logf("diagnostics over 150 generated programs: %v", perAnalyzer)
	if len(perAnalyzer) == 0 {
		t.Errorf("no analyzer reported anything on 150 generated programs of retry shapes")
	}
}

// seeds are hand-written retry shapes, look-alikes and broken syntax.
var seeds = []string{
	// A plain retry loop with a fixed sleep and no context.
	`package p

import (
	"net/http"
	"time"
)

func fetch(url string) (*http.Response, error) {
	var err error
	for i := 0; i < 5; i++ {
		resp, e := http.Get(url)
		if e == nil {
			return resp, nil
		}
		err = e
		time.Sleep(time.Second)
	}
	return nil, err
}
`,
	// Nested retries across packages: a retried wrapper called from a
	// backoff.Retry operation.
	`-- a/a.go --
package a

import (
	"context"
	"time"
)

func Call(ctx context.Context, f func(context.Context) error) (err error) {
	for attempt := 0; attempt < 3; attempt++ {
		if err = f(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(1<<attempt) * 100 * time.Millisecond)
	}
	return err
}
-- p/p.go --
package p

import (
	"context"
	"net/http"

	"github.com/cenkalti/backoff/v4"
	"fuzz.test/a"
)

func Order(ctx context.Context) error {
	return backoff.Retry(func() error {
		return a.Call(ctx, func(ctx context.Context) error {
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "http://svc/orders", nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		})
	}, backoff.NewExponentialBackOff())
}
`,
	// An unbounded loop with doubling, uncapped backoff; a key made inside.
	`package p

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"time"
)

func Charge(ctx context.Context, db *sql.DB) error {
	delay := 10 * time.Millisecond
	for {
		key := fmt.Sprint(rand.Int63())
		_, err := db.ExecContext(ctx, "INSERT INTO payments(key) VALUES ($1)", key)
		if err == nil {
			return nil
		}
		time.Sleep(delay)
		delay *= 2
	}
}
`,
	// Library retries: retry-go without attempts bound, a k8s poll, a
	// go-retryablehttp client with a large RetryMax.
	`package p

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
)

func Poll(ctx context.Context, ready func() bool) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		return ready(), nil
	})
}

func Forever(do func() error) error {
	return retry.Do(do, retry.Attempts(0), retry.Delay(time.Second))
}

func Client() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 50
	c.RetryWaitMax = 0
	return c
}
`,
	// Look-alikes: a read loop, failover over hosts, a worker loop.
	`package p

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
)

func read(r io.Reader) (n int) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		n++
	}
	return n
}

func failover(ctx context.Context, hosts []string) error {
	for _, h := range hosts {
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+h, nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			return resp.Body.Close()
		}
	}
	return errors.New("all hosts failed")
}

func worker(ctx context.Context, jobs <-chan func() error) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-jobs:
			_ = j()
		}
	}
}
`,
	// Generics, a backoff/v5 retry with an operation in a variable, and a
	// directive.
	`package p

import (
	"context"

	"github.com/cenkalti/backoff/v5"
)

type Getter[T any] interface{ Get(context.Context) (T, error) }

func Get[T any](ctx context.Context, g Getter[T]) (T, error) {
	op := func() (T, error) { return g.Get(ctx) }
	//retrylint:ignore unboundedbackoff the caller's context bounds it
	return backoff.Retry(ctx, op, backoff.WithMaxTries(0))
}
`,
	// Partial syntax: an unterminated loop, a missing condition.
	`package p

import "time"

func f() {
	for i := 0; i < ; i++ {
		time.Sleep(
`,
	`package p

func g(do func() error) error {
	for err := do(); err != nil; err = do() {
		goto retry
	}
retry:
	return nil
`,
	// Type errors: an undefined operation and an unknown import.
	`package p

import (
	"time"
	"example.com/nope"
)

func h() {
	for {
		if err := undefined(); err == nil {
			return
		}
		nope.Wait()
		time.Sleep(time.Second)
	}
}
`,
}
