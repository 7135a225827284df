// Package flags is analyzed with -permanent-codes=Unimplemented,
// -transient-statuses=408,425,429,409 and -tests.
package flags

import (
	"context"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var req = &grpc_channelz_v1.GetTopChannelsRequest{}

// NotFound is not configured as permanent: quiet.
func notFound(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return backoff.Retry(func() error {
		_, err := cz.GetTopChannels(ctx, req)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.NotFound:
			return err
		}
		return backoff.Permanent(err)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func unimplemented(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return backoff.Retry(func() error {
		_, err := cz.GetTopChannels(ctx, req)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.Unimplemented: // want `backoff.Retry retries codes.Unimplemented`
			return err
		}
		return backoff.Permanent(err)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// 409 is configured as transient: the message lists it.
func anyStatus(c *http.Client, r *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(r)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 400 { // want `retries HTTP 4xx responses such as 404 .*; stop on 4xx other than 408, 425, 429 and 409`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return nil
}
