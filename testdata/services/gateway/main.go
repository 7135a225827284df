// Command gateway is the edge of the four-service example: it takes a
// checkout and places the order with the orders service over HTTP,
// trying 3 times. Down the line orders retries the ledger, the ledger
// the bank and the bank its database, so one checkout can turn into
// 3^5 = 243 writes to the database when it is down.
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
