package redisretry

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// runTx is a retry helper that calls the function it runs inside a
// literal called in place (so that a deferred step runs per attempt):
// it is a wrapper all the same, and its caller's go-redis call a second
// layer.
func runTx(ctx context.Context, fn func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = func() error {
			actx, cancel := context.WithTimeout(ctx, time.Second)
			defer cancel()
			return fn(actx)
		}()
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(50+attempt*37) * time.Millisecond)
	}
	return err
}

func bump(ctx context.Context, rdb *redis.Client, key string) error {
	return runTx(ctx, func(ctx context.Context) error { // want `runTx \(5 attempts\) wraps redis.Client.Incr \(N attempts\), which retries again: up to 5xN calls`
		return rdb.Incr(ctx, key).Err()
	})
}

// The twin's literal does not call the function it is given: its loop
// retries a ping of its own (a layer over go-redis's, reported there),
// and the function runs once after it, so bumpAfterPing's Incr is no
// second layer.
func pingThen(ctx context.Context, rdb *redis.Client, fn func(context.Context) error) error {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop \(5 attempts\) wraps redis.Client.Ping \(N attempts\)`
		if err := func() error { return rdb.Ping(ctx).Err() }(); err == nil {
			break
		}
		time.Sleep(time.Duration(50+attempt*37) * time.Millisecond)
	}
	return fn(ctx)
}

func bumpAfterPing(ctx context.Context, rdb *redis.Client, key string) error {
	return pingThen(ctx, rdb, func(ctx context.Context) error {
		return rdb.Incr(ctx, key).Err()
	})
}

// runSerializable retries only the errors it names (a serialization
// failure, as a transaction helper does); a go-redis failure in the
// function it runs is returned at once, so go-redis's retries are the
// only layer.
func runSerializable(ctx context.Context, fn func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		err = func() error { return fn(ctx) }()
		if err == nil || !isSerialization(err) {
			return err
		}
		time.Sleep(time.Duration(50+attempt*37) * time.Millisecond)
	}
	return err
}

type pgError struct{ Code string }

func (e *pgError) Error() string { return "pg: " + e.Code }

func isSerialization(err error) bool {
	var pe *pgError
	return errors.As(err, &pe) && pe.Code == "40001"
}

func bumpSerializable(ctx context.Context, rdb *redis.Client, key string) error {
	return runSerializable(ctx, func(ctx context.Context) error {
		return rdb.Incr(ctx, key).Err()
	})
}
