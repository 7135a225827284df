// Package spans holds deadlines that reach a retry through an
// OpenTelemetry span: Tracer.Start returns its parent's context with the
// span added, deadline included.
package spans

import (
	"context"
	"errors"
	"time"

	"go.opentelemetry.io/otel/trace"
)

func call(ctx context.Context) error { return errors.New("x") }

// fetch retries: 3 x 2s attempts and 1s waits, 8s in all.
func fetch(ctx context.Context) error { // want fetch:`budget\(ctx 0, retry loop 2s \+ 1s \+ 2s \+ 1s \+ 2s = 8s\)`
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type handler struct{ tracer trace.Tracer }

// The span's context keeps the handler's 3s deadline.
func (h *handler) Handle(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	ctx, span := h.tracer.Start(ctx, "handle")
	defer span.End()
	return fetch(ctx) // want `fetch's retry \(retry loop\) can take 2s \+ 1s \+ 2s \+ 1s \+ 2s = 8s but its context has a 3s deadline`
}

// The twin: a 10s deadline fits the 8s.
func (h *handler) HandleRoomy(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	ctx, span := h.tracer.Start(ctx, "handle")
	defer span.End()
	return fetch(ctx)
}
