package retryscan

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// The recognizer's scan runs in one goroutine, but what it leaves for
// later (a site's delay, worst case and load budget, computed on first
// use) runs in the goroutines of the analyzers that ask, several at once:
// unitchecker and the other drivers run a package's analyzers in
// parallel. So whatever those computations fill in is either a lazy value
// (computed whole inside its sync.Once, never published half-filled) or
// a factMemo.

// factMemo keeps the facts imported for other packages' functions, and
// the nil of a function that has none. Safe for concurrent use.
type factMemo[F any] struct {
	mu sync.Mutex
	m  map[*types.Func]F
}

func newFactMemo[F any]() *factMemo[F] { return &factMemo[F]{m: map[*types.Func]F{}} }

// get returns fn's entry, computing it with load the first time.
func (c *factMemo[F]) get(fn *types.Func, load func() F) F {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.m[fn]
	if !ok {
		f = load()
		c.m[fn] = f
	}
	return f
}

// put records fn's entry.
func (c *factMemo[F]) put(fn *types.Func, f F) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[fn] = f
}

// lookup returns fn's entry, if one was recorded; nothing from a nil
// memo (a Result whose scan failed).
func (c *factMemo[F]) lookup(fn *types.Func) (F, bool) {
	if c == nil {
		var none F
		return none, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.m[fn]
	return f, ok
}

// each calls visit for every entry, in no order.
func (c *factMemo[F]) each(visit func(*types.Func, F)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for fn, f := range c.m {
		visit(fn, f)
	}
}

// importFact returns fn's fact of type F, imported the first time and
// kept in memo; nil when fn has none.
func importFact[F analysis.Fact](pass *analysis.Pass, memo *factMemo[F], fn *types.Func, fresh F) F {
	return memo.get(fn, func() F {
		var none F
		if pass.ImportObjectFact(fn, fresh) {
			return fresh
		}
		return none
	})
}
