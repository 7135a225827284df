package natsmsg

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
)

// Event is a log entry; its ID may be empty.
type Event struct{ ID string }

// messageID gives the event's own ID, or a fresh one for an event that
// came without (writer/cerebro#1286): called in the attempt, a new one
// each time.
func messageID(ev Event) string { // want messageID:`freshID\(uuid\.NewString\)`
	if ev.ID != "" {
		return ev.ID
	}
	return uuid.NewString()
}

func publishEvent(ctx context.Context, js jetstream.JetStream, ev Event, v []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = js.Publish(ctx, "log", v, jetstream.WithMsgID(messageID(ev))); err == nil { // want `idempotency key from uuid\.NewString \(via messageID\) is generated inside the retry`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin remembers the ID it made for an event: each attempt sends the
// same one.
type idCache struct{ ids map[string]string }

func (c *idCache) messageID(name string) string {
	if id, ok := c.ids[name]; ok {
		return id
	}
	id := uuid.NewString()
	c.ids[name] = id
	return id
}

func publishCached(ctx context.Context, js jetstream.JetStream, c *idCache, name string, v []byte) error { // want publishCached:`sendsKey\(arg 3 -> WithMsgID\)`
	var err error
	for i := 0; i < 3; i++ {
		if _, err = js.Publish(ctx, "log", v, jetstream.WithMsgID(c.messageID(name))); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
