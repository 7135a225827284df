package a

import (
	"net/http"
	"time"
)

// A client kept in an exported field is judged inside a retry attempt by
// the package's writes: what NewSyncer makes is what callers get.

type Syncer struct {
	URL  string
	HTTP *http.Client
}

func NewSyncer(url string) *Syncer { return &Syncer{URL: url, HTTP: &http.Client{}} } // want NewSyncer:`noTimeout\(HTTP\)`

func (s *Syncer) Sync() error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("GET", s.URL, nil)
		var resp *http.Response
		if resp, err = s.HTTP.Do(req); err == nil { // want `s.HTTP.Do sends a request with no deadline on a client made without Timeout: every attempt of the retry loop in [\w.]+ can wait forever`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Outside a retry the same field stays quiet: an importer may set it.
func (s *Syncer) SyncOnce() error {
	req, _ := http.NewRequest("GET", s.URL, nil)
	resp, err := s.HTTP.Do(req) // ok: an exported field, no retry
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: the constructor gives the client a Timeout.

type TimedSyncer struct {
	URL  string
	HTTP *http.Client
}

func NewTimedSyncer(url string) *TimedSyncer {
	return &TimedSyncer{URL: url, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

func (s *TimedSyncer) Sync() error {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("GET", s.URL, nil)
		var resp *http.Response
		if resp, err = s.HTTP.Do(req); err == nil { // ok: Timeout
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: the caller hands the client in, or the package sets its Timeout
// through the field later.

type GivenSyncer struct {
	URL  string
	HTTP *http.Client
}

func NewGivenSyncer(url string, c *http.Client) *GivenSyncer { return &GivenSyncer{URL: url, HTTP: c} }

func NewTunedSyncer(url string) *GivenSyncer {
	s := &GivenSyncer{URL: url, HTTP: &http.Client{}}
	s.HTTP.Timeout = 5 * time.Second
	return s
}

func (s *GivenSyncer) Sync() error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = s.HTTP.Get(s.URL); err == nil { // ok: the caller's client, or one with Timeout
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// An unexported package variable has every write in sight.

var bareClient = &http.Client{}

func pollBare(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = bareClient.Get(url); err == nil { // want `bareClient.Get sends a request with no context on a client made without Timeout`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A package variable given a Timeout in init is quiet. An exported one
// importers may set is judged in the attempt by the package's own write,
// like an exported field: what the package gives is what callers get
// unless they replace it (accessor.go has its twin, set in init).

var initTunedClient = &http.Client{}

func init() { initTunedClient.Timeout = 5 * time.Second }

var SharedClient = &http.Client{}

func pollTuned(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = initTunedClient.Get(url); err == nil { // ok: Timeout set in init
			return resp.Body.Close()
		}
		if resp, err = SharedClient.Get(url); err == nil { // want `SharedClient.Get sends a request with no context on a client made without Timeout: every attempt of the retry loop in [\w.]+ can wait forever`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
