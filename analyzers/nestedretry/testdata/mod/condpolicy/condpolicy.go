// Package condpolicy: a retry policy that is one attempt on one way only
// still retries on the others, so a retry around it, or inside it, is a
// second layer. One that is one attempt on every way is no layer.
package condpolicy

import (
	"log"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"

	"example.com/nestedtest/condpolicy/inner"
)

var client = &http.Client{Timeout: 30 * time.Second}

func get(url string) error {
	resp, err := client.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// retryFor is a retrier with no guard: N attempts.
func retryFor(fn func() error, d time.Duration) error {
	exp := backoff.NewExponentialBackOff()
	exp.MaxElapsedTime = d
	return backoff.Retry(fn, exp)
}

// The outer policy is one attempt only when retryFor is 0.
func outerGuarded(url string, d time.Duration) error {
	exp := backoff.NewExponentialBackOff()
	exp.MaxElapsedTime = d
	b := backoff.BackOff(exp)
	if exp.MaxElapsedTime == 0 {
		b = backoff.WithMaxRetries(exp, 0)
	}
	return backoff.Retry(func() error { // want `backoff.Retry \(N attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, d)
	}, b)
}

// The inner retrier's policy is one attempt only when retryFor is 0.
func plainOverGuarded(url string, d time.Duration) error {
	return backoff.Retry(func() error { // want `backoff.Retry \(N attempts\) wraps inner.RetryGuarded \(N attempts\), which retries again`
		return inner.RetryGuarded(func() error { return get(url) }, d)
	}, backoff.NewExponentialBackOff())
}

// Declared, then set on each way of an if/else: one way retries.
func ifElse(url string, fast bool) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff
	if fast {
		b = backoff.WithMaxRetries(exp, 0)
	} else {
		b = backoff.WithMaxRetries(exp, 4)
	}
	return backoff.Retry(func() error { // want `backoff.Retry \(5 attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, time.Minute)
	}, b)
}

// A switch: the most attempts of its ways.
func switched(url, mode string) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff
	switch mode {
	case "once":
		b = backoff.WithMaxRetries(exp, 0)
	case "few":
		b = backoff.WithMaxRetries(exp, 2)
	default:
		b = backoff.WithMaxRetries(exp, 6)
	}
	return backoff.Retry(func() error { // want `backoff.Retry \(7 attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, time.Minute)
	}, b)
}

// A variable a closure captures, kept in memory: the same.
func captured(url string, d time.Duration) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff = backoff.WithMaxRetries(exp, 3)
	if d == 0 {
		b = backoff.WithMaxRetries(exp, 0)
	}
	notify := func(err error, wait time.Duration) { log.Printf("%v: again in %v (%T)", err, wait, b) }
	return backoff.RetryNotify(func() error { // want `backoff.RetryNotify \(4 attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, d)
	}, b, notify)
}

// A helper of the package that returns either.
func policy(d time.Duration) backoff.BackOff {
	exp := backoff.NewExponentialBackOff()
	exp.MaxElapsedTime = d
	if d == 0 {
		return backoff.WithMaxRetries(exp, 0)
	}
	return exp
}

func fromHelper(url string, d time.Duration) error {
	return backoff.Retry(func() error { // want `backoff.Retry \(N attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, d)
	}, policy(d))
}

// The helper of another package: its fact keeps both ways.
func fromOtherHelper(url string, d time.Duration) error {
	return backoff.Retry(func() error { // want `backoff.Retry \(N attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, d)
	}, inner.Policy(d))
}

// Options appended on one way only (retry-go: 10 attempts by default).
func appended(url string, once bool) error {
	opts := []retry.Option{retry.Delay(time.Second)}
	if once {
		opts = append(opts, retry.Attempts(1))
	}
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, time.Minute)
	}, opts...)
}

// No options on the other way: retry-go's defaults.
func nilOptions(url string, once bool) error {
	var opts []retry.Option
	if once {
		opts = append(opts, retry.Attempts(1))
	}
	return retry.Do(func() error { // want `retry.Do \(10 attempts\) wraps retryFor \(N attempts\), which retries again`
		return retryFor(func() error { return get(url) }, time.Minute)
	}, opts...)
}

// Twins: one attempt on every way is no layer.

func bothOnce(url string, fast bool) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff
	if fast {
		b = backoff.WithMaxRetries(exp, 0)
	} else {
		b = backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 0)
	}
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, b)
}

// The guarded way and the other are both one attempt.
func guardedOtherOnce(url string, d time.Duration) error {
	exp := backoff.NewExponentialBackOff()
	b := backoff.BackOff(&backoff.StopBackOff{})
	if d == 0 {
		b = backoff.WithMaxRetries(exp, 0)
	}
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, d)
	}, b)
}

// Set twice, not under a branch: the second is the policy.
func reassigned(url string) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff = exp
	b = backoff.WithMaxRetries(exp, 0)
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, b)
}

// The same with a closure capturing the variable.
func reassignedCaptured(url string) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff = exp
	b = backoff.WithMaxRetries(exp, 0)
	notify := func(err error, wait time.Duration) { log.Printf("%v: again in %v (%T)", err, wait, b) }
	return backoff.RetryNotify(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, b, notify)
}

func helperOnce(d time.Duration) backoff.BackOff {
	if d == 0 {
		return &backoff.StopBackOff{}
	}
	return backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0)
}

func fromHelperOnce(url string, d time.Duration) error {
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, d)
	}, helperOnce(d))
}

func fromOtherHelperOnce(url string, fast bool) error {
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, inner.OncePolicy(fast))
}

func policyOrErr(url string, d time.Duration) error {
	b, err := inner.PolicyOrErr(d)
	if err != nil {
		return err
	}
	return backoff.Retry(func() error {
		return retryFor(func() error { return get(url) }, d)
	}, b)
}

func appendedOnce(url string, slow bool) error {
	opts := []retry.Option{retry.Attempts(1)}
	if slow {
		opts = append(opts, retry.Delay(time.Minute))
	}
	return retry.Do(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, opts...)
}

// Options added to round a loop: every round keeps the first.
func appendedInLoop(url string, delays []time.Duration) error {
	opts := []retry.Option{retry.Attempts(1)}
	for _, d := range delays {
		opts = append(opts, retry.Delay(d))
	}
	return retry.Do(func() error {
		return retryFor(func() error { return get(url) }, time.Minute)
	}, opts...)
}

// The inner retrier is one attempt on every way.
func plainOverOnce(url string, fast bool) error {
	return backoff.Retry(func() error {
		return inner.OnceEitherWay(func() error { return get(url) }, fast)
	}, backoff.NewExponentialBackOff())
}
