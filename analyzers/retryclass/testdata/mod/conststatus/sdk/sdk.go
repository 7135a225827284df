// Package sdk is shaped like alibaba-cloud-sdk-go's sdk/errors: a
// ServerError for every answer that is not a success, with its status and
// the API's error code, and a ClientError for a failure before any
// answer, whose status is always 400. ReplyError, its twin, keeps the
// status of the answer it was made from.
package sdk

import (
	"fmt"
	"net/http"
)

// ServerError is an error answer of the API.
type ServerError struct {
	httpStatus int
	errorCode  string
}

func (e *ServerError) Error() string     { return fmt.Sprintf("%s (%d)", e.errorCode, e.httpStatus) }
func (e *ServerError) HttpStatus() int   { return e.httpStatus }
func (e *ServerError) ErrorCode() string { return e.errorCode }

// ClientError is a failure on the client's side: a timeout, a reset.
type ClientError struct {
	origin error
}

func (e *ClientError) Error() string { return "client: " + e.origin.Error() }
func (*ClientError) HttpStatus() int { return 400 }

// ReplyError is an answer's error with its status.
type ReplyError struct {
	status int
}

func (e *ReplyError) Error() string   { return fmt.Sprintf("reply %d", e.status) }
func (e *ReplyError) HttpStatus() int { return e.status }

// Client calls the API.
type Client struct{ hc *http.Client }

// Do sends one request.
func (c *Client) Do(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return &ClientError{origin: err}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &ServerError{httpStatus: resp.StatusCode, errorCode: resp.Header.Get("X-Code")}
	}
	return nil
}

// Send sends one request; its errors keep the answer's status.
func (c *Client) Send(req *http.Request) error {
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &ReplyError{status: resp.StatusCode}
	}
	return nil
}
