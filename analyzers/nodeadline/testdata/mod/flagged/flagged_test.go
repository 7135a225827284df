package flagged

import (
	"net/http"
	"testing"
	"time"
)

func TestRetried(t *testing.T) {
	for i := 0; i < 3; i++ {
		if _, err := http.Get("http://example.com"); err == nil { // want `every attempt of the retry loop in [\w.]+ can wait forever`
			break
		}
		time.Sleep(time.Second)
	}
}
