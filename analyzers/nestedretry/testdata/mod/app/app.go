package app

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

// A hand-rolled loop around a retryablehttp client: 3x5.
func loopOverRetryableHTTP() error {
	c := retryablehttp.NewClient()
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.Client.Get \(5 attempts\), which retries again: up to 15 calls per call of loopOverRetryableHTTP \(3x5 via retryablehttp.Client.Get\); retry in one layer only`
		var resp *http.Response
		if resp, err = c.Get("http://example.com"); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func load() error { return errors.New("x") }

// fetch retries with avast retry-go (3 attempts).
func fetch() error {
	return retry.Do(load, retry.Attempts(3))
}

// backoff.Retry over a function that uses retry-go: 5x3.
func backoffOverAvast() error {
	b := backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4)
	return backoff.Retry(fetch, b) // want `backoff.Retry \(5 attempts\) calls fetch, which retries again: up to 15 calls per call of backoffOverAvast \(5x3 via fetch -> retry.Do\)`
}

// A loop over an SQS call, which retries 3 times inside.
func loopOverSQS(ctx context.Context, client *sqs.Client) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop \(4 attempts\) wraps sqs.SendMessage \(N attempts\), which retries again: up to 4xN calls per call of loopOverSQS`
		_, err = client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")})
		if err == nil {
			return nil
		}
	}
	return err
}

// The twin: the package's one call of the helper hands it a client
// built in sight, read with that client's count.
func loopOverOne(ctx context.Context, client *sqs.Client) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop \(4 attempts\) wraps sqs.SendMessage \(2 attempts\), which retries again: up to 8 calls per call of loopOverOne`
		_, err = client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")})
		if err == nil {
			return nil
		}
	}
	return err
}

func sendOnce(ctx context.Context) error {
	return loopOverOne(ctx, sqs.New(sqs.Options{RetryMaxAttempts: 2}))
}

// A method value as the retried operation.
type store struct{ c *retryablehttp.Client }

func (s *store) get() error {
	resp, err := s.c.Get("http://example.com")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func methodValue(s *store) error {
	return retry.Do(s.get, retry.Attempts(2)) // want `retry.Do \(2 attempts\) calls store.get, which retries again: up to 10 calls per call of methodValue \(2x5 via store.get -> retryablehttp.Client.Get\)`
}

// A closure variable as the retried operation.
func closureVar() error {
	op := func() error { return fetch() }
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 1)) // want `backoff.Retry \(2 attempts\) calls fetch, which retries again: up to 6 calls per call of closureVar`
}

// Unknown and unbounded layers.
func unknownInner(n int) error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) calls fetchN, which retries again: up to 10xN calls per call of unknownInner`
		return fetchN(n)
	})
}

func fetchN(n int) error { return retry.Do(load, retry.Attempts(uint(n))) }

// Must not report: ------------------------------------------------------

// a chain through code that does not retry: a read loop, a failover over
// hosts, a poll.
func readAll(r io.Reader) error {
	buf := make([]byte, 64)
	for {
		if _, err := r.Read(buf); err != nil {
			return err
		}
	}
}

func failover(hosts []string) error {
	for _, h := range hosts {
		if _, err := http.Get(h); err == nil {
			return nil
		}
	}
	return errors.New("all hosts failed")
}

func notRetries(r io.Reader, hosts []string) error {
	return retry.Do(func() error {
		if err := readAll(r); err != nil {
			return err
		}
		return failover(hosts)
	})
}

// an SDK or retryablehttp call with no retry around it: one layer.
func oneLayer(ctx context.Context, client *sqs.Client) error {
	_, err := client.SendMessage(ctx, &sqs.SendMessageInput{})
	if err != nil {
		return err
	}
	_, err = retryablehttp.Get("http://example.com")
	return err
}

// two sequential retry sites in one function.
func sequential() error {
	if err := retry.Do(load); err != nil {
		return err
	}
	return backoff.Retry(load, backoff.NewExponentialBackOff())
}

// a retry handed to a goroutine inside the attempt is not run by it.
func goroutine() error {
	return retry.Do(func() error {
		go fetch()
		return load()
	})
}

// Nested sites in one function: one report, at the outer site.
func nestedHere() error {
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps retry loop \(3 attempts\), which retries again: up to 150 calls per call of nestedHere \(10x3x5 via retry loop -> retryablehttp.Get\)`
		var err error
		for range 3 {
			if _, err = retryablehttp.Get("http://example.com"); err == nil {
				return nil
			}
		}
		return err
	})
}
