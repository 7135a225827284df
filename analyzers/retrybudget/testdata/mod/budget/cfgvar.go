package budget

import (
	"context"
	"os"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"
)

// Settings kept in a package variable of the package, set only by its
// initializer: the loop's bound, each attempt's timeout and the wait are
// the literal's constants.
type retryConfig struct {
	MaxRetries int
	Backoff    time.Duration
	Timeout    time.Duration
}

var defaultCfg = retryConfig{MaxRetries: 5, Backoff: 2 * time.Second, Timeout: 4 * time.Second}

func syncOrders(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i <= defaultCfg.MaxRetries; i++ { // want `retry can take 6 x 4s \+ 2s \+ 2s \+ 2s \+ 2s \+ 2s = 34s but its context has a 10s deadline`
		actx, c := context.WithTimeout(ctx, defaultCfg.Timeout)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(defaultCfg.Backoff):
		}
	}
	return err
}

// The twin: a smaller configuration fits: 3 x 2s + 1s + 1s = 8s.
var batchCfg = retryConfig{MaxRetries: 2, Backoff: time.Second, Timeout: 2 * time.Second}

func syncItems(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i <= batchCfg.MaxRetries; i++ {
		actx, c := context.WithTimeout(ctx, batchCfg.Timeout)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(batchCfg.Backoff):
		}
	}
	return err
}

// Library options from such a variable: 5 attempts of 1s, 3s apart.
var notifyCfg = retryConfig{MaxRetries: 5, Backoff: 3 * time.Second}

func notify(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return retry.Do(func() error { // want `retry can take 1s \+ 3s \+ 1s \+ 3s \+ 1s \+ 3s \+ 1s \+ 3s \+ 1s = 17s but its context has a 10s deadline`
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	}, retry.Context(ctx), retry.Attempts(uint(notifyCfg.MaxRetries)), retry.Delay(notifyCfg.Backoff), retry.DelayType(retry.FixedDelay))
}

// The twins: a variable that init sets again from the environment, and
// an exported one (an importer may set it), hold values the code does
// not show.
var envCfg = retryConfig{MaxRetries: 5, Backoff: 2 * time.Second, Timeout: 4 * time.Second}

func init() {
	if n, err := strconv.Atoi(os.Getenv("RETRIES")); err == nil {
		envCfg.MaxRetries = n
	}
}

func syncEnv(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i <= envCfg.MaxRetries; i++ {
		actx, c := context.WithTimeout(ctx, envCfg.Timeout)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(envCfg.Backoff):
		}
	}
	return err
}

// DefaultConfig may be changed by the program that imports the package.
var DefaultConfig = retryConfig{MaxRetries: 5, Backoff: 2 * time.Second, Timeout: 4 * time.Second}

func syncExported(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i <= DefaultConfig.MaxRetries; i++ {
		actx, c := context.WithTimeout(ctx, DefaultConfig.Timeout)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(DefaultConfig.Backoff):
		}
	}
	return err
}

// A deadline kept in such a variable: 10s, under which 3 attempts of 4s
// do not fit; the exported one's may be anything.
var serverCfg = struct{ RequestTimeout time.Duration }{RequestTimeout: 10 * time.Second}

func handleSync(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, serverCfg.RequestTimeout)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 4s \+ 1s \+ 4s \+ 1s \+ 4s = 14s but its context has a 10s deadline`
		actx, c := context.WithTimeout(ctx, 4*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Its own deadline unknown, the function still tells callers what its
// retry takes on their context.
func handleSyncExported(ctx context.Context) error { // want handleSyncExported:`budget\(ctx 0, retry loop 4s \+ 1s \+ 4s \+ 1s \+ 4s = 14s\)`
	ctx, cancel := context.WithTimeout(ctx, DefaultConfig.Timeout)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 4*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Settings in seconds, made durations where they are used.
var secondsCfg = struct{ TimeoutSec, AttemptSec int }{TimeoutSec: 10, AttemptSec: 4}

func handleSeconds(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Duration(secondsCfg.TimeoutSec)*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 4s \+ 1s \+ 4s \+ 1s \+ 4s = 14s but its context has a 10s deadline`
		actx, c := context.WithTimeout(ctx, time.Duration(secondsCfg.AttemptSec)*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
