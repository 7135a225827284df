package lit // want `^\{"pkg":"example.com/inv/lit","mod":"example.com/inv","funcs":\[\{"key":"example.com/inv/lit.Now",[^]]*"entry":"exported"\}\],"out":\[\{[^]]*"label":"http.Head"[^]]*\}\],"edges":\[\{"from":"example.com/inv/lit.Now","to":"o:[^"]*lit.go:9:13"\}\]\}$`

import "net/http"

// Now calls its function literal in place: the literal's outbound call
// is Now's.
func Now(url string) error { // want Now:`outbound\(an HTTP call\)`
	return func() error {
		_, err := http.Head(url)
		return err
	}()
}

// Install returns a function literal that someone else calls later (a
// gRPC interceptor, a handler, a hook): its calls are not Install's.
func Install() func(url string) error {
	return func(url string) error {
		_, err := http.Head(url)
		return err
	}
}

// Hooks keeps a function literal in a struct for later.
type Hooks struct{ OnFail func(url string) error }

func NewHooks() Hooks {
	return Hooks{OnFail: func(url string) error {
		_, err := http.Head(url)
		return err
	}}
}
