// Package cache reads go-redis, whose commands retry on their own. Under
// go vet its types come from export data, where go-redis's internal
// proto package holds RedisError but not the constant proto.Nil: the
// poll below is told apart by the name the code writes, redis.Nil.
package cache

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/redis/go-redis/v9"
)

// Await polls for a key another process writes: it goes round only on
// redis.Nil, the reply that the key is not there yet, and returns any
// failure. Get's own retries are the only layer: nothing is reported.
func Await(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	for i := 0; i < 50; i++ {
		v, err := rdb.Get(ctx, key).Result()
		if err == redis.Nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return v, err
	}
	return "", context.DeadlineExceeded
}

// Load is the twin that retries every failure but redis.Nil around
// Get's own retries: 3 x N calls, N the MaxRetries+1 of a client handed
// in, its builder's.
func Load(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	var err error
	for i := 0; i < 3; i++ {
		var v string
		if v, err = rdb.Get(ctx, key).Result(); err == nil || err == redis.Nil {
			return v, err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(100*time.Millisecond + rand.N(100*time.Millisecond)):
		}
	}
	return "", err
}
