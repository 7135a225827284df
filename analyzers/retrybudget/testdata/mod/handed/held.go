package handed

import (
	"context"
	"log"
	"net/http"
	"time"
)

// A helper that keeps the function it is handed in a local before it
// calls it, the function or a logging closure around it: the attempt is
// still the caller's, read where the call writes it (the engine's
// RunsParams).
func heldRetry(ctx context.Context, verbose bool, op func(context.Context) error) error { // want heldRetry:`budget\(ctx 0, retry loop \? \+ 2s \+ \? .* >= 8s\)`
	call := op
	if verbose {
		call = func(ctx context.Context) error {
			err := op(ctx)
			log.Printf("attempt: %v", err)
			return err
		}
	}
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// 5 x 2s + 4 x 2s = 18s under 10s.
func HeldSlow(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return heldRetry(ctx, false, func(ctx context.Context) error { // want `heldRetry's retry \(retry loop\) can take 2s \+ 2s .* = 18s but its context has a 10s deadline`
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(actx, url)
	})
}

// The twin: 18s fit 20s (before, the local hid the caller's function and
// its 2s: "no timeout of their own").
func HeldFits(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return heldRetry(ctx, true, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(actx, url)
	})
}

// A local that holds a function of the package, not one handed in: the
// attempt is get itself, with no timeout, and a hung one uses all 10s.
func HeldOwn(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	call := get
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = call(ctx, url); err == nil {
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

// A helper that keeps the function in a field of its own retrier: the
// loop in run calls r.op, which holds what withRetrier's caller handed
// in. Its timeout is unknown in run; the waits alone are known.
type retrier struct {
	op       func(context.Context) error
	attempts int
	interval time.Duration
}

func (r *retrier) run(ctx context.Context) error { // want run:`budget\(ctx 0, retry loop 10 x \? \+ 200ms .* >= 1.8s\)`
	var err error
	for i := 0; i < r.attempts; i++ {
		if err = r.op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.interval):
		}
	}
	return err
}

func withRetrier(ctx context.Context, op func(context.Context) error) error { // want withRetrier:`budget\(ctx 0, retry loop 10 x \? .* >= 1.8s, in retrier.run\)`
	r := &retrier{op: op, attempts: 10, interval: 200 * time.Millisecond}
	return r.run(ctx)
}

// 9 waits of 200ms alone exceed 1s.
func FieldSlow(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return withRetrier(ctx, func(ctx context.Context) error { // want `withRetrier's retry \(retry loop, in retrier.run\) waits 10 x \? \+ 200ms .* >= 1.8s but its context has a 1s deadline`
		actx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		return get(actx, url)
	})
}

// The twin: 10s; each attempt has 500ms of its own (before: "no timeout
// of their own", the field hid the caller's function).
func FieldFits(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return withRetrier(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		return get(actx, url)
	})
}

// An exported field an importer sets: what it runs, and what bounds
// it, is out of sight, and nothing is said (before: "no timeout of
// their own").
type Job struct {
	Run func(context.Context) error
}

func (j *Job) runWithRetry(ctx context.Context) error { // want runWithRetry:`budget\(ctx 0, retry loop \? \+ 1s \+ \? \+ 1s \+ \? >= 2s\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = j.Run(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Exec(ctx context.Context, j *Job) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return j.runWithRetry(ctx)
}
