// Command bank records transfers in its database.
package main

import (
	"database/sql"
	"log"
	"net/http"
	"os"

	"github.com/gorilla/mux"

	"example.com/shop/bank/internal/transfers"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	h := transfers.New(db)
	r := mux.NewRouter()
	r.HandleFunc("/transfers", h.Create).Methods(http.MethodPost)
	log.Fatal(http.ListenAndServe(":8080", r))
}
