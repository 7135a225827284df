// Package restycond gives resty clients retry conditions: functions of
// the response and the error whose true sends the request again.
package restycond

import (
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
)

// Every status from 400 up goes round: a 404 is sent four times.
func newClient(base string) *resty.Client {
	return resty.New().SetBaseURL(base).SetRetryCount(3).SetRetryWaitTime(200 * time.Millisecond).
		AddRetryCondition(func(r *resty.Response, err error) bool { // want `resty retry condition retries HTTP 4xx responses such as 404 \(its function literal says yes to them\): a client error does not change on retry, so each costs the client's further attempts; return false for 4xx other than 408, 425 and 429`
			return err != nil || r.StatusCode() >= 400
		})
}

// The twin retries failures, 429 and 5xx only.
func newClientFixed(base string) *resty.Client {
	return resty.New().SetBaseURL(base).SetRetryCount(3).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			return err != nil || r.StatusCode() == http.StatusTooManyRequests || r.StatusCode() >= 500
		})
}

// A named condition on one request, through IsError (4xx and 5xx).
func anyError(r *resty.Response, _ error) bool { return r.IsError() }

func get(c *resty.Client, url string) (*resty.Response, error) {
	return c.R().AddRetryCondition(anyError).Get(url) // want `resty retry condition retries HTTP 4xx responses such as 404 \(anyError says yes to them\)`
}

// The twin's named condition stops on every 4xx but 429.
func serverBusy(r *resty.Response, _ error) bool {
	return r.StatusCode() == http.StatusTooManyRequests || r.StatusCode() >= 500
}

func getFixed(c *resty.Client, url string) (*resty.Response, error) {
	return c.R().AddRetryCondition(serverBusy).Get(url)
}
