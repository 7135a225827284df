// Package verdict: loops over clients whose transports decide to retry
// through a list of statuses or a function value.
package verdict

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"

	"github.com/PuerkitoBio/rehttp"
)

// listed retries a transport error and the statuses of its list, read
// through a predicate that ranges over the list: which statuses is not
// known, and the layer is.
type listed struct {
	base      http.RoundTripper
	retries   int
	retryable []int
}

func (t *listed) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt <= t.retries; attempt++ {
		resp, err = t.base.RoundTrip(req)
		retry := false
		if err != nil {
			retry = !errors.Is(err, context.Canceled)
		} else if t.isRetryable(resp.StatusCode) {
			retry = true
		}
		if !retry {
			return resp, err
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func (t *listed) isRetryable(code int) bool {
	for _, c := range t.retryable {
		if c == code {
			return true
		}
	}
	return false
}

func loopOverListed(url string) error {
	c := &http.Client{Timeout: 30 * time.Second, Transport: &listed{base: http.DefaultTransport, retries: 3, retryable: []int{429, 503}}}
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps listed.RoundTrip \(4 attempts\), which retries again: up to 12 calls`
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

type attempt struct {
	index int
	res   *http.Response
	err   error
}

// decided asks a function value in a field whether to go round, the
// shape of rehttp's Transport.
type decided struct {
	next  http.RoundTripper
	retry func(attempt) (bool, time.Duration)
}

func (t *decided) RoundTrip(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		res, err := t.next.RoundTrip(req)
		retry, delay := t.retry(attempt{index: i, res: res, err: err})
		if !retry {
			return res, err
		}
		time.Sleep(delay)
	}
}

func loopOverDecided(url string) error {
	c := &http.Client{Timeout: time.Minute, Transport: &decided{next: http.DefaultTransport, retry: func(a attempt) (bool, time.Duration) {
		return a.err != nil && a.index < 3, time.Second
	}}}
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) wraps decided.RoundTrip \(N attempts\), which retries again`
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: the function value's answer does not gate the way round; it
// only logs. The transport sends once.
type logged struct {
	next http.RoundTripper
	log  func(attempt) bool
}

func (t *logged) RoundTrip(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		res, err := t.next.RoundTrip(req)
		if t.log(attempt{index: i, res: res, err: err}) {
			println("logged")
		}
		time.Sleep(time.Millisecond)
		return res, err
	}
}

func loopOverLogged(url string) error {
	c := &http.Client{Timeout: time.Minute, Transport: &logged{next: http.DefaultTransport, log: func(attempt) bool { return true }}}
	var err error
	for i := 0; i < 5; i++ {
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: a loop calling a function-valued field with no remote attempt:
// it waits for a local file, asking the function whether to go on.
type watcher struct {
	again func(attempt) bool
}

func (w *watcher) wait(name string) ([]byte, error) {
	for i := 0; ; i++ {
		b, err := os.ReadFile(name)
		if !w.again(attempt{index: i, err: err}) {
			return b, err
		}
		time.Sleep(time.Second)
	}
}

func loopOverWatcher(name string) error {
	w := &watcher{again: func(a attempt) bool { return a.err != nil && a.index < 3 }}
	var err error
	for i := 0; i < 3; i++ {
		if _, err = w.wait(name); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rehttp's Transport, which the catalog describes (v1.4.0): RetryAll with
// RetryMaxRetries(3) makes 4 attempts of every GET.
func loopOverRehttp(url string) error {
	c := &http.Client{Timeout: time.Minute, Transport: rehttp.NewTransport(http.DefaultTransport,
		rehttp.RetryAll(rehttp.RetryMaxRetries(3), rehttp.RetryTemporaryErr()),
		rehttp.ConstDelay(time.Second))}
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) wraps rehttp.Transport \(4 attempts\), which retries again`
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A condition on the request's method (RetryHTTPMethods) decides whether
// a request is retried at all, which the count does not say: the inner
// layer's attempts are unknown (a method outside the list, which rehttp
// sends once, is not told apart).
func loopOverRehttpMethods(url string) error {
	c := &http.Client{Timeout: time.Minute, Transport: rehttp.NewTransport(http.DefaultTransport,
		rehttp.RetryAll(rehttp.RetryMaxRetries(3), rehttp.RetryHTTPMethods("GET"), rehttp.RetryTemporaryErr()),
		rehttp.ConstDelay(time.Second))}
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) wraps rehttp.Transport \(N attempts\), which retries again`
		var resp *http.Response
		if resp, err = c.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
