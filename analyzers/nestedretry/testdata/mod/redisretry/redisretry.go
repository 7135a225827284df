// Package redisretry retries go-redis commands, which go-redis already
// retries: MaxRetries+1 attempts per command (4 by default; -1 turns
// them off), a ClusterClient's MaxRedirects+1 (times MaxRetries+1 when
// its nodes are given retries).
package redisretry

import (
	"context"
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/redis/go-redis/v9"

	"example.com/nestedtest/redisretry/store"
)

// The default client: 3 attempts of 4.
func save(ctx context.Context, addr string) error {
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps redis.Client.Set \(4 attempts\), which retries again: up to 12 calls per call of save`
		if err = rdb.Set(ctx, "k", "v", 0).Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// MaxRetries 0 is go-redis's default, 3 retries.
func saveDefault(ctx context.Context, addr string) error {
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: 0})
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps redis.Client.Set \(4 attempts\)`
		return rdb.Set(ctx, "k", "v", 0).Err()
	}, retry.Context(ctx))
}

// MaxRetries 5 is 6 attempts; the reply's error is read with Result.
func load(ctx context.Context, addr string) (string, error) {
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: 5})
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps redis.Client.Get \(6 attempts\), which retries again: up to 18 calls`
		var v string
		if v, err = rdb.Get(ctx, "k").Result(); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// A ClusterClient retries MaxRedirects times (3 by default), each
// attempt on a node client that retries MaxRetries times when above 0
// (redisoff has the twins that turn them off).
func incrCluster(ctx context.Context, addrs []string) error {
	rdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: addrs, MaxRetries: 2})
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps redis.ClusterClient.Incr \(12 attempts\), which retries again: up to 120 calls`
		return rdb.Incr(ctx, "n").Err()
	})
}

// A client from the caller is a layer of unknown count (its builder's
// MaxRetries, not go-redis's default), as an AWS client is; a pipeline
// sent with Pipelined is retried whole.
func flush(ctx context.Context, rdb redis.UniversalClient) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps redis.UniversalClient.Pipelined \(N attempts\)`
		_, err = rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
			p.Incr(ctx, "a")
			p.Incr(ctx, "b")
			return nil
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A redis.Cmdable may be a pipeline, whose commands only queue.
func queue(ctx context.Context, c redis.Cmdable) error {
	var err error
	for i := 0; i < 3; i++ { // ok: not known to be a client
		if err = c.Incr(ctx, "a").Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The lock is not taken yet: SetNX answered false, and the loop asks
// again. A failure of SetNX leaves, so go-redis's retries run once.
func lock(ctx context.Context, rdb *redis.Client, owner string) error {
	for { // ok: goes round on an answer, leaves on a failure
		ok, err := rdb.SetNX(ctx, "lock", owner, time.Minute).Result()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The twin: the loop goes round on SetNX's failure too.
func lockOrRetry(ctx context.Context, rdb *redis.Client, owner string) error {
	for i := 0; i < 50; i++ { // want `retry loop \(50 attempts\) wraps redis.Client.SetNX \(N attempts\), which retries again: up to 50xN calls`
		ok, err := rdb.SetNX(ctx, "lock", owner, time.Minute).Result()
		if err == nil && ok {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("lock busy")
}

// The optimistic transaction of go-redis's documentation goes round when
// a watched key changed (TxFailedErr, an answer); Watch runs the
// function once and is no layer.
func transfer(ctx context.Context, rdb *redis.Client) error {
	txf := func(tx *redis.Tx) error {
		n, err := tx.Get(ctx, "n").Int()
		if err != nil && err != redis.Nil {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Set(ctx, "n", n+1, 0)
			return nil
		})
		return err
	}
	for i := 0; i < 10; i++ { // ok: Watch is no layer
		err := rdb.Watch(ctx, txf, "n")
		if err == nil {
			return nil
		}
		if !errors.Is(err, redis.TxFailedErr) {
			return err
		}
	}
	return errors.New("too much contention")
}

// A client embedded in a type of the program.
type cache struct{ *redis.Client }

func (c cache) put(ctx context.Context, k string) error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps redis.Client.Set \(4 attempts\)`
		return c.Set(ctx, k, 1, time.Hour).Err()
	})
}

// A function of another package that sends a command retries.
func session(ctx context.Context, s *store.Store, id string) (string, error) {
	var v string
	err := retry.Do(func() error { // want `retry.Do \(10 attempts\) calls Store.Session, which retries again: up to 40 calls per call of session \(10x4 via Store.Session -> redis.Client.Get\)`
		var err error
		v, err = s.Session(ctx, id)
		return err
	})
	return v, err
}

// A poll for a key another process writes goes round only on redis.Nil,
// the reply that the key is not there yet (a constant of go-redis), and
// returns any failure: the Get's own retries are the only layer.
func awaitKey(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	for i := 0; i < 50; i++ { // ok: a poll on redis.Nil
		v, err := rdb.Get(ctx, key).Result()
		if err == redis.Nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return v, err
	}
	return "", errors.New("no key")
}

// The same poll with errors.Is.
func awaitKeyIs(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	for { // ok: a poll on redis.Nil
		v, err := rdb.Get(ctx, key).Result()
		if !errors.Is(err, redis.Nil) {
			return v, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The twin goes round on every failure but redis.Nil.
func getRetried(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) wraps redis.Client.Get \(N attempts\), which retries again: up to 5xN calls`
		var v string
		if v, err = rdb.Get(ctx, key).Result(); err == nil || err == redis.Nil {
			return v, err
		}
		time.Sleep(time.Second)
	}
	return "", err
}

// A loop that only the context ends makes a finite but unknown number of
// attempts: N, not ∞, each the Get's 4.
func getUntilDone(ctx context.Context, rdb *redis.Client, key string) (string, error) {
	for { // want `retry loop \(N attempts\) wraps redis.Client.Get \(N attempts\), which retries again: up to NxN calls`
		v, err := rdb.Get(ctx, key).Result()
		if err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// The twin that nothing ends: ∞.
func getForever(ctx context.Context, rdb *redis.Client, key string) string {
	for { // want `retry loop \(unbounded attempts\) wraps redis.Client.Get \(N attempts\), which retries again: an unbounded number of calls`
		if v, err := rdb.Get(ctx, key).Result(); err == nil {
			return v
		}
		time.Sleep(100 * time.Millisecond)
	}
}
