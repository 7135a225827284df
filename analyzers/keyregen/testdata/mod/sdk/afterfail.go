package sdk

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/scheduler"
	"github.com/google/uuid"
)

// A new token after a failure, kept in the input the next attempt sends:
// the first attempt may have created the schedule, and the second asks
// for another (bosh-alicloud-cpi's CreateInstance, 1d63cfa0).
func tokenAfterFailure(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want tokenAfterFailure:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	in.ClientToken = aws.String(uuid.NewString())
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err != nil {
			in.ClientToken = aws.String(uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry\.Do at`
		}
		return err
	})
}

// The same in a loop, on an error assigned in the loop.
func tokenAfterFailureLoop(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want tokenAfterFailureLoop:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	var err error
	in.ClientToken = aws.String(uuid.NewString())
	for range 3 {
		if _, err = c.CreateSchedule(ctx, in); err == nil {
			return nil
		}
		if isThrottle(err) {
			in.ClientToken = aws.String(uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry loop at`
		}
		time.Sleep(time.Second)
	}
	return err
}

func isThrottle(err error) bool { return err != nil }

// Twins: the token is made once and kept. Made on the first attempt only
// (a round flag, not the outcome) ...
func tokenFirstRound(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	first := true
	return retry.Do(func() error {
		if first {
			in.ClientToken = aws.String(uuid.NewString())
			first = false
		}
		_, err := c.CreateSchedule(ctx, in)
		return err
	})
}

// ... or after a failure only when the input has none yet.
func tokenWhenMissing(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err != nil && in.ClientToken == nil {
			in.ClientToken = aws.String(uuid.NewString())
		}
		return err
	})
}
