// Package conststatus retries what an SDK's typed errors say: a
// ClientError, whose status is a constant, is a failure before any answer
// and says nothing of a 404; a ReplyError keeps the answer's status.
package conststatus

import (
	"errors"
	"net/http"
	"time"

	"example.com/retryclasstest/conststatus/sdk"
)

func retryable(err error) bool {
	var ce *sdk.ClientError
	if errors.As(err, &ce) {
		return true // no answer: retry
	}
	var se *sdk.ServerError
	if errors.As(err, &se) {
		switch se.ErrorCode() {
		case "Throttling", "ServiceUnavailable":
			return true
		}
	}
	return false
}

// Create retries lost answers and two API codes; a 404 comes as a
// ServerError with another code and stops.
func Create(c *sdk.Client, req *http.Request) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.Do(req); err == nil {
			return nil
		}
		if !retryable(err) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}

// The twin retries every ReplyError, whose status is the answer's: a 404
// goes round.
func Send(c *sdk.Client, req *http.Request) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.Send(req); err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
			return nil
		}
		var re *sdk.ReplyError
		if !errors.As(err, &re) {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}
