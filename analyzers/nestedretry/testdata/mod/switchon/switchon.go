// Package switchon turns the SDK's retry switch on (WithAutoRetry(true)):
// its client's calls retry, a layer under the loop around them.
package switchon

import (
	"net/http"
	"time"

	"example.com/nestedtest/switchsdk"
)

type Service struct{ c *switchsdk.Client }

func New() *Service {
	return &Service{c: switchsdk.NewClient(switchsdk.NewConfig().WithAutoRetry(true))}
}

func (s *Service) Fetch(req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls Client.Do, which retries again: up to 3xN calls per request`
		var resp *http.Response
		if resp, err = s.c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
