package loops

import (
	"context"
	"errors"
	"strings"
	"time"
)

// A search for a free port is no retry: every round asks for the next
// port, written into the argument (an entry of a map, a field of a
// struct), so no round repeats the operation of another.

type dbConfig struct {
	Name string
	Port int
}

func createDB(ctx context.Context, cfg map[string]any) error { return ctx.Err() }

func createDBConfig(ctx context.Context, cfg dbConfig) error { return ctx.Err() }

func portTaken(err error) bool {
	return err != nil && strings.Contains(err.Error(), "port_unavailable")
}

// Must not report: the port moves on every round, through a map entry.
func portInEntry(ctx context.Context, cfg map[string]any, port, max int) error {
	for attempt := 0; attempt < max; attempt++ {
		cfg["port"] = port
		err := createDB(ctx, cfg)
		if err == nil {
			return nil
		}
		if !portTaken(err) {
			return err
		}
		port++
	}
	return errors.New("no free port")
}

// Must not report: a field of the argument stepped in place.
func portInField(ctx context.Context, cfg dbConfig) error {
	for attempt := 0; attempt < 10; attempt++ {
		if err := createDBConfig(ctx, cfg); err == nil || !portTaken(err) {
			return err
		}
		cfg.Port++
		time.Sleep(10 * time.Millisecond)
	}
	return errors.New("no free port")
}

// The same request each round: an entry written with a value that does
// not change is a retry.
func fixedEntry(ctx context.Context, cfg map[string]any) error { // want `retrier\(3 via retry loop\)`
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `site loop "retry loop" 3 attempts`
		cfg["port"] = 6379
		if err = createDB(ctx, cfg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// An attempt counter the loop steps and tests to leave, handed to the
// call: still a retry.
func attemptHandedOn(ctx context.Context, cfg map[string]any) error { // want `retrier\(5 via retry loop\)`
	attempt := 0
	for { // want `site loop "retry loop" 5 attempts`
		attempt++
		cfg["attempt"] = attempt
		err := createDB(ctx, cfg)
		if err == nil {
			return nil
		}
		if attempt >= 5 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A counter only logged, and attempts counted on the client the call
// is made on: a retry.
type dbClient struct{ retries int }

func (c *dbClient) create(ctx context.Context, cfg dbConfig) error { return ctx.Err() }

func countedOnClient(ctx context.Context, c *dbClient, cfg dbConfig) error { // want `retrier\(3 via retry loop\)`
	var err error
	tries := 0
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		tries++
		println("attempt", tries)
		c.retries++
		if err = c.create(ctx, cfg); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
