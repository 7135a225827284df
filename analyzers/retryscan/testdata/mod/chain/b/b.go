// Package b is the middle of the chain: it calls c without retrying.
package b

import "example.com/retryscantest/chain/c"

// Load calls c.Get.
func Load() error { // want `retrier\(5 via c.Get -> backoff.Retry\)`
	return c.Get() // want `site retrier "c.Get" 5 attempts`
}

// Twice hands its operation to c's wrapper: a wrapper itself.
func Twice(f func() error) error { // want `wrapper\(param=0, 3 attempts via c.Do\)` `retrier\(3 via c.Do\)`
	return c.Do(f) // want `site wrapper "c.Do" 3 attempts`
}
