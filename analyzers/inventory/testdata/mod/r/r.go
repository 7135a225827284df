package r // want `"funcs":\[\{"key":"\(\*example.com/inv/r.client\).Fetch".*\{"key":"\(example.com/inv/r.Fetcher\).Fetch","label":"r.Fetcher.Fetch".*"edges":\[.*\{"from":"\(example.com/inv/r.Fetcher\).Fetch","to":"\(\*example.com/inv/r.client\).Fetch"\}\]`

import "net/http"

// Fetcher is implemented here by client, which calls out: a call through
// Fetcher reaches an HTTP call.
type Fetcher interface {
	Fetch(url string) error // want Fetch:`outbound\(an HTTP call\)`
}

type client struct{}

func (*client) Fetch(url string) error { // want Fetch:`outbound\(an HTTP call\)`
	_, err := http.Head(url)
	return err
}

// New returns the package's Fetcher.
func New() Fetcher { return &client{} }

// Quiet is an interface no type here implements: no fact.
type Quiet interface{ Close() error }
