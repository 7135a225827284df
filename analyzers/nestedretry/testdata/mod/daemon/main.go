// Command daemon syncs at start-up and serves a resync endpoint: the
// same nested retry is per run where only main reaches it, per request
// where a handler does.
package main

import (
	"log"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var client = retryablehttp.NewClient()

// warm runs once, from main.
func warm() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.Client.Get \(5 attempts\), which retries again: up to 15 calls per run \(3x5 via retryablehttp.Client.Get\)`
		var resp *http.Response
		if resp, err = client.Get("http://config/warm"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// resync runs at start-up and on every request to /resync.
func resync() error {
	var err error
	for i := 0; i < 2; i++ { // want `retry loop \(2 attempts\) wraps retryablehttp.Client.Get \(5 attempts\), which retries again: up to 10 calls per request \(2x5 via retryablehttp.Client.Get\)`
		var resp *http.Response
		if resp, err = client.Get("http://config/all"); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// watch and rewatch call each other; only the goroutine main starts
// enters them: per run.
func watch(again bool) error {
	var err error
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) wraps retryablehttp.Client.Get \(5 attempts\), which retries again: up to 20 calls per run \(4x5 via retryablehttp.Client.Get\)`
		var resp *http.Response
		if resp, err = client.Get("http://config/watch"); err == nil {
			resp.Body.Close()
			if again {
				return rewatch()
			}
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func rewatch() error { return watch(false) }

func main() {
	go watch(true)
	if err := warm(); err != nil {
		log.Fatal(err)
	}
	if err := resync(); err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/resync", func(w http.ResponseWriter, r *http.Request) {
		if err := resync(); err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
		}
	})
	log.Fatal(http.ListenAndServe(":8080", nil))
}
