// Package natsmsg publishes to NATS JetStream, whose streams drop a
// message whose Nats-Msg-Id they have seen: a new ID per attempt defeats
// that.
package natsmsg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func publish(ctx context.Context, js jetstream.JetStream, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = js.Publish(ctx, "orders", v, jetstream.WithMsgID(uuid.NewString())); err == nil { // want `idempotency key from uuid\.NewString is generated inside the retry`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin makes the ID once, before its retry (a caller that retries it
// would make one per call: the fact says so).
func publishOnce(ctx context.Context, js jetstream.JetStream, v []byte) error { // want publishOnce:`generatesKey\(uuid\.NewString -> WithMsgID\)`
	id := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		if _, err = js.Publish(ctx, "orders", v, jetstream.WithMsgID(id)); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A request with the key in the message's headers.
func request(ctx context.Context, nc *nats.Conn, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		m := nats.NewMsg("orders")
		m.Data = v
		m.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry`
		if _, err = nc.RequestMsgWithContext(ctx, m); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin's fresh header is a trace ID, not a key.
func requestTraced(ctx context.Context, nc *nats.Conn, v []byte) error { // want requestTraced:`generatesKey\(uuid\.NewString -> the Nats-Msg-Id header\)`
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		m := nats.NewMsg("orders")
		m.Data = v
		m.Header.Set("Nats-Msg-Id", key)
		m.Header.Set("Trace-Id", uuid.NewString())
		if _, err = nc.RequestMsgWithContext(ctx, m); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
