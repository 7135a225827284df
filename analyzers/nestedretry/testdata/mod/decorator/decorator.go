// Package decorator retries calls made through an interface field: a
// decorator wraps a cache behind the interface, and the chain goes on
// through the methods the field's values have, where every write of the
// field is in sight.
package decorator

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Cache is what the service talks to.
type Cache interface {
	Get(ctx context.Context, key string) (string, error)
}

// redisCache sends each Get to Redis, which retries it (4 attempts).
type redisCache struct{ rdb *redis.Client }

func (c *redisCache) Get(ctx context.Context, key string) (string, error) {
	return c.rdb.Get(ctx, key).Result()
}

// memCache answers from memory: nothing retries.
type memCache struct{ m map[string]string }

func (c *memCache) Get(_ context.Context, key string) (string, error) { return c.m[key], nil }

// resilient retries its cache's calls.
type resilient struct{ cache Cache }

func newResilient(addr string) *resilient {
	return &resilient{cache: &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}}
}

func (r *resilient) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls redisCache.Get, which retries again: up to 12 calls per call of resilient.Get \(3x4 via redisCache.Get -> redis.Client.Get\)`
		var v string
		if v, err = r.cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// The field given in an assignment, the same.
type assigned struct{ cache Cache }

func newAssigned(addr string) *assigned {
	a := &assigned{}
	a.cache = &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}
	return a
}

func (a *assigned) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls redisCache.Get, which retries again: up to 12 calls`
		var v string
		if v, err = a.cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// The cache handed in by the caller: what it is cannot be seen.
type injected struct{ cache Cache }

func newInjected(c Cache) *injected { return &injected{cache: c} }

func (r *injected) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = r.cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// Redis behind the field in one constructor, a parameter in another:
// the field may hold anything, and is not followed.
func newEither(addr string) *injected {
	return &injected{cache: &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}}
}

// A cache that does not retry.
type local struct{ cache Cache }

func newLocal() *local { return &local{cache: &memCache{m: map[string]string{}}} }

func (l *local) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = l.cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// An exported field: importers may put anything in it.
type Exported struct{ Cache Cache }

func NewExported(addr string) *Exported {
	return &Exported{Cache: &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}}
}

func (e *Exported) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = e.Cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// Redis with its retries turned off: one layer only.
type offCache struct{ rdb *redis.Client }

func (c *offCache) Get(ctx context.Context, key string) (string, error) {
	return c.rdb.Get(ctx, key).Result()
}

type single struct{ cache Cache }

func newSingle(addr string) *single {
	return &single{cache: &offCache{rdb: redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})}}
}

func (s *single) Get(ctx context.Context, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = s.cache.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// The field read into a local first, as the attempt closes over it: the
// same chain.
func (r *resilient) GetViaLocal(ctx context.Context, key string) (string, error) {
	c := r.cache
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls redisCache.Get, which retries again: up to 12 calls`
		var v string
		if v, err = c.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// The injected field through a local: still anything, not followed.
func (r *injected) GetViaLocal(ctx context.Context, key string) (string, error) {
	c := r.cache
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = c.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}
