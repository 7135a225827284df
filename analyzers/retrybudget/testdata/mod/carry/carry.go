// Package carry sets deadlines two and three calls above the retry: the
// functions between pass their context on and carry its summary.
package carry

import (
	"context"
	"errors"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

type Server struct{}

// fetch retries: 3 x 10s attempts and 1s waits, 32s in all.
func (s *Server) fetch(ctx context.Context) error { // want fetch:`budget\(ctx 0, retry loop 10s \+ 1s \+ 10s \+ 1s \+ 10s = 32s\)`
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// process passes its context on: it carries fetch's summary.
func (s *Server) process(ctx context.Context, id string) error { // want process:`budget\(ctx 0, retry loop 10s \+ 1s \+ 10s \+ 1s \+ 10s = 32s, in Server.fetch\)`
	return s.fetch(ctx)
}

// validate carries it one level further.
func (s *Server) validate(id string, ctx context.Context) error { // want validate:`budget\(ctx 1, retry loop .* = 32s, in Server.fetch\)`
	if id == "" {
		return errors.New("no id")
	}
	return s.process(ctx, id)
}

// Two calls above the retry: 32s does not fit in 20s.
func (s *Server) Handle(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return s.process(ctx, id) // want `Server.process's retry \(retry loop, in Server.fetch\) can take 10s \+ 1s \+ 10s \+ 1s \+ 10s = 32s but its context has a 20s deadline`
}

// Three calls above.
func (s *Server) HandleValidated(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return s.validate(id, ctx) // want `Server.validate's retry \(retry loop, in Server.fetch\) can take .* = 32s but its context has a 20s deadline`
}

// The twin: a deadline the retry fits in.
func (s *Server) HandleLong(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return s.process(ctx, id)
}

// The twin: a function that gives the call a deadline of its own, which
// cannot be read, carries nothing; its caller's deadline is not the
// retry's.
func (s *Server) bounded(ctx context.Context, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return s.fetch(ctx)
}

func (s *Server) HandleBounded(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return s.bounded(ctx, 15*time.Second)
}

// The twin: the context handed down is not the parameter.
func (s *Server) detached(ctx context.Context) error {
	return s.fetch(context.WithoutCancel(ctx))
}

func (s *Server) HandleDetached(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return s.detached(ctx)
}
