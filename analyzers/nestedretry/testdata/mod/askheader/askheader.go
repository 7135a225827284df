// Package askheader holds loops around a function that retries on its
// server's wish as well as on failures, the shape of the
// Stainless-generated SDKs (openai-go, anthropic-sdk-go): a response with
// "x-should-retry: true" is retried whatever its status. That function is
// a retry layer; a poll of an async job around it is not one.
package askheader

import (
	"errors"
	"net/http"
	"strconv"
	"time"
)

func shouldRetry(res *http.Response, err error) bool {
	if res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	if res.Header.Get("x-should-retry") == "false" {
		return false
	}
	return res.StatusCode >= 500
}

func send(hc *http.Client, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ {
		res, err = hc.Do(req)
		if !shouldRetry(res, err) {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// Fetch retries send: each round is send's three attempts.
func Fetch(hc *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls send, which retries again: up to 9 calls`
		var res *http.Response
		if res, err = send(hc, req); err == nil && res.StatusCode < 500 {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// WaitJob polls an async job that answers 202 with a Retry-After until it
// is done; send's failures end it. No retry layer of its own.
func WaitJob(hc *http.Client, req *http.Request) (*http.Response, error) {
	for {
		res, err := send(hc, req)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusAccepted {
			return res, nil
		}
		secs, _ := strconv.Atoi(res.Header.Get("Retry-After"))
		res.Body.Close()
		time.Sleep(time.Duration(secs) * time.Second)
	}
}

// status is a job's state as its server reports it.
type status struct {
	StatusCode int
	State      string
}

func get(hc *http.Client, req *http.Request) (*status, error) {
	res, err := send(hc, req)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	return &status{StatusCode: res.StatusCode, State: res.Header.Get("X-Job-State")}, nil
}

// WaitState polls a state field and also waits out failures: success goes
// round while the job is pending, as a matter of course. A poll, no retry
// layer.
func WaitState(hc *http.Client, req *http.Request) error {
	for i := 0; i < 60; i++ {
		st, err := get(hc, req)
		if err != nil || st.State == "pending" {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("timed out waiting")
}
