package shop

import (
	"context"
	"errors"
	"testing"
)

func TestPollCapped(t *testing.T) {
	calls := 0
	err := PollCapped(context.Background(), func(context.Context) error {
		calls++
		if calls < 2 {
			return errors.New("not yet")
		}
		return nil
	})
	if err != nil || calls != 2 {
		t.Fatalf("PollCapped = %v after %d calls", err, calls)
	}
}
