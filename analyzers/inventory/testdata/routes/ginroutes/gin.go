// Package ginroutes registers handlers on gin, with a group and
// middleware before the handler.
package ginroutes // want "."

import "github.com/gin-gonic/gin"

func Routes() *gin.Engine {
	r := gin.New()
	r.GET("/items/:id", getItem)
	v1 := r.Group("/v1")
	v1.POST("/items", auth, createItem)
	v1.Handle("PUT", "/items/:id", putItem)
	r.GET("/assets/*filepath", assets)
	return r
}

func getItem(c *gin.Context) {} // serves: GET /items/{id}

func createItem(c *gin.Context) {} // serves: POST /v1/items

func putItem(c *gin.Context) {} // serves: PUT /v1/items/{id}

func assets(c *gin.Context) {} // serves: GET /assets/{filepath...}

func auth(c *gin.Context) {} // serves: -
