// Package worstcase holds retry sites whose worst case the recognizer
// works out (WorstCase), one term source per function.
package worstcase

import (
	"context"
	"errors"
	"net/http"
	"time"

	retryv4 "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	backoffv4 "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	gax "github.com/googleapis/gax-go/v2"
	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
)

func call(ctx context.Context) error { return errors.New("x") }
func op() error                      { return errors.New("x") }

// The design guidance's arithmetic: three attempts of 30s, waits between.
func perAttemptContext(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 30s \+ 2s \+ 30s \+ 2s \+ 30s = 1m34s; attempt context 30s; elapsed none; cap 0s`
		actx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// A timeout whose context is not passed on bounds nothing.
func unusedTimeout(ctx context.Context) error {
	var err error
	for i := 0; i < 2; i++ { // want `worst \? \+ 1s \+ \? >= 1s; attempt none; elapsed none`
		_, cancel := context.WithTimeout(ctx, time.Second)
		cancel()
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A doubling wait with no cap and no per-attempt timeout.
func doubling(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s; attempt none`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// The wait comes from a parameter: unknown, never guessed.
func paramWait(ctx context.Context, wait time.Duration) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(wait)
	}
	return err
}

// The Timeout of the client the attempt calls bounds each attempt.
func clientTimeout(req *http.Request) error {
	client := &http.Client{Timeout: 10 * time.Second}
	var err error
	for i := 0; i < 2; i++ { // want `worst 10s \+ 500ms \+ 10s = 20.5s; attempt client 10s`
		var resp *http.Response
		if resp, err = client.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}

// A client from a parameter may have any timeout.
func paramClient(client *http.Client, req *http.Request) error {
	var err error
	for i := 0; i < 2; i++ { // want `worst \? \+ 1s \+ \? >= 1s; attempt unknown`
		var resp *http.Response
		if resp, err = client.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func cenkalti(ctx context.Context) {
	backoffv4.Retry(op, backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 3)) // want `worst \? \+ 500ms \+ \? \+ 750ms \+ \? \+ 1.125s \+ \? >= 2.375s; attempt none; elapsed 15m0s by the default MaxElapsedTime; cap 1m0s`
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 2 * time.Minute
	b.InitialInterval = 2 * time.Second
	backoffv4.Retry(func() error { return call(ctx) }, backoffv4.WithMaxRetries(b, 1)) // want `worst \? \+ 2s \+ \? >= 2s; attempt none; elapsed 2m0s by MaxElapsedTime; cap 1m0s`

	backoffv5.Retry(ctx, func() (int, error) { // want `worst 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s; attempt context 5s; elapsed 1m0s by backoff.WithMaxElapsedTime`
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return 0, call(actx)
	}, backoffv5.WithMaxTries(3), backoffv5.WithMaxElapsedTime(time.Minute), backoffv5.WithBackOff(backoffv5.NewConstantBackOff(time.Second)))
}

// Backoffs built as struct literals: the limit is the literal's, or the
// option's, never the default's.
func cenkaltiLiterals(ctx context.Context) {
	b4 := &backoffv4.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         5 * time.Second,
		MaxElapsedTime:      10 * time.Second,
		Stop:                backoffv4.Stop,
		Clock:               backoffv4.SystemClock,
	}
	backoffv4.Retry(op, backoffv4.WithContext(b4, ctx)) // want `worst unknown; attempt none; elapsed 10s by MaxElapsedTime; cap 5s`

	b5 := &backoffv5.ExponentialBackOff{InitialInterval: time.Second, Multiplier: 2, MaxInterval: 10 * time.Second}
	backoffv5.Retry(ctx, func() (int, error) { return 0, op() }, backoffv5.WithBackOff(b5), backoffv5.WithMaxElapsedTime(10*time.Second)) // want `worst unknown; attempt none; elapsed 10s by backoff.WithMaxElapsedTime; cap 10s`
	backoffv5.Retry(ctx, func() (int, error) { return 0, op() }, backoffv5.WithBackOff(b5))                                               // want `worst unknown; attempt none; elapsed 15m0s by the default MaxElapsedTime; cap 10s`
}

func avast() {
	retryv4.Do(op, retryv4.Attempts(3), retryv4.Delay(time.Second))                                          // want `worst \? \+ 1s \+ \? \+ 2s \+ \? >= 3s; attempt none; elapsed none; cap 0s`
	retryv4.Do(op, retryv4.Attempts(3), retryv4.Delay(time.Second), retryv4.MaxDelay(1500*time.Millisecond)) // want `worst \? \+ 1s \+ \? \+ 1.5s \+ \? >= 2.5s; attempt none; elapsed none; cap 1.5s`
}

func retryablehttpClient(req *retryablehttp.Request) {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.HTTPClient.Timeout = 10 * time.Second
	rc.Do(req) // want `worst 10s \+ 1s \+ 10s \+ 2s \+ 10s \+ 4s \+ 10s = 47s; attempt client 10s; elapsed none; cap 30s`

	rd := retryablehttp.NewClient()
	rd.Do(req) // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 8s \+ \? >= 15s; attempt none; elapsed none; cap 30s`
}

// A client handed in: its RetryMax, waits and timeout are its builder's.
func retryablehttpParam(rc *retryablehttp.Client, req *retryablehttp.Request) {
	rc.Do(req) // want `worst unknown; attempt unknown; elapsed none; cap 0s`
}

// The twin: a client built in sight has the library's defaults.
func awsBuilt(ctx context.Context, in *sqs.SendMessageInput) {
	c := sqs.New(sqs.Options{})
	c.SendMessage(ctx, in) // want `worst \? \+ 1s \+ \? \+ 2s \+ \? >= 3s; attempt unknown; elapsed none; cap 20s`
}

func standardClient(req *http.Request) {
	rc := retryablehttp.NewClient()
	rc.RetryWaitMax = 2 * time.Second
	hc := rc.StandardClient()
	hc.Timeout = 5 * time.Second
	hc.Do(req) // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 2s \+ \? \+ 2s \+ \? >= 7s; attempt none; elapsed 5s by the http.Client's Timeout; cap 2s`
}

func apimachinery() {
	cond := func() (bool, error) { return false, op() }
	// Steps promises 6 attempts, but the wait after the second would
	// pass Cap: Step sets Steps to 0 and the retry ends.
	wait.ExponentialBackoff(wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2, Cap: 3 * time.Second}, cond) // want `worst \? \+ 1s \+ \? >= 1s; attempt none; elapsed none; cap 3s; promised 6`
	wait.ExponentialBackoff(wait.Backoff{Steps: 3, Duration: time.Second, Factor: 2}, cond)                       // want `worst \? \+ 1s \+ \? \+ 2s \+ \? >= 3s; attempt none; elapsed none; cap 0s$`
}

// A client handed in: its retryer is its builder's, so neither the count
// nor the waits are the SDK's defaults; a retryer the call's own option
// builds replaces it, and is read.
func aws(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) {
	c.SendMessage(ctx, in)                        // want `worst unknown; attempt unknown; elapsed none; cap 0s`
	c.SendMessage(ctx, in, func(o *sqs.Options) { // want `worst \? \+ 1s \+ \? \+ 1.5s \+ \? >= 2.5s; attempt unknown; elapsed none; cap 1.5s`
		o.Retryer = retry.AddWithMaxBackoffDelay(retry.NewStandard(), 1500*time.Millisecond)
	})
}

func gaxInvoke(ctx context.Context) {
	gax.Invoke(ctx, func(ctx context.Context, _ gax.CallSettings) error { return call(ctx) }, // want `worst unknown; attempt none; elapsed 10s by gax.WithTimeout; cap 8s`
		gax.WithTimeout(10*time.Second),
		gax.WithRetry(func() gax.Retryer {
			return gax.OnCodes(nil, gax.Backoff{Initial: 2 * time.Second, Max: 8 * time.Second})
		}))
}
