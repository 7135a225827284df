// Package flagged is checked with -retry-only and -tests.
package flagged

import (
	"net/http"
	"time"
)

func once() {
	http.Get("http://example.com") // ok: -retry-only
}

func retried() error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = http.Get("http://example.com"); err == nil { // want `every attempt of the retry loop in [\w.]+ can wait forever`
			break
		}
		time.Sleep(time.Second)
	}
	return err
}
