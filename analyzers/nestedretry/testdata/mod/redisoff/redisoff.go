// Package redisoff turns go-redis's retries off where it builds its
// client; a client configured out of sight (kept in a field) then counts
// as off too, as an AWS client does in a package that turns its retries
// off.
package redisoff

import (
	"context"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/redis/go-redis/v9"
)

type queue struct{ rdb redis.UniversalClient }

func newQueue(addrs []string) *queue {
	return &queue{rdb: redis.NewUniversalClient(&redis.UniversalOptions{Addrs: addrs, MaxRetries: -1})}
}

func push(ctx context.Context, q *queue, v string) error {
	var err error
	for i := 0; i < 5; i++ { // ok: retries off in this package
		if err = q.rdb.RPush(ctx, "q", v).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func pushTo(ctx context.Context, rdb *redis.Client, v string) error {
	var err error
	for i := 0; i < 5; i++ { // ok: a client from a parameter, in a package that turns retries off
		if err = rdb.RPush(ctx, "q", v).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// MaxRetries -1: go-redis sends each command once, the loop is the only
// layer.
func loadOnce(ctx context.Context, addr string) (string, error) {
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		var v string
		if v, err = rdb.Get(ctx, "k").Result(); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// MaxRedirects -1: the cluster makes one attempt, its nodes none more.
func incrClusterOnce(ctx context.Context, addrs []string) error {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: addrs, MaxRedirects: -1})
	return retry.Do(func() error { // ok: the cluster makes one attempt, its nodes none more
		return rdb.Incr(ctx, "n").Err()
	})
}
