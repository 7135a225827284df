package a

import (
	"net/http"
	"testing"
)

func TestGet(t *testing.T) {
	http.Get("http://example.com") // ok: test files are skipped by default
}
