package code

import (
	"context"
	"time"

	"google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// retryableCode is the package's classifier: it lists NotFound among
// the codes it retries.
func retryableCode(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted, codes.NotFound, codes.Aborted:
		return true
	}
	return false
}

// retryableCodeOK lists only codes that may change.
func retryableCodeOK(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.ResourceExhausted, codes.Aborted:
		return true
	}
	return false
}

// The classifier puts NotFound with Unavailable, out of the loop's sight.
func listedByHelper(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableCode(err) { // want `retry loop retries codes.NotFound, which does not change on retry \(err == nil \|\| !retryableCode\(err\) puts it with the codes it retries\)`
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

// The classifier without NotFound: quiet.
func listedByHelperOK(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, req); err == nil || !retryableCodeOK(err) {
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

// Stops on the codes of cancellation and retries the rest: about
// cancellation, not classification, and left alone.
func stopsOnCancel(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if c := status.Code(err); c == codes.Canceled || c == codes.DeadlineExceeded {
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

var retryableCodes = map[codes.Code]bool{codes.Unavailable: true, codes.PermissionDenied: true}

// A package map of constants, written once, decides: it lists
// PermissionDenied with Unavailable.
func mapped(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if !retryableCodes[status.Code(err)] { // want `retry loop retries codes.PermissionDenied, which does not change on retry \(!retryableCodes\[status.Code\(err\)\] puts it with the codes it retries\)`
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

var transientCodes = map[codes.Code]struct{}{codes.Unavailable: {}, codes.ResourceExhausted: {}}

// A set of transient codes, read with comma-ok: quiet.
func mappedOK(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if _, ok := transientCodes[status.Code(err)]; !ok {
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

var extraCodes = map[codes.Code]bool{codes.Unavailable: true}

// AllowCode adds a code at run time: the map is not a constant table,
// and a decision read from it is not read: quiet, not "retries every
// error without looking at status.Code(err)".
func AllowCode(c codes.Code) { extraCodes[c] = true }

func mappedWritten(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if !extraCodes[status.Code(err)] {
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
