// Package chiroutes registers handlers on a chi router, with nested
// routes and middleware.
package chiroutes // want "."

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

func Routes() http.Handler {
	r := chi.NewRouter()
	r.Get("/accounts/{id}", getAccount)
	r.Route("/api/v1", func(r chi.Router) {
		r.Post("/transfers", createTransfer)
		r.With(logged).Get("/transfers/{id:[0-9]+}", getTransfer)
		r.Method(http.MethodPut, "/limits/{id}", http.HandlerFunc(putLimit))
	})
	r.Handle("PATCH /flags/*", http.HandlerFunc(patchFlags))
	r.Mount("/debug", debug())
	return r
}

func debug() http.Handler {
	r := chi.NewRouter()
	r.Get("/vars", vars) // mounted at /debug above
	return r
}

func getAccount(w http.ResponseWriter, r *http.Request) {} // serves: GET /accounts/{id}

func createTransfer(w http.ResponseWriter, r *http.Request) {} // serves: POST /api/v1/transfers

func getTransfer(w http.ResponseWriter, r *http.Request) {} // serves: GET /api/v1/transfers/{id}

func putLimit(w http.ResponseWriter, r *http.Request) {} // serves: PUT /api/v1/limits/{id}

func patchFlags(w http.ResponseWriter, r *http.Request) {} // serves: PATCH /flags/{rest...}

func vars(w http.ResponseWriter, r *http.Request) {} // serves: GET /debug/vars

func logged(next http.Handler) http.Handler { return next }
