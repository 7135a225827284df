package wrapper

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"example.com/retryclasstest/wrapper/lib"
)

// Literals handed to a wrapper of another package that passes them,
// unchanged, to backoff.Retry: each is backoff.Retry's operation.

var settings = lib.Settings{Initial: time.Second, Max: time.Minute, Elapsed: 10 * time.Minute}

// Reported: every code of the call goes round, InvalidArgument too.
func report(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.WaitUntil(ctx, settings, func() error {
		_, err := cz.GetTopChannels(ctx, req) // want `lib.WaitUntil retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\)`
		return err
	})
}

// Quiet: only Unavailable and ResourceExhausted go round.
func reportTransient(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.WaitUntil(ctx, settings, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.ResourceExhausted:
			return err
		}
		return backoff.Permanent(err)
	})
}

// Reported: a 404 goes round with the 503s.
func fetch(ctx context.Context, hc *http.Client, url string) error {
	return lib.WaitUntil(ctx, settings, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK { // want `lib.WaitUntil retries HTTP 4xx responses such as 404`
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
}

// Quiet: a 4xx is made permanent (429 too: nothing waits on the server's
// word here).
func fetchPermanent(ctx context.Context, hc *http.Client, url string) error {
	return lib.WaitUntil(ctx, settings, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		switch {
		case resp.StatusCode >= 500:
			return fmt.Errorf("status %d", resp.StatusCode)
		case resp.StatusCode >= 400:
			return backoff.Permanent(fmt.Errorf("status %d", resp.StatusCode))
		}
		return nil
	})
}

// Quiet: the wrapper hands backoff.Retry a function of its own, which
// decides on op's error in ways this call does not read.
func reportLogged(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.WaitLogged(ctx, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}
