// Package libs calls every catalogued retry library the way its users do.
package libs

import (
	"context"
	"errors"
	"net/http"
	"time"

	rican7 "github.com/Rican7/retry"
	"github.com/Rican7/retry/strategy"
	retryv4 "github.com/avast/retry-go/v4"
	retryv5 "github.com/avast/retry-go/v5"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	backoffv4 "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	backoffv7 "github.com/cenkalti/backoff/v7"
	"github.com/eapache/go-resiliency/retrier"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	fcretry "github.com/flowchartsman/retry"
	"github.com/go-resty/resty/v2"
	gax "github.com/googleapis/gax-go/v2"
	"github.com/hashicorp/go-retryablehttp"
	lbackoff "github.com/lestrrat-go/backoff/v2"
	"github.com/matryer/try"
	sretry "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
	kretry "k8s.io/client-go/util/retry"
)

func op() error { return errors.New("x") }

func cenkalti(ctx context.Context) { // want `retrier\(N via backoff.Retry\)`
	backoffv4.Retry(op, backoffv4.NewExponentialBackOff())                                     // want `site library "backoff.Retry" N attempts time`
	backoffv4.Retry(op, backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 4))        // want `site library "backoff.Retry" 5 attempts time`
	backoffv4.Retry(op, backoffv4.WithContext(backoffv4.NewConstantBackOff(time.Second), ctx)) // want `site library "backoff.Retry" unbounded attempts ctx$`
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	backoffv4.RetryNotify(op, b, nil)             // want `site library "backoff.RetryNotify" unbounded attempts$`
	backoffv4.Retry(op, &backoffv4.StopBackOff{}) // one attempt: no retry, no site

	backoffv5.Retry(ctx, func() (int, error) { return 0, op() })                                                   // want `site library "backoff.Retry" N attempts ctx time`
	backoffv5.Retry(context.Background(), func() (int, error) { return 0, op() }, backoffv5.WithMaxTries(3))       // want `site library "backoff.Retry" 3 attempts time$`
	backoffv5.Retry(context.Background(), func() (int, error) { return 0, op() }, backoffv5.WithMaxElapsedTime(0)) // want `site library "backoff.Retry" unbounded attempts$`
	// v7 has v5's API.
	backoffv7.Retry(context.Background(), func() (int, error) { return 0, op() }, backoffv7.WithMaxTries(3)) // want `site library "backoff.Retry" 3 attempts time$`
}

func avast(ctx context.Context) { // want `retrier\(∞ via retry.Do\)`
	retryv4.Do(op)                                                                       // want `site library "retry.Do" 10 attempts$`
	retryv4.Do(op, retryv4.Attempts(3), retryv4.Context(ctx))                            // want `site library "retry.Do" 3 attempts ctx`
	retryv4.Do(op, retryv4.Attempts(0))                                                  // want `site library "retry.Do" unbounded attempts$`
	retryv4.DoWithData(func() (int, error) { return 1, op() }, retryv4.UntilSucceeded()) // want `site library "retry.DoWithData" unbounded attempts`
	r := retryv5.New(retryv5.Attempts(4))
	r.Do(op) // want `site library "retry.Retrier.Do" 4 attempts`
}

// Options kept in a package variable are read from its initializer;
// options the caller passes are unknown, not the library's defaults.
var retryOpts = []retryv4.Option{retryv4.Attempts(3), retryv4.Delay(time.Second)}

func optionLists(opts ...retryv4.Option) { // want `retrier\(N via retry.Do\)`
	retryv4.Do(op, retryOpts...) // want `site library "retry.Do" 3 attempts$`
	retryv4.Do(op, opts...)      // want `site library "retry.Do" N attempts$`
}

func sethvargo(ctx context.Context) { // want `retrier\(N via retry.Do\)`
	b := sretry.NewExponential(time.Second)
	sretry.Do(ctx, b, func(ctx context.Context) error { return sretry.RetryableError(op()) })                                            // want `site library "retry.Do" unbounded attempts ctx`
	sretry.Do(context.Background(), sretry.WithMaxRetries(2, b), func(ctx context.Context) error { return sretry.RetryableError(op()) }) // want `site library "retry.Do" 3 attempts$`
	sretry.Constant(ctx, time.Second, func(ctx context.Context) error { return sretry.RetryableError(op()) })                            // want `site library "retry.Constant" unbounded attempts ctx`
	// op's errors are plain: go-retry stops on the first, one attempt.
	sretry.Do(ctx, b, func(ctx context.Context) error { return op() })
}

