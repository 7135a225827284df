// Package fanout retries work it fans out to goroutines an errgroup
// joins: a retrying call there is a nested layer when its failure fails
// the group.
package fanout

import (
	"context"
	"log"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/errgroup"
)

type warmer struct{ rdb *redis.Client }

func (w *warmer) warm(ctx context.Context, keys []string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(3 attempts\) wraps redis.Client.Touch \(4 attempts\), which retries again: up to 12 calls`
		g, gctx := errgroup.WithContext(ctx)
		for _, k := range keys {
			g.Go(func() error { return w.rdb.Touch(gctx, k).Err() })
		}
		if err = g.Wait(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: the goroutines log a failed Touch and return nil, so the
// retry goes round on the loader's failure, never on the Touch's.
func (w *warmer) warmLogged(ctx context.Context, keys []string, load func(context.Context) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ { // ok: the Touch's failure does not fail the group
		g, gctx := errgroup.WithContext(ctx)
		g.Go(func() error { return load(gctx) })
		for _, k := range keys {
			g.Go(func() error {
				if err := w.rdb.Touch(gctx, k).Err(); err != nil {
					log.Printf("touch %s: %v", k, err)
				}
				return nil
			})
		}
		if err = g.Wait(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
