// Package quiet has a retry loop around an HTTP call; the inventory with
// its default settings reports nothing and exports nothing.
package quiet

import (
	"net/http"
	"time"
)

func Get(url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = http.Get(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
