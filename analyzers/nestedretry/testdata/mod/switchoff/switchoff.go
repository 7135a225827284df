// Package switchoff never turns the SDK's retry switch on: its client's
// calls make one attempt, and the loop around them is the only layer. A
// stop flag or a retry the library turns on itself is no switch: those
// clients still retry.
package switchoff

import (
	"net/http"
	"time"

	"example.com/nestedtest/switchsdk"
)

type Service struct {
	c     *switchsdk.Client
	stop  *switchsdk.Stopper
	eager *switchsdk.Eager
}

func New() *Service {
	return &Service{
		c:     switchsdk.NewClient(switchsdk.NewConfig()),
		stop:  switchsdk.NewStopper(),
		eager: switchsdk.NewEager(switchsdk.NewEagerConfig()),
	}
}

func (s *Service) Fetch(req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ { // the switch is off: one layer
		var resp *http.Response
		if resp, err = s.c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func (s *Service) Poll(url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls Stopper.Get, which retries again: up to 9 calls per request`
		var resp *http.Response
		if resp, err = s.stop.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func (s *Service) Eager(url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls Eager.Get, which retries again: up to 9 calls per request`
		var resp *http.Response
		if resp, err = s.eager.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
