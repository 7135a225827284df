// Command cmd makes one call and exits.
package main

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
	"google.golang.org/grpc/health/grpc_health_v1"
)

var c grpc_health_v1.HealthClient

var rdb = redis.NewClient(&redis.Options{Addr: "localhost:6379"})

func main() {
	c.Check(context.Background(), nil) // ok: a one-shot command, watched by its user
	for i := 0; i < 3; i++ {
		if _, err := c.Check(context.Background(), nil); err == nil { // want `every attempt of the retry loop in [\w.]+ can wait forever`
			break
		}
		time.Sleep(time.Second)
	}
	poll()
	twice()
}

// A command's init is left alone like its main, and purge's call is no
// retry place: the retry in purge is go-redis's, of the Del alone.
func init() {
	purge(context.Background()) // ok: a one-shot call, watched by its user
}

// A function that holds a retry the context reaches is no one-shot call.
func init() {
	retryCheck(context.Background()) // want `context.Background\(\) reaches a gRPC call via retryCheck -> HealthClient.Check with no deadline: every attempt of the retry loop in retryCheck can wait forever`
}

// The message names the function that holds the retry, not the first
// of the chain: sweep only passes the context on.
func init() {
	sweep(context.Background()) // want `via sweep -> retryCheck -> HealthClient.Check with no deadline: every attempt of the retry loop in retryCheck can wait forever`
}

func sweep(ctx context.Context) error { // want sweep:`reaches\(param 0 via retryCheck -> HealthClient.Check, retried\)`
	return retryCheck(ctx)
}

// purge checks once and deletes with go-redis, which retries the Del on
// its own: main's context reaches only the check, sent once, so purge
// holds a retry but the context is not in it.
func purge(ctx context.Context) error { // want purge:`reaches\(param 0 via HealthClient.Check\)$`
	if _, err := c.Check(ctx, nil); err != nil {
		return err
	}
	return rdb.Del(ctx, "k").Err()
}

// retryCheck is purge's twin: the context reaches the retried call.
func retryCheck(ctx context.Context) error { // want retryCheck:`reaches\(param 0 via HealthClient.Check, retried\)`
	for i := 0; i < 3; i++ {
		if _, err := c.Check(ctx, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("unavailable")
}

func poll() {
	c.Check(context.Background(), nil) // want `context.Background\(\) reaches c.Check`
}

// A command's function gets one finding, at its first call.
func twice() {
	c.Check(context.TODO(), nil) // want `context.TODO\(\) reaches c.Check`
	c.Check(context.TODO(), nil) // ok: related of the first
}
