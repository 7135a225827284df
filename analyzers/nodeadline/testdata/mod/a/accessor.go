package a

import (
	"net/http"
	"time"
)

// A client field returned by an unexported accessor is judged like the
// field: every caller of the accessor is in sight.

type inventory struct {
	base string
	http *http.Client
}

func newInventory(base string) *inventory { return &inventory{base: base, http: &http.Client{}} }

func (s *inventory) client() *http.Client { return s.http }

func (s *inventory) refresh() error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("GET", s.base+"/items", nil)
		var resp *http.Response
		if resp, err = s.client().Do(req); err == nil { // want `s.client\(\).Do sends a request with no deadline on a client made without Timeout: every attempt of the retry loop in [\w.]+ can wait forever`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: a caller of the accessor sets the Timeout on what it gets, and
// an exported accessor hands the client to importers.

type timedInventory struct {
	base string
	http *http.Client
}

func newTimedInventory(base string) *timedInventory {
	s := &timedInventory{base: base, http: &http.Client{}}
	s.client().Timeout = 10 * time.Second
	return s
}

func (s *timedInventory) client() *http.Client { return s.http }

func (s *timedInventory) refresh() error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("GET", s.base+"/items", nil)
		var resp *http.Response
		if resp, err = s.client().Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

type SharedInventory struct {
	base string
	http *http.Client
}

func NewSharedInventory(base string) *SharedInventory {
	return &SharedInventory{base: base, http: &http.Client{}}
}

// Client lets importers tune the client.
func (s *SharedInventory) Client() *http.Client { return s.http }

func (s *SharedInventory) Refresh() error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("GET", s.base+"/items", nil)
		var resp *http.Response
		if resp, err = s.Client().Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client in an exported package variable is judged, in a retry
// attempt, by the package's writes, like an exported field.
var WebhookClient = &http.Client{}

func notify(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", url, nil)
		var resp *http.Response
		if resp, err = WebhookClient.Do(req); err == nil { // want `WebhookClient.Do sends a request with no deadline on a client made without Timeout: every attempt of the retry loop in [\w.]+ can wait forever`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Outside a retry it stays quiet: an importer may replace it.
func notifyOnce(url string) error {
	req, _ := http.NewRequest("POST", url, nil)
	resp, err := WebhookClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: the package's init gives it a Timeout.
var AlertClient = &http.Client{}

func init() { AlertClient.Timeout = 5 * time.Second }

func alert(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", url, nil)
		var resp *http.Response
		if resp, err = AlertClient.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
