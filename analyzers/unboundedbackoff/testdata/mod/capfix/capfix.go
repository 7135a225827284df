package capfix

import (
	"example.com/unboundedbackofftest/remote"
	"time"
)

func op() error { return remote.Call() }

// The growth statement is rewritten to clamp the variable itself.
func doubling() {
	d := time.Second
	for { // want `retry loop has no attempt limit`
		if err := op(); err == nil {
			return
		}
		time.Sleep(d) // want `retry delay has no jitter`
		d *= 2        // want `retry delay doubles each attempt with no cap \(wait at line 17\): after 7 failures it waits 1m4s and keeps growing`
	}
}

func assigned() {
	d := time.Second
	for { // want `retry loop has no attempt limit`
		if err := op(); err == nil {
			return
		}
		time.Sleep(d) // want `no jitter`
		d = d * 2     // want `retry delay doubles each attempt with no cap`
	}
}

// base << attempt gets no fix: clamping the wait would still let the
// shift overflow.
func shifted() {
	for attempt := 0; ; attempt++ { // want `retry loop has no attempt limit`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second << attempt) // want `retry delay doubles each attempt with no cap` `no jitter`
	}
}
