package p // want `^\{"pkg":"example.com/inv/p","mod":"example.com/inv","funcs":\[\{"key":"example.com/inv/p.Get","label":"p.Get",[^}]*\},"entry":"exported"\},\{"key":"\(example.com/inv/p.Handler\).ServeHTTP","label":"p.Handler.ServeHTTP",[^}]*\},"entry":"http"\},\{"key":"example.com/inv/p.handle",[^}]*\},"entry":"http"\},\{"key":"\(example.com/inv/p.server\).Fetch",[^}]*\},"entry":"grpc"\},\{"key":"example.com/inv/p.Ping",[^}]*\},"entry":"exported"\},\{"key":"\(example.com/inv/p.FooServer\).Fetch","label":"p.FooServer.Fetch",[^]]*\],"sites":\[\{[^]]*"kind":"loop","name":"retry loop","attempts":3,.*"out":\[\{"key":"o:[^"]*p.go:[0-9:]+","label":"\(\*http.Client\).Do","family":"an HTTP call"`

import (
	"net/http"
	"time"
)

// Get is a retry loop of 3 around an HTTP call: a site, an outbound call
// and an exported entry point.
func Get(url string) error { // want Get:`outbound\(an HTTP call\)`
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(mustReq(url)); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func mustReq(url string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return req
}

// helper reaches nothing: not in the unit.
func helper() int { return 1 }

// Handler is an HTTP handler; handle one that is not exported.
type Handler struct{}

func (Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { _ = Get(r.URL.String()) } // want ServeHTTP:`outbound`

func handle(w http.ResponseWriter, r *http.Request) { _ = Get(r.URL.String()) } // want handle:`outbound`

// FooServer is the shape protoc-gen-go-grpc writes; server implements
// it and is registered.
type FooServer interface {
	Fetch(url string) error // want Fetch:`outbound\(an HTTP call\)`
	mustEmbedUnimplementedFooServer()
}

type server struct{}

func (server) Fetch(url string) error { return Get(url) } // want Fetch:`outbound`

func (server) mustEmbedUnimplementedFooServer() {}

func RegisterFooServer(s any, srv FooServer) {}

func init() { RegisterFooServer(nil, server{}) }

// Ping calls out once: no retry, an outbound fact.
func Ping(url string) error { // want Ping:`outbound\(an HTTP call\)`
	_, err := http.Head(url)
	return err
}
