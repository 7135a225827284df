package web

import (
	"context"
	"net/http"
	"time"
)

// Senders that retry the request they are given, in the shapes a hand
// loop takes.

type api struct{ hc *http.Client }

// The first attempt before the loop, the success test at the top of
// each round, the re-send at its end.
func (a *api) sendBeforeLoop(req *http.Request) (*http.Response, error) {
	resp, err := a.hc.Do(req)
	for try := 0; try < 3; try++ {
		if err == nil && resp.StatusCode < 500 {
			break
		}
		time.Sleep(100 * time.Millisecond)
		resp, err = a.hc.Do(req)
	}
	return resp, err
}

func postBeforeLoop(ctx context.Context, a *api, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := a.sendBeforeLoop(req) // want `api.sendBeforeLoop retries an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: the request it is given is sent once, before a loop that polls
// with a GET of its own; the POST is not sent again.
func (a *api) sendThenPoll(ctx context.Context, req *http.Request, status string) (*http.Response, error) {
	resp, err := a.hc.Do(req)
	for try := 0; try < 3; try++ {
		if err == nil && resp.StatusCode < 500 {
			break
		}
		time.Sleep(100 * time.Millisecond)
		poll, perr := http.NewRequestWithContext(ctx, http.MethodGet, status, nil)
		if perr != nil {
			return nil, perr
		}
		resp, err = a.hc.Do(poll)
	}
	return resp, err
}

func postThenPoll(ctx context.Context, a *api, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := a.sendThenPoll(ctx, req, u+"/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A copy of the request parameter sent in each attempt is the parameter.
func (a *api) sendCopy(req *http.Request) error {
	var err error
	for try := 0; try < 4; try++ {
		attemptReq := req
		var resp *http.Response
		resp, err = a.hc.Do(attemptReq)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func postCopy(ctx context.Context, a *api, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	return a.sendCopy(req) // want `api.sendCopy retries an HTTP POST with no Idempotency-Key header`
}

// Twin: a local that holds the parameter on the first attempt only and
// a GET of its own afterwards is not the parameter.
func (a *api) sendOnceThenProbe(ctx context.Context, req *http.Request, probe string) error {
	var err error
	attemptReq := req
	for try := 0; try < 4; try++ {
		var resp *http.Response
		resp, err = a.hc.Do(attemptReq)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(100 * time.Millisecond)
		if attemptReq, err = http.NewRequestWithContext(ctx, http.MethodGet, probe, nil); err != nil {
			return err
		}
	}
	return err
}

func postOnceThenProbe(ctx context.Context, a *api, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	return a.sendOnceThenProbe(ctx, req, u+"/health")
}

// A helper that builds the request with the method its caller names and
// hands it to a sender that retries it: judged where the method is named.
func (a *api) execute(ctx context.Context, method, u string) error { // want execute:`nonidempotent\(an HTTP request, method of argument 2, retried by api.sendCopy\)`
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return err
	}
	return a.sendCopy(req)
}

func createThroughExecute(ctx context.Context, a *api, u string) error {
	return a.execute(ctx, "POST", u) // want `api.sendCopy retries \(through api.execute\) an HTTP POST with no Idempotency-Key header`
}

// Twins: the same helper named an idempotent method, and a helper that
// hands its request to a sender that sends it once.
func replaceThroughExecute(ctx context.Context, a *api, u string) error {
	return a.execute(ctx, http.MethodPut, u)
}

func (a *api) executeOnce(ctx context.Context, method, u string) error { // want executeOnce:`nonidempotent\(an HTTP request, method of argument 2\)`
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return err
	}
	return send(a.hc, req)
}

func createThroughExecuteOnce(ctx context.Context, a *api, u string) error { // want createThroughExecuteOnce:`nonidempotent\(an HTTP POST via api.executeOnce\)`
	return a.executeOnce(ctx, "POST", u)
}
