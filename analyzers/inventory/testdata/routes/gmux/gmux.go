// Package gmux registers handlers on a gorilla/mux router: methods and
// paths chained on the route, a subrouter with a prefix.
package gmux // want "."

import (
	"net/http"

	"github.com/gorilla/mux"
)

func Routes() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/users/{id}", getUser).Methods("GET")
	api := r.PathPrefix("/api").Subrouter()
	api.HandleFunc("/users/{id:[0-9]+}", updateUser).Methods(http.MethodPut)
	r.Methods("POST").Path("/users").HandlerFunc(createUser)
	r.PathPrefix("/static/").Handler(http.HandlerFunc(static))
	r.HandleFunc("/search", search).Methods("GET", "POST")
	return r
}

func getUser(w http.ResponseWriter, r *http.Request) {} // serves: GET /users/{id}

func updateUser(w http.ResponseWriter, r *http.Request) {} // serves: PUT /api/users/{id}

func createUser(w http.ResponseWriter, r *http.Request) {} // serves: POST /users

func static(w http.ResponseWriter, r *http.Request) {} // serves: /static/{rest...}

// search takes two methods: the route is left out rather than guessed.
func search(w http.ResponseWriter, r *http.Request) {} // serves: -
