package ownlimit

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// A constructor sets the limit on the client it returns: one finding,
// at the limit, however many calls use the client.
func newAPIClient() *http.Client {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	hc.Timeout = 10 * time.Second // want `retryablehttp.Client.StandardClient waits .* but the http.Client's Timeout of 10s stops the whole retry first`
	return hc
}

type api struct{ hc *http.Client }

func newAPI() *api { return &api{hc: newAPIClient()} }

func (a *api) ping(url string) error {
	resp, err := a.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *api) status(url string) error {
	resp, err := a.hc.Head(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The twin's limit leaves the retry room.
func newPatientClient() *http.Client {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	hc.Timeout = 5 * time.Minute
	return hc
}

type patient struct{ hc *http.Client }

func newPatient() *patient { return &patient{hc: newPatientClient()} }

func (p *patient) ping(url string) error {
	resp, err := p.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