func kube(ctx context.Context) { // want `retrier\(6 via wait.ExponentialBackoff\)`
	kretry.RetryOnConflict(kretry.DefaultRetry, op)                                                                              // want `site library "retry.RetryOnConflict" 5 attempts`
	kretry.OnError(kretry.DefaultBackoff, func(error) bool { return true }, op)                                                  // want `site library "retry.OnError" 4 attempts`
	wait.ExponentialBackoff(wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2}, func() (bool, error) { return true, nil }) // want `site library "wait.ExponentialBackoff" 6 attempts`
	wait.ExponentialBackoffWithContext(ctx, wait.Backoff{Steps: 3}, func(context.Context) (bool, error) { return true, nil })    // want `site library "wait.ExponentialBackoffWithContext" 3 attempts ctx`
	// The policy in a variable is read as the literal it was built from.
	steps := wait.Backoff{Duration: 2 * time.Second, Factor: 2, Jitter: 0.1, Steps: 5}
	wait.ExponentialBackoffWithContext(ctx, steps, func(context.Context) (bool, error) { return true, nil }) // want `site library "wait.ExponentialBackoffWithContext" 5 attempts ctx`
	// Polls wait for a state; they are not retries.
	wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(context.Context) (bool, error) { return true, nil })
}

func googleapis(ctx context.Context, opts []gax.CallOption) { // want `retrier\(N via gax.Invoke\)`
	call := func(ctx context.Context, _ gax.CallSettings) error { return op() }
	gax.Invoke(ctx, call, gax.WithRetry(func() gax.Retryer { return gax.OnCodes(nil, gax.Backoff{}) })) // want `site library "gax.Invoke" unbounded attempts ctx`
	gax.Invoke(ctx, call, gax.WithTimeout(time.Second))                                                 // no WithRetry: one attempt
	gax.Invoke(ctx, call, opts...)                                                                      // want `site library "gax.Invoke" N attempts ctx`
}

func failsafeGo() { // want `retrier\(5 via failsafe.Run\)`
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(4).Build()
	failsafe.With[any](rp).Run(op)                                                                       // want `site library "failsafe.Run" 5 attempts`
	failsafe.With[any](retrypolicy.NewWithDefaults[any]()).Get(func() (any, error) { return nil, op() }) // want `site library "failsafe.Get" 3 attempts`
	cb := circuitbreaker.NewWithDefaults[any]()
	failsafe.With[any](cb).Run(op) // a breaker alone does not retry
}

// A policy handed in: its count is the caller's, not the default.
func failsafeGiven(rp retrypolicy.RetryPolicy[any]) { // want `retrier\(N via failsafe.Run\)`
	failsafe.With[any](rp).Run(op) // want `site library "failsafe.Run" N attempts`
}

func smaller(ctx context.Context) { // want `retrier\(∞ via retry.Retry\)`
	r := retrier.New(retrier.ExponentialBackoff(3, time.Millisecond), nil)
	r.Run(op)                                                         // want `site library "retrier.Run" 4 attempts`
	rican7.Retry(func(uint) error { return op() })                    // want `site library "retry.Retry" unbounded attempts`
	rican7.Retry(func(uint) error { return op() }, strategy.Limit(5)) // want `site library "retry.Retry" 5 attempts`
	try.Do(func(int) (bool, error) { return true, op() })             // want `site library "try.Do" 10 attempts`
	fr := fcretry.NewRetrier(7, time.Millisecond, time.Second)
	fr.Run(op) // want `site library "retry.Retrier.Run" 7 attempts`
	p := lbackoff.Exponential(lbackoff.WithMaxRetries(3))
	c := p.Start(ctx)
	for lbackoff.Continue(c) { // want `site library "backoff.Continue" 3 attempts ctx`
		if op() == nil {
			return
		}
	}
}

func clients(ctx context.Context, client *sqs.Client) { // want `retrier\(N via sqs.SendMessage\)`
	rc := retryablehttp.NewClient()
	rc.Get("http://example.com") // want `site client "retryablehttp.Client.Get" 5 attempts`
	rc2 := retryablehttp.NewClient()
	rc2.RetryMax = 2
	rc2.Get("http://example.com") // want `site client "retryablehttp.Client.Get" 3 attempts`
	rc3 := retryablehttp.NewClient()
	rc3.RetryMax = 0
	rc3.Get("http://example.com") // retries turned off
	hc := rc.StandardClient()
	hc.Get("http://example.com") // want `site client "retryablehttp.Client.StandardClient" 5 attempts`
	http.DefaultClient.Get("http://example.com")

	client.SendMessage(ctx, &sqs.SendMessageInput{}) // want `site client "sqs.SendMessage" N attempts ctx`
	client.SendMessage(ctx, &sqs.SendMessageInput{}, func(o *sqs.Options) { o.RetryMaxAttempts = 1 })
	client.SendMessage(ctx, &sqs.SendMessageInput{}, func(o *sqs.Options) { o.Retryer = aws.NopRetryer{} })
	// The call's own count is read whatever the client's retryer.
	client.SendMessage(ctx, &sqs.SendMessageInput{}, func(o *sqs.Options) { o.RetryMaxAttempts = 5 }) // want `site client "sqs.SendMessage" 5 attempts ctx`
	built := sqs.New(sqs.Options{})
	built.SendMessage(ctx, &sqs.SendMessageInput{}) // want `site client "sqs.SendMessage" 3 attempts ctx`

	r := resty.New().SetRetryCount(2)
	r.R().Post("http://example.com") // want `site client "resty.Request.Post" 3 attempts`
	plain := resty.New()
	plain.R().Get("http://example.com") // built here with no retry count
}
