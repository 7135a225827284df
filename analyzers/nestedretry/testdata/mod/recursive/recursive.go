// Package recursive retries by calling itself: the self-call is the
// retry site, and the function's body its attempt.
package recursive

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"
)

type cache struct{ rdb *redis.Client }

func newCache(addr string) *cache {
	return &cache{rdb: redis.NewClient(&redis.Options{Addr: addr})}
}

func (c *cache) get(ctx context.Context, k string) (string, error) { return c.getRetry(ctx, k, 2) }

// go-redis retries the Get 3 times more on its own.
func (c *cache) getRetry(ctx context.Context, k string, left int) (string, error) {
	v, err := c.rdb.Get(ctx, k).Result()
	if err != nil && err != redis.Nil && left > 0 {
		time.Sleep(rand.N(100 * time.Millisecond))
		return c.getRetry(ctx, k, left-1) // want `recursive retry \(3 attempts\) wraps redis.Client.Get \(4 attempts\), which retries again`
	}
	return v, err
}

type local struct{ m map[string]string }

// The twin retries a lookup that retries nothing.
func (l *local) getRetry(ctx context.Context, k string, left int) (string, error) {
	v, err := l.lookup(ctx, k)
	if err != nil && left > 0 {
		time.Sleep(rand.N(100 * time.Millisecond))
		return l.getRetry(ctx, k, left-1) // ok: one layer
	}
	return v, err
}

func (l *local) lookup(ctx context.Context, k string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return l.m[k], nil
}
