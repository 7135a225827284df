// Command orders places orders: for each it debits the ledger over gRPC.
package main

import (
	"log"
	"net/http"
	"os"

	"github.com/go-chi/chi/v5"

	"example.com/shop/orders/internal/place"
)

func main() {
	h, err := place.Dial(os.Getenv("LEDGER_ADDR"))
	if err != nil {
		log.Fatal(err)
	}
	r := chi.NewRouter()
	r.Post("/orders/{id}", h.Place)
	log.Fatal(http.ListenAndServe(":8080", r))
}
