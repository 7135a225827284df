package proxy

import (
	"io"
	"net/http"
	"time"
)

// A reverse proxy's upstream middleware (moonrhythm/parapet#76).
type Upstream struct {
	Transport http.RoundTripper
	Retries   int
	Host      string
}

func (m *Upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want ServeHTTP:`sends\(1, retries\)` ServeHTTP:`resends`
	r.URL.Host = m.Host
	var resp *http.Response
	var err error
	for i := 0; i <= m.Retries; i++ {
		resp, err = m.Transport.RoundTrip(r) // want `retry resends the caller's request whatever its method`
		if err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		http.Error(w, "bad gateway", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

// An outgoing request built with the incoming one's method, in a
// handler function.
func Forward(client *http.Client, target string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i < 3; i++ {
			out, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.Path, r.Body)
			if err != nil {
				return
			}
			if resp, err := client.Do(out); err == nil { // want `retry resends the caller's request whatever its method`
				resp.Body.Close()
				return
			}
			time.Sleep(time.Second)
		}
	})
}

// A request given the incoming method.
func Mirror(client *http.Client, target string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := http.NewRequestWithContext(r.Context(), http.MethodGet, target, nil)
		if err != nil {
			return
		}
		out.Method = r.Method
		for i := 0; i < 3; i++ {
			if _, err := client.Do(out); err == nil { // want `retry resends the caller's request whatever its method`
				return
			}
			time.Sleep(time.Second)
		}
	}
}

// Twin: the fix of parapet#76: a request with a body, or whose method is
// not idempotent, gets one round trip.
type FixedUpstream struct {
	Transport http.RoundTripper
	Retries   int
}

func (m *FixedUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) { // want ServeHTTP:`sends\(1\)`
	retries := m.Retries
	if !canRetry(r) {
		retries = 0
	}
	var err error
	for i := 0; i <= retries; i++ {
		var resp *http.Response
		if resp, err = m.Transport.RoundTrip(r); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	http.Error(w, "bad gateway", http.StatusBadGateway)
}

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

// Twin: the outgoing method is a constant GET whatever the incoming one.
func Probe(client *http.Client, target string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out, err := http.NewRequestWithContext(r.Context(), http.MethodGet, target, nil)
		if err != nil {
			return
		}
		for i := 0; i < 3; i++ {
			if _, err := client.Do(out); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}
}

// Twin: an idempotency key checked with the method, in a handler.
func Keyed(client *http.Client, target string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out := r.Clone(r.Context())
		if !isIdempotent(r.Method) && r.Header.Get("Idempotency-Key") == "" {
			client.Do(out)
			return
		}
		for i := 0; i < 3; i++ {
			if _, err := client.Do(out); err == nil {
				return
			}
			time.Sleep(time.Second)
		}
	}
}

// A clone of the incoming request, resent.
func Clone(client *http.Client, host string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		out := r.Clone(r.Context())
		out.URL.Host, out.RequestURI = host, ""
		for i := 0; i < 3; i++ {
			if _, err := client.Do(out); err == nil { // want `retry resends the caller's request whatever its method`
				return
			}
			time.Sleep(time.Second)
		}
	}
}
