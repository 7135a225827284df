package later // want `^\{"pkg":"example.com/inv/later","mod":"example.com/inv","funcs":\[\{"key":"lit:[^"]*later.go:12:9","label":"later.Interceptor \(func literal\)"[^]]*\}\],"sites":\[\{"id":"s:[^"]*later.go:14:3".*"attempts":3,.*"edges":\[\{"from":"lit:[^"]*later.go:12:9","to":"s:[^"]*later.go:14:3"\},\{"from":"s:[^"]*later.go:14:3","to":"o:[^"]*later.go:15:16"\}\]\}$`

import (
	"net/http"
	"time"
)

// Interceptor returns a retrying function for others to call later (a
// gRPC interceptor's shape): the retry is in the inventory, under the
// literal, and Interceptor neither retries nor calls out.
func Interceptor() func(url string) error {
	return func(url string) error {
		var err error
		for i := 0; i < 3; i++ {
			if _, err = http.Head(url); err == nil {
				return nil
			}
			time.Sleep(time.Second)
		}
		return err
	}
}
