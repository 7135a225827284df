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

// The failure read by the way out of success above, not by the
// condition the token is made under: after the second failure, each
// attempt sends a new token.
func tokenAfterReturnOnSuccess(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want tokenAfterReturnOnSuccess:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	in.ClientToken = aws.String(uuid.NewString())
	failures := 0
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err == nil {
			return nil
		}
		if failures++; failures > 1 {
			in.ClientToken = aws.String(uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry\.Do at`
		}
		return err
	})
}

// A switch on the error, in a loop.
func tokenSwitchOnErr(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want tokenSwitchOnErr:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	var err error
	in.ClientToken = aws.String(uuid.NewString())
	for range 3 {
		_, err = c.CreateSchedule(ctx, in)
		switch {
		case err == nil:
			return nil
		case isThrottle(err):
			in.ClientToken = aws.String(uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry loop at`
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: no attempt of the retry sends the new token. Made after the
// attempt that succeeded ...
func tokenAfterSuccess(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err == nil {
			in.ClientToken = aws.String(uuid.NewString()) // for the next schedule
		}
		return err
	})
}

// ... the same in a case of a switch on the error ...
func tokenSwitchOnSuccess(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		switch {
		case err == nil:
			in.ClientToken = aws.String(uuid.NewString()) // for the next schedule
		case isThrottle(err):
			time.Sleep(time.Second)
		}
		return err
	})
}

// ... or after a failure the retry gives up on (retry.Unrecoverable ends
// retry.Do) ...
func tokenOnGivingUp(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err != nil && !isThrottle(err) {
			in.ClientToken = aws.String(uuid.NewString()) // for the caller's next try
			return retry.Unrecoverable(err)
		}
		return err
	})
}

// ... in a loop, where the block that gives up runs once anyway.
func tokenOnGivingUpLoop(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	var err error
	for range 3 {
		if _, err = c.CreateSchedule(ctx, in); err == nil {
			return nil
		}
		if !isThrottle(err) {
			in.ClientToken = aws.String(uuid.NewString())
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// A token made when another call than the attempt fails is made under
// a condition of that call, which an attempt that succeeds passes too:
// kept, as far as the retry shows (a token store read before each
// attempt, filled when it has none).
func tokenOnLookupFailure(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput, load func() (string, error)) error {
	var err error
	for range 3 {
		if tok, lerr := load(); lerr != nil {
			in.ClientToken = aws.String(uuid.NewString())
		} else {
			in.ClientToken = aws.String(tok)
		}
		if _, err = c.CreateSchedule(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A helper that makes a new token when its call fails, for its caller's
// next call: a retry around it sends a new token after each failure.
func createRenewing(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want createRenewing:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	_, err := c.CreateSchedule(ctx, in)
	if err != nil {
		in.ClientToken = aws.String(uuid.NewString())
	}
	return err
}

func retryRenewing(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		return createRenewing(ctx, c, in) // want `idempotency key from uuid\.NewString \(via createRenewing\) is generated inside the retry`
	})
}

// Twin: the helper makes the next token once its call succeeded.
func createThenRenew(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	_, err := c.CreateSchedule(ctx, in)
	if err == nil {
		in.ClientToken = aws.String(uuid.NewString())
	}
	return err
}

func retryThenRenew(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return retry.Do(func() error {
		return createThenRenew(ctx, c, in)
	})
}

// withRetry runs f until it succeeds, three times at most.
func withRetry(f func() error) error {
	var err error
	for range 3 {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The function handed to a wrapper of the package is its operation: its
// error goes round.
func tokenInWrapper(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error { // want tokenInWrapper:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	in.ClientToken = aws.String(uuid.NewString())
	return withRetry(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err != nil {
			in.ClientToken = aws.String(uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(withRetry at`
		}
		return err
	})
}

// Twin: made once its call succeeded.
func tokenInWrapperOnSuccess(ctx context.Context, c *scheduler.Client, in *scheduler.CreateScheduleInput) error {
	return withRetry(func() error {
		_, err := c.CreateSchedule(ctx, in)
		if err == nil {
			in.ClientToken = aws.String(uuid.NewString())
		}
		return err
	})
}
