// Package fieldwalk is the fixture of TestFieldWalk: every call of use
// (useRT) reports what FieldValues finds in the field it names (the concrete
// types it may hold), every call of constOf the constant ConstOf finds.
package fieldwalk

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"example.com/fieldwalktest/other"
)

func use(c *http.Client, field string)                   {}
func useRT(rt *retryablehttp.RoundTripper, field string) {}

type retryT struct{ base http.RoundTripper }

func (t *retryT) RoundTrip(req *http.Request) (*http.Response, error) { return t.base.RoundTrip(req) }

func literal() {
	c := &http.Client{Transport: &retryT{}}
	use(c, "Transport") // want `values \*retryT$`
}

func assigned() {
	c := &http.Client{Timeout: time.Second}
	c.Transport = &retryablehttp.RoundTripper{}
	use(c, "Transport") // want `values \*retryablehttp.RoundTripper$`
}

// Set by a function of the package the client is handed to.
func setTransport(c *http.Client) { c.Transport = &retryablehttp.RoundTripper{} }

func byHelper() {
	c := &http.Client{}
	setTransport(c)
	use(c, "Transport") // want `values \*retryablehttp.RoundTripper$`
}

// Twin: the helper sets a plain transport.
func setPlain(c *http.Client) { c.Transport = &http.Transport{} }

func byPlainHelper() {
	c := &http.Client{Transport: &retryT{}}
	setPlain(c)
	use(c, "Transport") // want `values \*http.Transport \*retryT$`
}

// A client variable's address handed to a helper, two calls down.
func configure(c *http.Client) { setTransport(c) }

func byAddress() {
	var c http.Client
	configure(&c)
	use(&c, "Transport") // want `values \*retryablehttp.RoundTripper$`
}

// A helper that sets the field and returns the client it was given.
func withRetry(c *http.Client) *http.Client {
	c.Transport = &retryT{}
	return c
}

func returnedByHelper() {
	c := withRetry(&http.Client{})
	use(c, "Transport") // want `values \*retryT$`
}

// A constructor's client set by another helper of the caller.
func newClient() *http.Client { return &http.Client{Timeout: time.Second} }

func constructed() {
	c := newClient()
	setTransport(c)
	use(c, "Transport") // want `values \*retryablehttp.RoundTripper$`
}

// A closure sharing the client.
func inClosure() {
	c := &http.Client{}
	set := func() { c.Transport = &retryT{} }
	set()
	use(c, "Transport") // want `values \*retryT$`
}

// A copy of another client given its own transport at once.
func copied(base *http.Client) {
	c := *base
	c.Timeout = time.Second
	c.Transport = &retryT{base: base.Transport}
	use(&c, "Transport") // want `values \*retryT$`
}

// Twins: a copy keeping the other client's transport, or sending with it
// before it is replaced, is out of sight.
func copiedAsIs(base *http.Client) {
	c := *base
	use(&c, "Transport") // want `out of sight$`
}

func copiedUsedFirst(base *http.Client, req *http.Request) {
	c := *base
	_, _ = c.Do(req)
	c.Transport = &retryT{}
	use(&c, "Transport") // want `out of sight$`
}

// A helper that calls itself, the client another of its parameters.
func setEither(a, b *http.Client, n int) {
	if n > 0 {
		setEither(b, a, n-1)
		return
	}
	b.Transport = &retryT{}
}

func recursive() {
	c := &http.Client{}
	setEither(c, &http.Client{}, 1)
	use(c, "Transport") // want `values \*retryT$`
}

// The client's own methods keep its Transport.
func ownMethods(req *http.Request) {
	c := &http.Client{Transport: &retryT{}}
	c.CloseIdleConnections()
	_, _ = c.Do(req)
	use(c, "Transport") // want `values \*retryT$`
}

// Twins: handed to code out of sight, the Transport is unknown.
func toOtherPackage() {
	c := &http.Client{Transport: &retryT{}}
	other.Instrument(c)
	use(c, "Transport") // want `out of sight$`
}

func toOtherStruct() {
	c := &http.Client{Transport: &retryT{}}
	rc := retryablehttp.NewClient()
	rc.HTTPClient = c
	use(c, "Transport") // want `out of sight$`
}

func inMap(m map[string]*http.Client) {
	c := &http.Client{Transport: &retryT{}}
	m["a"] = c
	use(c, "Transport") // want `out of sight$`
}

func fieldAddress(set func(*http.RoundTripper)) {
	c := &http.Client{Transport: &retryT{}}
	set(&c.Transport)
	use(c, "Transport") // want `out of sight$`
}

func param(c *http.Client) {
	use(c, "Transport") // want `out of sight$`
}

// A transport held as an interface by the client keeps its Client field.
func heldTransport() {
	rt := &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
	c := &http.Client{Transport: rt}
	use(c, "Transport") // want `values \*retryablehttp.RoundTripper$`
	useRT(rt, "Client") // want `values \*retryablehttp.Client$`
}

// Twin: a transport asserted back from an interface may be written.
func asserted(t http.RoundTripper) {
	rt := &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
	var held http.RoundTripper = rt
	if r, ok := held.(*retryablehttp.RoundTripper); ok {
		r.Client = nil
	}
	useRT(rt, "Client") // want `out of sight$`
}

// A configuration kept in a package variable, set whole.
type retryConfig struct {
	MaxRetries int
	Backoff    time.Duration
}

func constOf(v int) {}

var defaultCfg = retryConfig{MaxRetries: 5}

var tuned, fromJSON, reset, zeroed, loaded, checked retryConfig

func loadConfig() retryConfig { return retryConfig{} }

func check() {}

func setMax(c *retryConfig) { c.MaxRetries = 7 }

func init() {
	var c retryConfig
	setMax(&c)
	tuned = c

	var j retryConfig
	_ = json.Unmarshal([]byte(`{"MaxRetries": 9}`), &j)
	fromJSON = j

	r := retryConfig{MaxRetries: 2}
	r = retryConfig{Backoff: time.Second}
	reset = r

	z := retryConfig{}
	z.MaxRetries = 4
	zeroed = z

	loaded = loadConfig()
	loaded.MaxRetries = 6

	checked = loadConfig()
	check()
	checked.MaxRetries = 6
}

func consts() {
	constOf(defaultCfg.MaxRetries) // want `const 5$`
	constOf(tuned.MaxRetries)      // want `const 7$`
	constOf(zeroed.MaxRetries)     // want `const 4$`
	constOf(loaded.MaxRetries)     // want `const 6$`
	// Twins: written by reflection; reset to zero by a literal leaving
	// the field out; a field no literal names; set from a call, and
	// again after another call that may read it.
	constOf(fromJSON.MaxRetries)     // want `no const$`
	constOf(reset.MaxRetries)        // want `no const$`
	constOf(int(defaultCfg.Backoff)) // want `no const$`
	constOf(checked.MaxRetries)      // want `no const$`
}
