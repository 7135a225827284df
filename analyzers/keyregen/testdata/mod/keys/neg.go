package keys

import (
	"cmp"
	"context"
	"log"
	"os"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	gofrs "github.com/gofrs/uuid/v5"
	"github.com/google/uuid"
	"github.com/rs/xid"
	"google.golang.org/grpc/metadata"

	"example.com/keyregentest/helper"
)

// The key is generated once, before the loop. Each call of beforeLoop
// makes a new key, which its fact says to callers.
func beforeLoop(ctx context.Context) error { // want beforeLoop:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		if err = send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The key is generated outside the function passed to the retry.
func outsideClosure(ctx context.Context) error { // want outsideClosure:`generatesKey`
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// Made lazily and kept for the next attempts.
func lazy(ctx context.Context) error {
	var key string
	return retry.Do(func() error {
		if key == "" {
			key = uuid.NewString()
		}
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	})
}

func lazyCmpOr(ctx context.Context, given string) error { // want lazyCmpOr:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	key := given
	return retry.Do(func() error {
		key = cmp.Or(key, uuid.NewString())
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	})
}

// A request built once, whose key is set on the first attempt only.
func lazyHeader(ctx context.Context) error {
	req := newReq(ctx)
	return retry.Do(func() error {
		if req.Header.Get("Idempotency-Key") == "" {
			req.Header.Set("Idempotency-Key", uuid.NewString())
		}
		return send(req)
	})
}

// Fresh IDs that are not keys: a log field, a span ID, a temp file name.
func notKeys(ctx context.Context, key string) error { // want notKeys:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	return retry.Do(func() error {
		attemptID := uuid.NewString()
		log.Printf("attempt %s", attemptID)
		f, err := os.CreateTemp("", "upload-"+xid.New().String())
		if err != nil {
			return err
		}
		defer f.Close()
		req := newReq(ctx)
		req.Header.Set("X-B3-SpanId", helper.SpanID())
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	})
}

// A loop over items sends each item once: not a retry.
func perItem(ctx context.Context, items []string) error { // want perItem:`generatesKey`
	for range items {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString())
		if err := send(req); err != nil {
			return err
		}
	}
	return nil
}

// A name-based UUID is the same on every attempt.
func nameBased(ctx context.Context, orderID string) error { // want nameBased:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewSHA1(uuid.NameSpaceURL, []byte(orderID)).String())
		req.Header.Set("X-Idempotency-Key", gofrs.NewV5(gofrs.NamespaceURL, orderID).String())
		req.Header.Set("Cko-Idempotency-Key", helper.KeyFor(orderID))
		return send(req)
	})
}

// A request ID is not a key unless -requestid asks for it.
func requestID(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("X-Request-ID", uuid.NewString())
		return send(req)
	})
}

// The SDK fills the token itself when the field is left empty: nothing
// in the code writes it.
func sdkAutoFill(ctx context.Context, c *sqs.Client, queue string) error {
	return backoff.Retry(func() error {
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(queue), MessageBody: aws.String("x")})
		return err
	}, backoff.NewExponentialBackOff())
}

// A time-derived deadline is not the key that is sent.
func deadline(ctx context.Context, key string, call func(context.Context) error) error { // want deadline:`sendsKey\(arg 1 -> the "idempotency-key" metadata\)`
	return retry.Do(func() error {
		ctx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Second))
		defer cancel()
		return call(metadata.AppendToOutgoingContext(ctx, "idempotency-key", key))
	})
}

// A struct built per attempt with a deterministic key.
func deterministicField(orderID string) error { // want deterministicField:`sendsKey\(arg 0 -> field IdempotencyKey\)`
	return retry.Do(func() error {
		return submit(Order{ID: orderID, IdempotencyKey: "order-" + orderID})
	})
}

type ctxKey struct{}

func keyFrom(ctx context.Context) string { s, _ := ctx.Value(ctxKey{}).(string); return s }

// A context derived from time.Now does not make the key read from it fresh.
func keyFromContext(ctx context.Context) error {
	return retry.Do(func() error {
		ctx, cancel := context.WithTimeout(ctx, time.Until(time.Now().Add(time.Second)))
		defer cancel()
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", keyFrom(ctx))
		return send(req)
	})
}
