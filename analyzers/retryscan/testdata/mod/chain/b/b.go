// Package b is the middle of the chain: it calls c without retrying.
package b

import "example.com/retryscantest/chain/c"

// Load calls c.Get.
func Load() error { // want `retrier\(5 via c.Get -> backoff.Retry\)`
	return c.Get() // want `site retrier "c.Get" 5 attempts`
}

// Twice hands its operation to c's wrapper: a wrapper itself.
func Twice(f func() error) error { // want `wrapper\(param=0, 3 attempts via c.Do, ignores ctx\)` `retrier\(3 via c.Do\)`
	return c.Do(f) // want `site wrapper "c.Do" 3 attempts`
}

// Five calls c's counting wrapper with a constant: five attempts.
func Five(f func() error) error { // want `wrapper\(param=0, 5 attempts via c.DoN, ignores ctx\)` `retrier\(5 via c.DoN\)`
	return c.DoN(5, f) // want `site wrapper "c.DoN" 5 attempts`
}

const retries = 2

// Retried counts retries: 2 after the first attempt make 3.
func Retried(f func() error) error { // want `wrapper\(param=0, 3 attempts via c.DoRetries, ignores ctx\)` `retrier\(3 via c.DoRetries\)`
	return c.DoRetries(f, retries) // want `site wrapper "c.DoRetries" 3 attempts`
}

// PassOn hands its own count on: a counting wrapper itself.
func PassOn(n int, f func() error) error { // want `wrapper\(param=1, attempts from param 0\+0 via c.DoN, ignores ctx\)` `retrier\(N via c.DoN\)`
	return c.DoN(n, f) // want `site wrapper "c.DoN" N attempts`
}

// Must not count: DoAtLeast's argument is not its attempts, and a zero
// count is no count.
func NotCounted(f func() error) error { // want `wrapper\(param=0, N attempts via c.DoN, ignores ctx\)` `retrier\(N via c.DoN\)`
	if err := c.DoN(0, f); err != nil { // want `site wrapper "c.DoN" N attempts`
		return err
	}
	return c.DoAtLeast(3, f) // want `site wrapper "c.DoAtLeast" N attempts`
}
