package helperclient

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

// The operation a library retry runs sends with a client it captures:
// a local built above, or a field the constructor sets. The client's 5s
// Timeout bounds each attempt as in a loop: 4 x 5s and three 2s waits do
// not fit in 10s.
func price(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	hc := &http.Client{Timeout: 5 * time.Second}
	return retry.DoWithData(func() (*http.Response, error) { // want `retry can take 5s \+ 2s \+ 5s \+ 2s \+ 5s \+ 2s \+ 5s = 26s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 10s deadline`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return hc.Do(req)
	}, retry.Context(ctx), retry.Attempts(4), retry.Delay(2*time.Second), retry.DelayType(retry.FixedDelay))
}

// The twin: a 1s client timeout fits (4 x 1s + 3 x 2s = 10s is not over).
func priceFits(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	hc := &http.Client{Timeout: time.Second}
	return retry.DoWithData(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return hc.Do(req)
	}, retry.Context(ctx), retry.Attempts(4), retry.Delay(2*time.Second), retry.DelayType(retry.FixedDelay))
}

var quotePolicy = retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(3).WithDelay(2 * time.Second).Build()

// A field client, in failsafe-go's closure.
func (c *client) quote(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return failsafe.With(quotePolicy).Get(func() (*http.Response, error) { // want `retry can take 5s \+ 2s \+ 5s \+ 2s \+ 5s \+ 2s \+ 5s = 26s`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return c.hc.Do(req)
	})
}

// The twin: the field of another type, whose client no constructor
// here builds, has an unknown timeout: nothing is reported.
type remote struct{ HC *http.Client }

func (r *remote) quote(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return failsafe.With(quotePolicy).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return r.HC.Do(req)
	})
}
