// Package produced retries calls made through a cache another package's
// constructor returns behind an interface: the chain goes on through the
// constructor's fact, which says which methods of its result retry.
package produced

import (
	"context"
	"time"

	"example.com/nestedtest/produced/store"
)

type service struct{ cache store.Cache }

func newService(addr string) *service { return &service{cache: store.NewRedis(addr)} }

func (s *service) Get(ctx context.Context, key string) (string, error) {
	c := s.cache
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls redisCache.Get, which retries again: up to 12 calls per call of service.Get \(3x4 via redisCache.Get -> redis.Client.Get\)`
		var v string
		if v, err = c.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// The constructor that also returns an error: the same.
func opened(ctx context.Context, addr, key string) (string, error) {
	c, err := store.Open(addr)
	if err != nil {
		return "", err
	}
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls redisCache.Get, which retries again: up to 12 calls`
		var v string
		if v, err = c.Get(ctx, key); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// A method of the result that does not retry: no chain.
func keys(addr string) int {
	c := store.NewRedis(addr)
	n := 0
	for i := 0; i < 3 && n == 0; i++ {
		n = c.Keys()
		time.Sleep(time.Second)
	}
	return n
}

// A cache whose Get retries nothing: quiet.
type local struct{ cache store.Cache }

func newLocal() *local { return &local{cache: store.NewMemory()} }

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

// A constructor that returns what it is given: unknown, quiet.
func wrapped(ctx context.Context, in store.Cache, key string) (string, error) {
	c := store.Wrap(in)
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

var _, _, _ = newService, newLocal, keys
var _ = opened
var _ = wrapped
