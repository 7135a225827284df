package methodguard

import (
	"log"
	"net/http"
)

func send(method string) error { return nil }

// Predicates of the package.

func isIdempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}

func readOnly(method string) bool { return method == http.MethodGet || method == http.MethodHead }

func unsafe(method string) bool { return !isIdempotent(method) }

var table = map[string]bool{http.MethodGet: true, http.MethodPost: false}

func listed(method string) bool {
	_, ok := table[method]
	return ok
}

func notPatch(method string) bool {
	if method == http.MethodPatch {
		return false
	}
	return true
}

type client struct{ debug bool }

func (c *client) retryable(method string) bool { return method == http.MethodGet }

// Not predicates: a test of something else, a loop.

var strict bool

func flagged(method string) bool {
	if strict {
		return method == http.MethodGet
	}
	return true
}

func looped(method string) bool {
	for _, m := range []string{http.MethodGet} {
		if m == method {
			return true
		}
	}
	return false
}

func early(method string) {
	if !isIdempotent(method) {
		send(method) // want `send not DELETE\|GET\|HEAD\|PUT`
		return
	}
	send(method) // want `send only DELETE\|GET\|HEAD\|PUT`
}

func orReturn(method string) {
	if readOnly(method) {
		send(method) // want `send only GET\|HEAD`
	}
	if unsafe(method) {
		send(method) // want `send not DELETE\|GET\|HEAD\|PUT`
	}
	if listed(method) {
		send(method) // want `send only GET\|POST`
	}
	if notPatch(method) {
		send(method) // want `send not PATCH`
	}
	if flagged(method) || looped(method) {
		send(method) // want `send any`
	}
}

func (c *client) receiver(method string) {
	if c.retryable(method) {
		send(method) // want `send only GET`
	}
}

func countOne(method string) {
	n := 3
	if !isIdempotent(method) {
		n = 1
	}
	for i := 0; i < n; i++ { // want `retried only DELETE\|GET\|HEAD\|PUT`
		if send(method) == nil { // want `send any`
			return
		}
	}
}

func countDirect(method string) {
	n := 3
	if method == http.MethodPost || method == http.MethodPatch {
		n = 1
	}
	for i := 1; i <= n; i++ { // want `retried not PATCH\|POST`
		if send(method) == nil { // want `send any`
			return
		}
	}
}

// Twin: a flag as well as the method chooses the count: a POST gets two
// attempts when fast.
func countElse(method string, fast bool) {
	n := 1
	if readOnly(method) {
		n = 5
	} else if fast {
		n = 2
	}
	for i := 0; i < n; i++ { // want `retried any`
		if send(method) == nil { // want `send any`
			return
		}
	}
}

func countDefault(method string) {
	n := 1
	if readOnly(method) {
		n = 5
	}
	for i := 0; i < n; i++ { // want `retried only GET\|HEAD`
		if send(method) == nil { // want `send any`
			return
		}
	}
}

// Twin: the count of one is not chosen by the method.
func countFlag(method string, fast bool) {
	n := 3
	if fast {
		n = 1
	}
	for i := 0; i < n; i++ { // want `retried any`
		if send(method) == nil { // want `send any`
			return
		}
	}
}

// Twin: the count changes after the loop starts.
func countInside(method string) {
	n := 3
	for i := 0; i < n; i++ { // want `retried any`
		if send(method) == nil { // want `send any`
			return
		}
		if method == http.MethodPost {
			n = 1
		}
	}
}

// Only a GET goes round again: the test after the attempt.
func testedAfter(method string) {
	for i := 0; i < 3; i++ { // want `retried only GET`
		if send(method) == nil || method != http.MethodGet { // want `send any`
			return
		}
	}
}

// Twin: the test after the attempt only logs.
func loggedAfter(method string) {
	for i := 0; i < 3; i++ { // want `retried any`
		if send(method) == nil { // want `send any`
			return
		}
		if method != http.MethodGet {
			log.Print("not idempotent")
		}
	}
}

// Twin: the test only logs.
func logged(method string) {
	if !isIdempotent(method) {
		log.Print("not idempotent")
	}
	send(method) // want `send any`
}

// A request handed to the function: its method, its key header, its
// body.

func resend(r *http.Request) error { return nil }

func canRetry(r *http.Request) bool {
	if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
		return false
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	return false
}

func methodOnly(r *http.Request) bool { return isIdempotent(r.Method) }

// A request with a body is sent once (moonrhythm/parapet#76's fix).
func proxied(r *http.Request) {
	retries := 3
	if !canRetry(r) {
		retries = 0
	}
	for i := 0; i <= retries; i++ { // want `retried none`
		if resend(r) == nil { // want `send any`
			return
		}
	}
}

func proxiedMethod(r *http.Request) {
	if !methodOnly(r) {
		resend(r) // want `send not DELETE\|GET\|HEAD\|PUT`
		return
	}
	resend(r) // want `send only DELETE\|GET\|HEAD\|PUT`
}

func keyed(r *http.Request) {
	if r.Method != http.MethodGet && r.Header.Get("Idempotency-Key") == "" {
		resend(r) // want `send not GET`
		return
	}
	resend(r) // want `send only GET`
}

func bodiless(r *http.Request) {
	if r.ContentLength > 0 {
		resend(r) // want `send any`
		return
	}
	resend(r) // want `send none`
}

// Twins: another header is no key; a switch on the method that lets
// POST through; a rewindable body may be resent.
func otherHeader(r *http.Request) {
	if r.Method != http.MethodGet && r.Header.Get("X-Request-Id") == "" {
		resend(r) // want `send not GET`
		return
	}
	resend(r) // want `send any`
}

func switched(r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodPost:
		resend(r) // want `send only GET\|POST`
	}
}

func rewindable(r *http.Request) {
	if r.Body != nil && r.GetBody == nil {
		resend(r) // want `send any`
		return
	}
	resend(r) // want `send any`
}
