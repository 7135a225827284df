// Package paramclient hands retrying clients to the functions that
// retry with them: their configuration is their builder's, unknown unless
// the package's one call of an unexported helper shows it built.
package paramclient

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hashicorp/go-retryablehttp"
)

// Its RetryMax is its builder's, not the library's default of 4 retries.
func Send(c *retryablehttp.Client, req *retryablehttp.Request) { // want `retrier\(N via retryablehttp.Client.Do\)`
	c.Do(req) // want `site client "retryablehttp.Client.Do" N attempts`
}

// The same through the *http.Client its StandardClient returns.
func SendStandard(c *retryablehttp.Client, req *http.Request) { // want `retrier\(N via retryablehttp.Client.StandardClient\)`
	c.StandardClient().Do(req) // want `site client "retryablehttp.Client.StandardClient" N attempts`
}

// The twin: an unexported helper whose one call in the package hands it
// a client built there is read with that client.
func sendOne(c *retryablehttp.Client, req *retryablehttp.Request) { // want `retrier\(3 via retryablehttp.Client.Do\)`
	c.Do(req) // want `site client "retryablehttp.Client.Do" 3 attempts`
}

func callsSendOne(req *retryablehttp.Request) { // want `retrier\(3 via sendOne -> retryablehttp.Client.Do\)`
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	sendOne(rc, req) // want `site retrier "sendOne" 3 attempts`
}

// A helper called with two clients keeps its parameter unknown.
func sendTwo(c *retryablehttp.Client, req *retryablehttp.Request) { // want `retrier\(N via retryablehttp.Client.Do\)`
	c.Do(req) // want `site client "retryablehttp.Client.Do" N attempts`
}

func callsSendTwo(req *retryablehttp.Request) { // want `retrier\(N via sendTwo -> retryablehttp.Client.Do\)`
	sendTwo(retryablehttp.NewClient(), req) // want `site retrier "sendTwo" N attempts`
	sendTwo(retryablehttp.NewClient(), req) // want `site retrier "sendTwo" N attempts`
}

// An AWS client handed in: its retryer is its builder's. What the call's
// own options set is read: a count, or a retryer built in sight, which
// replaces the client's.
func Put(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) { // want `retrier\(N via sqs.SendMessage\)`
	c.SendMessage(ctx, in)                                                           // want `site client "sqs.SendMessage" N attempts ctx`
	c.SendMessage(ctx, in, func(o *sqs.Options) { o.RetryMaxAttempts = 5 })          // want `site client "sqs.SendMessage" 5 attempts ctx`
	c.SendMessage(ctx, in, func(o *sqs.Options) { o.Retryer = retry.NewStandard() }) // want `site client "sqs.SendMessage" 3 attempts ctx`
}
