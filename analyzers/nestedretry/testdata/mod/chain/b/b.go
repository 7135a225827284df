// Package b is the middle: it calls c without retrying.
package b

import "example.com/nestedtest/chain/c"

func Load() error { return c.Get() }
