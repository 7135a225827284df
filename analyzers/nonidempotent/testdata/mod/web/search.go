package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// A client of an admin API whose create calls are POSTs; the server
// refuses a port in use with "port_unavailable".
type admin struct {
	hc   *http.Client
	base string
}

type dbConfig struct {
	Name string `json:"name"`
	Port int    `json:"port"`
}

func (a *admin) request(ctx context.Context, method, path string, body any) error { // want request:`nonidempotent\(an HTTP request, method of argument 2\)`
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return fmt.Errorf("request: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	return nil
}

func (a *admin) createFromMap(ctx context.Context, cfg map[string]any) error { // want createFromMap:`nonidempotent\(an HTTP POST via admin.request\)`
	return a.request(ctx, "POST", "/databases", map[string]any{"config": cfg})
}

func (a *admin) create(ctx context.Context, cfg dbConfig) error { // want create:`nonidempotent\(an HTTP POST via admin.request\)`
	return a.request(ctx, "POST", "/databases", cfg)
}

func portUnavailable(err error) bool {
	return err != nil && strings.Contains(err.Error(), "port_unavailable")
}

// A search for a free port: every round asks for the next port, so no
// round repeats the request of another. The function still sends a POST
// when it is called.
func (a *admin) createWithPortSearch(ctx context.Context, cfg map[string]any, port, max int) error { // want createWithPortSearch:`nonidempotent\(an HTTP POST via admin.createFromMap -> admin.request\)`
	for attempt := 0; attempt < max; attempt++ {
		cfg["port"] = port
		err := a.createFromMap(ctx, cfg)
		if err == nil {
			return nil
		}
		if !portUnavailable(err) {
			return err
		}
		port++
	}
	return errors.New("no free port")
}

// The same with the port in a field of a struct passed by value,
// stepped in place.
func (a *admin) createConfigWithPortSearch(ctx context.Context, cfg dbConfig, max int) error { // want createConfigWithPortSearch:`nonidempotent\(an HTTP POST via admin.create -> admin.request\)`
	for attempt := 0; attempt < max; attempt++ {
		if err := a.create(ctx, cfg); err == nil || !portUnavailable(err) {
			return err
		}
		cfg.Port++
	}
	return errors.New("no free port")
}

// Twin: a name made from the loop's own counter. The counter does not
// count as a change (attempt numbers are handed on for logging), so this
// stays a retry of a POST.
func (a *admin) createNumbered(ctx context.Context, cfg dbConfig) error {
	for i := 1; i <= 3; i++ {
		if err := a.create(ctx, dbConfig{Name: fmt.Sprintf("%s-%d", cfg.Name, i), Port: cfg.Port}); err == nil { // want `retry wraps admin.create, which sends an HTTP POST`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("no free port")
}

// A retry of the search is a retry of a POST.
func (a *admin) retrySearch(ctx context.Context, cfg map[string]any) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = a.createWithPortSearch(ctx, cfg, 8000, 10); err == nil { // want `retry wraps admin.createWithPortSearch, which sends an HTTP POST`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: the same request each round, with a fixed delay.
func (a *admin) createRetry(ctx context.Context, cfg map[string]any) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = a.createFromMap(ctx, cfg); err == nil { // want `retry wraps admin.createFromMap, which sends an HTTP POST`
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Twin: the counter only reaches the log; the request is the same.
func (a *admin) createLogged(ctx context.Context, cfg dbConfig) error {
	var err error
	tries := 0
	for attempt := 0; attempt < 5; attempt++ {
		tries++
		fmt.Printf("attempt %d\n", tries)
		if err = a.create(ctx, cfg); err == nil { // want `retry wraps admin.create, which sends an HTTP POST`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Missed on purpose (retryscan's limit): the port moves only when the
// server says it is taken, and any other failure, a timeout included,
// sends the same request again. The recognizer reads the syntax and
// counts a change made on some rounds as a change, so this is a search,
// not a retry, and the function gets the POST as its effect.
func (a *admin) createSometimes(ctx context.Context, cfg map[string]any, port int) error { // want createSometimes:`nonidempotent\(an HTTP POST via admin.createFromMap -> admin.request\)`
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		cfg["port"] = port
		if err = a.createFromMap(ctx, cfg); err == nil {
			return nil
		}
		if portUnavailable(err) {
			port++
		}
		time.Sleep(time.Second)
	}
	return err
}
