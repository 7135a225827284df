// Package keys holds one positive case per generator family and sink
// kind, and the look-alikes that must stay silent (neg.go).
package keys

import (
	"context"
	crand "crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand"
	randv2 "math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	gofrs "github.com/gofrs/uuid/v5"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
	hcuuid "github.com/hashicorp/go-uuid"
	"github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	satori "github.com/satori/go.uuid"
	"github.com/segmentio/ksuid"
	"github.com/stripe/stripe-go/v85"
	"google.golang.org/grpc/metadata"
)

const chargeURL = "https://api.example.com/charges"

var errRetry = errors.New("retry")

func send(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newReq(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, chargeURL, nil)
	return req
}

// google/uuid NewString into Header.Set, in backoff.Retry.
func googleNewString(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `^idempotency key from uuid\.NewString is generated inside the retry \(backoff\.Retry at gens\.go:55\): each attempt sends a new key, so the server cannot deduplicate; generate it once before the retry$`
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// An API's own key header, named for what it is (YooKassa's
// Idempotence-Key): a fresh key per attempt, and its twin made once.
func ownHeaderFresh(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotence-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry`
		return send(req)
	}, backoff.NewExponentialBackOff())
}

func ownHeaderOnce(ctx context.Context) error { // want ownHeaderOnce:`generatesKey\(uuid\.NewString -> the Idempotence-Key header\)`
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotence-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// uuid.Must(uuid.NewRandom()) formatted, into a header map write, in a
// hand-written loop.
func googleMust(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		k := uuid.Must(uuid.NewRandom()).String() // want `idempotency key from uuid\.NewRandom is generated inside the retry \(retry loop at gens\.go:\d+\)`
		req := newReq(ctx)
		req.Header["Idempotency-Key"] = []string{k}
		if err = send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A tuple result (uuid.NewV7) into Header.Add, in avast retry.Do.
func googleV7(ctx context.Context) error {
	return retry.Do(func() error {
		u, err := uuid.NewV7() // want `idempotency key from uuid\.NewV7 is generated inside the retry \(retry\.Do at`
		if err != nil {
			return err
		}
		req := newReq(ctx)
		req.Header.Add("x-idempotency-key", u.String())
		return send(req)
	}, retry.Attempts(3))
}

// gofrs/uuid into an http.Header literal.
func gofrsV4(ctx context.Context) error {
	return backoff.Retry(func() error {
		id := gofrs.Must(gofrs.NewV4()) // want `idempotency key from uuid\.NewV4 is generated`
		req := newReq(ctx)
		req.Header = http.Header{"Idempotency-Key": {id.String()}}
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// satori/go.uuid into resty's SetHeader.
func satoriV4(c *resty.Client) error {
	return backoff.Retry(func() error {
		_, err := c.R().
			SetHeader("Idempotency-Key", satori.NewV4().String()). // want `idempotency key from uuid\.NewV4 is generated`
			Post(chargeURL)
		return err
	}, backoff.NewExponentialBackOff())
}

// hashicorp/go-uuid into resty's SetHeaders map.
func hashicorp(c *resty.Client) error {
	return backoff.Retry(func() error {
		id, err := hcuuid.GenerateUUID() // want `idempotency key from uuid\.GenerateUUID is generated`
		if err != nil {
			return backoff.Permanent(err)
		}
		_, err = c.R().SetHeaders(map[string]string{"Content-Type": "application/json", "Idempotency-Key": id}).Post(chargeURL)
		return err
	}, backoff.NewExponentialBackOff())
}

// rs/xid into gRPC metadata, AppendToOutgoingContext.
func rsxid(ctx context.Context, call func(context.Context) error) error {
	return retry.Do(func() error {
		ctx := metadata.AppendToOutgoingContext(ctx, "idempotency-key", xid.New().String()) // want `idempotency key from xid\.New is generated`
		return call(ctx)
	})
}

// oklog/ulid into metadata.Pairs.
func oklogULID(ctx context.Context, call func(context.Context) error) error {
	return retry.Do(func() error {
		md := metadata.Pairs("trace", "x", "Idempotency-Key", ulid.Make().String()) // want `idempotency key from ulid\.Make is generated`
		return call(metadata.NewOutgoingContext(ctx, md))
	})
}

// segmentio/ksuid into stripe's SetIdempotencyKey.
func ksuidStripe(sc *stripe.Client, ctx context.Context) error {
	return backoff.Retry(func() error {
		params := &stripe.ChargeCreateParams{Amount: stripe.Int64(100)}
		params.SetIdempotencyKey(ksuid.New().String()) // want `idempotency key from ksuid\.New is generated`
		_, err := sc.V1Charges.Create(ctx, params)
		return err
	}, backoff.NewExponentialBackOff())
}

// stripe.NewIdempotencyKey into the embedded Params literal, and into the
// promoted field.
func stripeKey(sc *stripe.Client, ctx context.Context) error {
	err := backoff.Retry(func() error {
		params := &stripe.ChargeCreateParams{
			Params: stripe.Params{IdempotencyKey: stripe.String(stripe.NewIdempotencyKey())}, // want `idempotency key from stripe\.NewIdempotencyKey is generated`
			Amount: stripe.Int64(100),
		}
		_, err := sc.V1Charges.Create(ctx, params)
		return err
	}, backoff.NewExponentialBackOff())
	if err != nil {
		return err
	}
	return backoff.Retry(func() error {
		params := &stripe.ChargeCreateParams{Amount: stripe.Int64(100)}
		params.IdempotencyKey = stripe.String(stripe.NewIdempotencyKey()) // want `idempotency key from stripe\.NewIdempotencyKey is generated`
		_, err := sc.V1Charges.Create(ctx, params)
		return err
	}, backoff.NewExponentialBackOff())
}

// crypto/rand.Read into the aws-sdk-go-v2 MessageDeduplicationId field.
func cryptoRead(ctx context.Context, c *sqs.Client, queue string) error {
	return backoff.Retry(func() error {
		buf := make([]byte, 16)
		if _, err := crand.Read(buf); err != nil { // want `idempotency key from rand\.Read is generated`
			return err
		}
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{
			QueueUrl:               aws.String(queue),
			MessageBody:            aws.String("order"),
			MessageDeduplicationId: aws.String(hex.EncodeToString(buf)),
		})
		return err
	}, backoff.NewExponentialBackOff())
}

// Order is the user's own request type: its field name says key.
type Order struct {
	ID             string
	IdempotencyKey string
}

func submit(o Order) error { return nil }

// io.ReadFull(rand.Reader, b) into a field named like a key.
func cryptoReader() error {
	var err error
	for range 3 {
		b := make([]byte, 12)
		io.ReadFull(crand.Reader, b) // want `idempotency key from crypto/rand\.Reader is generated`
		o := Order{ID: "o-1", IdempotencyKey: base64.RawURLEncoding.EncodeToString(b)}
		if err = submit(o); err == nil {
			break
		}
	}
	return err
}

// crypto/rand.Text into an assigned field.
func cryptoText() error {
	return retry.Do(func() error {
		var o Order
		o.ID = "o-1"
		o.IdempotencyKey = crand.Text() // want `idempotency key from rand\.Text is generated`
		return submit(o)
	})
}

func post(body map[string]string) error { return nil }

// math/rand via strconv into a JSON body key.
func mathRand() error {
	return retry.Do(func() error {
		key := strconv.FormatInt(rand.Int63(), 36) // want `idempotency key from rand\.Int63 is generated`
		return post(map[string]string{"amount": "100", "idempotency_key": key})
	})
}

// charge sends its third parameter as the order's key.
func charge(ctx context.Context, amount int64, idempotencyKey string) error { // want charge:`sendsKey\(arg 2 -> field IdempotencyKey\)`
	return submit(Order{ID: "c-1", IdempotencyKey: idempotencyKey})
}

// math/rand/v2 via fmt.Sprintf into a helper that sends it.
func mathRandV2(ctx context.Context) error {
	return retry.Do(func() error {
		key := fmt.Sprintf("%x", randv2.Uint64()) // want `idempotency key from rand\.Uint64 is generated`
		return charge(ctx, 100, key)
	})
}

// time.Now formatted into a header.
func timeNow(ctx context.Context) error {
	for {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", strconv.FormatInt(time.Now().UnixNano(), 10)) // want `idempotency key from time\.Now is generated inside the retry \(retry loop`
		if err := send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// metadata.New map and MD.Set.
func grpcMD(ctx context.Context, call func(context.Context) error) error {
	err := retry.Do(func() error {
		md := metadata.New(map[string]string{"idempotency-key": uuid.NewString()}) // want `idempotency key from uuid\.NewString is generated`
		return call(metadata.NewOutgoingContext(ctx, md))
	})
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		md := metadata.MD{}
		md.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
		return call(metadata.NewOutgoingContext(ctx, md))
	})
}

// A retryablehttp request's headers; the client's own retries reuse the
// key, the outer retry does not.
func retryable(rc *retryablehttp.Client) error {
	return backoff.Retry(func() error {
		req, err := retryablehttp.NewRequest(http.MethodPost, chargeURL, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(backoff\.Retry`
		resp, err := rc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.NewExponentialBackOff())
}
