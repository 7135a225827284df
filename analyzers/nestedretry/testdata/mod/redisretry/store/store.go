// Package store keeps sessions in Redis: each of its functions sends a
// command that go-redis retries itself, so its callers see a function
// that retries.
package store

import (
	"context"

	"github.com/redis/go-redis/v9"
)

type Store struct{ rdb *redis.Client }

func New(addr string) *Store {
	return &Store{rdb: redis.NewClient(&redis.Options{Addr: addr})}
}

func (s *Store) Session(ctx context.Context, id string) (string, error) {
	return s.rdb.Get(ctx, "session:"+id).Result()
}
