package libs

import (
	"time"

	avast "github.com/avast/retry-go/v4"
)

// Options kept in package variables, the count in another one
// (cosmos/relayer's rtyAttNum): 5 attempts, so the doubling 400ms waits
// 3.2s at most.
var (
	queryAttempts = uint(5)
	queryAtt      = avast.Attempts(queryAttempts)
	queryDel      = avast.Delay(400 * time.Millisecond)
)

func query() error {
	return avast.Do(op, queryAtt, queryDel)
}

// Twin: the count in the variable is 12, and the doubling goes on for
// minutes.
var (
	scanAttempts = uint(12)
	scanAtt      = avast.Attempts(scanAttempts)
)

func scan() error {
	return avast.Do(op, scanAtt, queryDel) // want `retry.Do backs off exponentially with no cap: after 11 failures it waits 6m50s`
}

// 50 attempts of the default 100ms doubling: past 2^63ns, where a
// float64 wait no longer converts to a Duration.
func scanLong() error {
	return avast.Do(op, avast.Attempts(50)) // want `retry.Do backs off exponentially with no cap: after 49 failures it waits years`
}
