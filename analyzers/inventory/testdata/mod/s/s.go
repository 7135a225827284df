package s // want `"sites":\[\{[^]]*"kind":"loop".*"out":\[\{"key":"x:\(example.com/inv/r.Fetcher\).Fetch","label":"r.Fetcher.Fetch","family":"an HTTP call".*\{"from":"s:[^"]*s.go:[0-9:]+","to":"\(example.com/inv/r.Fetcher\).Fetch"\},\{"from":"s:[^"]*","to":"x:\(example.com/inv/r.Fetcher\).Fetch"\}`

import (
	"time"

	"example.com/inv/r"
)

// Sync retries a call through the r.Fetcher interface: an edge to the
// interface method, and the outbound node that stands for it when r is
// not in the report.
func Sync(f r.Fetcher, url string) error { // want Sync:`outbound`
	var err error
	for i := 0; i < 3; i++ {
		if err = f.Fetch(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
