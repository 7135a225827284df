package code

import (
	"context"
	"time"

	"google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Classifiers that ask status.FromError first: its ok is true for an
// error that carries a gRPC status, so the switch past `if !ok` is read
// for each code.
func retryableStatus(err error) bool {
	s, ok := status.FromError(err)
	if !ok {
		return false
	}
	switch s.Code() {
	case codes.Unavailable, codes.NotFound:
		return true
	}
	return false
}

// Twin: only a code that may change.
func retryableStatusOK(err error) bool {
	s, ok := status.FromError(err)
	if !ok {
		return false
	}
	switch s.Code() {
	case codes.Unavailable:
		return true
	}
	return false
}

// The code read where ok holds.
func retryableIfStatus(err error) bool {
	if s, ok := status.FromError(err); ok {
		return s.Code() == codes.Unavailable || s.Code() == codes.NotFound
	}
	return false
}

// Twin: a non-gRPC error is retried, and of the codes only Unavailable.
func retryableIfStatusOK(err error) bool {
	if s, ok := status.FromError(err); ok {
		return s.Code() == codes.Unavailable
	}
	return true
}

func fromErrorGuarded(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableStatus(err) { // want `retry loop retries codes.NotFound, which does not change on retry \(err == nil \|\| !retryableStatus\(err\) puts it with the codes it retries\)`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func fromErrorGuardedOK(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableStatusOK(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func fromErrorIf(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableIfStatus(err) { // want `retry loop retries codes.NotFound, which does not change on retry \(err == nil \|\| !retryableIfStatus\(err\) puts it with the codes it retries\)`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func fromErrorIfOK(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableIfStatusOK(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
