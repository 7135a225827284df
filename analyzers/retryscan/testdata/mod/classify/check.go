package classify

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/cenkalti/backoff/v4"
	"google.golang.org/grpc/codes"
)

// Checkers: handed a response or a status, they return an error for the
// statuses they refuse. Their fact's table says where the error is not
// nil (yes) and where it is (no), for the responses only.

// CheckResponse refuses every status but 2xx.
func CheckResponse(resp *http.Response) error { // want `checker\(200=no 404=yes 503=yes\)`
	if resp.StatusCode/100 == 2 {
		return nil
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}

// CheckServer refuses 5xx and 429 alone.
func CheckServer(code int) error { // want `checker\(200=no 404=no 503=yes\)`
	if code >= 500 || code == http.StatusTooManyRequests {
		return &APIError{StatusCode: code}
	}
	return nil
}

// CheckPermanent makes 4xx permanent: what backoff is told is more than
// an error, and the table leaves it unknown.
func CheckPermanent(resp *http.Response) error { // want `checker\(200=no 503=yes\)`
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode < 500:
		return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
	}
	return fmt.Errorf("status %d", resp.StatusCode)
}

// Refused decides at run time: CheckPolicy's answer cannot be read, and
// it has no fact.
var Refused func(*http.Response) bool

func CheckPolicy(resp *http.Response) error {
	if Refused(resp) {
		return errors.New("refused")
	}
	return nil
}

// CheckErr is handed the outcome's error too: no checker, no fact.
func CheckErr(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	return CheckResponse(resp)
}

// checkLocal is not exported: its own package reads its body.
func checkLocal(resp *http.Response) error {
	return CheckResponse(resp)
}

var _ = checkLocal

// An integer not named like a status is no status: no fact, even with
// numbers in the range of statuses in the body.
func Resize(size int) error {
	if size > 512 {
		return fmt.Errorf("size %d over 512", size)
	}
	return nil
}

// Nor is a gRPC code, which a classifier reads as a code.
func CodeErr(code codes.Code) error {
	if code == codes.OK {
		return nil
	}
	return fmt.Errorf("code %v", code)
}
