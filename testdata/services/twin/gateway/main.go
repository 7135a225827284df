// Command gateway is the edge of the negative twin of the four-service
// example: the same calls as ../../gateway, but only the bank, at the
// edge to the database, retries. Every call between the services is made
// once per request: 1x at each boundary, and 3 writes to the database
// at most.
package main

import (
	"log"
	"net/http"
	"os"
	"time"

	"example.com/shop/gateway/internal/checkout"
)

func main() {
	h := checkout.New(os.Getenv("ORDERS_URL"), &http.Client{Timeout: 10 * time.Second})
	mux := http.NewServeMux()
	mux.HandleFunc("POST /checkout/{cart}", h.Checkout)
	log.Fatal(http.ListenAndServe(":8080", mux))
}
