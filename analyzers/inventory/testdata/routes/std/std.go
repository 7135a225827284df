// Package std registers handlers on net/http's ServeMux with Go 1.22
// patterns. Each handler says, in a comment on its line, the routes the
// inventory must read for it ("serves: A | B", "serves: -" for none);
// TestRoutes checks them.
package std // want "."

import (
	"net/http"
	"os"
)

type Server struct{}

func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /orders/{id}", s.getOrder)
	mux.HandleFunc("POST /orders/{id}/items", s.addItem)
	mux.Handle("DELETE /orders/{id}", http.HandlerFunc(s.cancel))
	mux.Handle("/admin/", auth(http.HandlerFunc(s.admin)))
	mux.Handle("ledger.internal/healthz", health{})
	mux.HandleFunc("PUT /carts/{id...}", func(w http.ResponseWriter, r *http.Request) {}) // serves: PUT /carts/{id...}
	mux.HandleFunc(os.Getenv("EXTRA_ROUTE"), s.extra)
	http.HandleFunc("/legacy", legacy)
	http.HandleFunc("GET /{$}", s.home)
}

func (s *Server) getOrder(w http.ResponseWriter, r *http.Request) {} // serves: GET /orders/{id}

func (s *Server) addItem(w http.ResponseWriter, r *http.Request) {} // serves: POST /orders/{id}/items

func (s *Server) cancel(w http.ResponseWriter, r *http.Request) {} // serves: DELETE /orders/{id}

func (s *Server) admin(w http.ResponseWriter, r *http.Request) {} // serves: /admin/

// extra's pattern comes from the environment: no route is read for it.
func (s *Server) extra(w http.ResponseWriter, r *http.Request) {} // serves: -

func (s *Server) home(w http.ResponseWriter, r *http.Request) {} // serves: GET /{$}

func legacy(w http.ResponseWriter, r *http.Request) {} // serves: /legacy

type health struct{}

func (health) ServeHTTP(w http.ResponseWriter, r *http.Request) {} // serves: ledger.internal/healthz

func auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { next.ServeHTTP(w, r) })
}
