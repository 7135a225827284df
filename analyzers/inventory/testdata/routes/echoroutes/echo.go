// Package echoroutes registers handlers on echo, with a group.
package echoroutes // want "."

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func Routes() *echo.Echo {
	e := echo.New()
	e.GET("/users/:id", getUser)
	g := e.Group("/admin")
	g.POST("/users", createUser)
	g.Add(http.MethodDelete, "/users/:id", deleteUser)
	e.GET("/files/*", files)
	return e
}

func getUser(c echo.Context) error { return nil } // serves: GET /users/{id}

func createUser(c echo.Context) error { return nil } // serves: POST /admin/users

func deleteUser(c echo.Context) error { return nil } // serves: DELETE /admin/users/{id}

func files(c echo.Context) error { return nil } // serves: GET /files/{rest...}
