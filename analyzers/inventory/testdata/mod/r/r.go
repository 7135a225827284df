package r // want `"funcs":\[\{"key":"\(\*example.com/inv/r.client\).Fetch".*\{"key":"\(example.com/inv/r.Fetcher\).Fetch","label":"r.Fetcher.Fetch".*"edges":\[.*\{"from":"\(example.com/inv/r.Fetcher\).Fetch","to":"\(\*example.com/inv/r.client\).Fetch"\}\]`

import (
	"fmt"
	"net/http"
)

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

// Named embeds fmt.Stringer, whose String the client implements with a
// call out: the fact goes on Fetch alone, String is fmt's.
type Named interface {
	Fetcher
	fmt.Stringer
}

func (c *client) String() string { // want String:`outbound\(an HTTP call\)`
	_ = c.Fetch("http://example.com/name")
	return "client"
}
