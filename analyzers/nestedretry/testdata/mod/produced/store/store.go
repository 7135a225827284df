// Package store builds caches and hides their types behind an interface:
// its callers cannot see which type they hold, so the package says, as a
// fact, which methods of its constructors' results retry.
package store

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Cache is what the service talks to.
type Cache interface {
	Get(ctx context.Context, key string) (string, error)
	Keys() int
}

// redisCache sends each Get to Redis, which retries it (4 attempts).
type redisCache struct{ rdb *redis.Client }

func (c *redisCache) Get(ctx context.Context, key string) (string, error) {
	return c.rdb.Get(ctx, key).Result()
}

func (c *redisCache) Keys() int { return 0 }

// memCache answers from memory: nothing retries.
type memCache struct{ m map[string]string }

func (c *memCache) Get(_ context.Context, key string) (string, error) { return c.m[key], nil }

func (c *memCache) Keys() int { return len(c.m) }

// NewRedis returns a cache whose Get retries (the unexported type is not
// even in the callers' export data).
func NewRedis(addr string) Cache {
	return &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}
}

// Open returns the Redis cache or an error, as constructors often do.
func Open(addr string) (Cache, error) {
	if addr == "" {
		return nil, context.Canceled
	}
	c := &redisCache{rdb: redis.NewClient(&redis.Options{Addr: addr})}
	return c, nil
}

// NewMemory returns a cache that retries nothing.
func NewMemory() Cache { return &memCache{m: map[string]string{}} }

// Wrap returns what it is given: what that is cannot be seen here.
func Wrap(c Cache) Cache { return c }
