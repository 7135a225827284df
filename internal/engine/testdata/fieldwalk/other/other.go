// Package other is code the engine of package fieldwalk does not see.
package other

import "net/http"

// Instrument may set the client's Transport: the engine of its callers
// cannot tell.
func Instrument(c *http.Client) { c.Transport = http.DefaultTransport }
