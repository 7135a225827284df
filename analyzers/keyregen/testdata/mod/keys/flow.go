package keys

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// Where a key goes, as the engine follows it: field by field, round the
// loop, and in the order the attempt runs.

// attemptInfo keeps a fresh start time beside the key it was given.
type attemptInfo struct {
	started time.Time
	key     string
}

// The start time is fresh, the key is not: fields are followed one by
// one.
func freshField(ctx context.Context, given string) error { // want freshField:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	return retry.Do(func() error {
		info := attemptInfo{started: time.Now(), key: given}
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", info.key)
		log.Print(time.Since(info.started))
		return send(req)
	})
}

// The key read back from the field it was stored in is the fresh one.
func keyInField(ctx context.Context) error {
	return retry.Do(func() error {
		var info attemptInfo
		info.key = uuid.NewString() // want `idempotency key from uuid\.NewString is generated inside the retry`
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", info.key)
		return send(req)
	})
}

// The key made at the end of one attempt is sent by the next.
func keyNextRound(ctx context.Context) error {
	key := "first"
	for i := 0; i < 3; i++ {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		if err := send(req); err == nil {
			return nil
		}
		key = uuid.NewString() // want `idempotency key from uuid\.NewString is generated inside the retry \(retry loop at flow\.go:\d+\)`
		time.Sleep(time.Second)
	}
	return nil
}

// A key made after the request is sent is sent nowhere.
func keyAfterUse(ctx context.Context, given string) error { // want keyAfterUse:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	return retry.Do(func() error {
		key := given
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		err := send(req)
		key = uuid.NewString()
		log.Print(key)
		return err
	})
}

// The fresh key is sent; the copy kept for the log is made lazily.
func keptCopy(ctx context.Context) error {
	var last string
	return retry.Do(func() error {
		k := uuid.NewString() // want `idempotency key from uuid\.NewString is generated inside the retry`
		if last == "" {
			last = k
		}
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", k)
		log.Print(last)
		return send(req)
	})
}

// newID names its result: a bare return gives the fresh ID.
func newID() (id string) { // want newID:`freshID\(uuid\.NewString\)`
	id = "id-" + uuid.NewString()
	return
}

func bareReturn(ctx context.Context, c *http.Client) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", newID()) // want `idempotency key from uuid\.NewString \(via newID\) is generated`
		_, err := c.Do(req)
		return err
	})
}
