// Command app syncs an inventory: three retry layers in three packages
// (a loop of 3 in a, backoff.Retry with 5 attempts in b, a retryablehttp
// client with 3 in c), so one request makes up to 3*5*3 = 45 HTTP calls
// when the server is down.
package main

import (
	"context"
	"log"
	"net/http"

	"example.com/chain/a"
)

func main() {
	http.HandleFunc("/sync", handle)
	if err := a.Sync(context.Background(), "http://inventory.internal/items"); err != nil {
		log.Fatal(err)
	}
}

// handle is an HTTP handler: an entry point of its own.
func handle(w http.ResponseWriter, r *http.Request) {
	if err := a.Sync(r.Context(), "http://inventory.internal/items"); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
