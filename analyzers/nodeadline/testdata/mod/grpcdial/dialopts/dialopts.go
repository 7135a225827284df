// Package dialopts gives DialOptions from another package: what they
// hold is out of the dialing package's sight.
package dialopts

import (
	"time"

	"google.golang.org/grpc"
)

// Timeout bounds a blocking dial.
func Timeout() grpc.DialOption { return grpc.WithTimeout(5 * time.Second) }
