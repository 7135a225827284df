// Package retryclass defines an Analyzer that reports retries of
// failures that say stop.
//
// # Analyzer retryclass
//
// retryclass: report retries of failures that say stop
//
// A retry helps only when the failure is transient: a timeout, a reset
// connection, HTTP 503, gRPC UNAVAILABLE. Some failures say the request
// is wrong, refused or no longer wanted, and come back the same however
// often it is sent: every further attempt adds load to a dependency that
// may already be struggling and delay for the caller, and cannot succeed.
// Others carry the server's own answer to "when": 429 and 503 with
// Retry-After. The analyzer reads the retry sites found by the retryscan
// recognizer and, for each hand-rolled loop and each operation handed to
// cenkalti/backoff, avast/retry-go or sethvargo/go-retry (whose
// operations retry only the errors they wrap in retry.RetryableError)
// or client-go's retry.OnError (whose classifier, its second argument,
// says which errors go round), and each condition handed to apimachinery's wait.ExponentialBackoff
// (which goes round on (false, nil), also when it answers with the test:
// return resp.StatusCode == http.StatusOK, nil), the paths through one
// attempt and
// the conditions that send it round again. It evaluates those conditions
// under one way of failing at a time (the server answered 404, the gRPC
// call failed with NotFound, the caller's context is done) and reports
// five kinds of finding, each with its own category.
//
// retry-after-cancel: the retry goes on after its caller gave up. A
// library retry whose operation uses the context while the retry is not
// given it: backoff.Retry without backoff.WithContext(b, ctx) (up to 15
// minutes, the default MaxElapsedTime), retry.Do without
// retry.Context(ctx) (9 more attempts over 51.1s with the defaults),
// backoff v5 given context.Background() (written there or held in a
// local); options spread from a list the
// package does not write again (retry.Do(op, opts...) with var opts =
// []retry.Option{...}), or from what a function of the package returns
// when every return is such a list made of nothing of the function's own
// (retry.Do(op, defaultOptions()...)), are read as if written in the
// call, and a list given as a parameter, or built from one, may hold the
// context, and is quiet. Once ctx is done every attempt
// fails at once with context.Canceled and the retry waits and tries
// again until it runs out, for a caller that has gone; the fix is to give
// the retry the context. The same for the functions of
// k8s.io/apimachinery/pkg/util/wait that take no context, handed work
// that uses one: wait.Poll, wait.PollImmediate, wait.PollInfinite,
// wait.PollUntil and wait.ExponentialBackoff with a condition that
// returns (false, nil) on failure (itself, or as the answer of a
// function of the package it returns: return retryOn(resp, err)) poll
// on until their timeout, their Steps or forever; wait.Until, wait.JitterUntil, wait.BackoffUntil with
// a stop channel that never closes (wait.NeverStop), and wait.Forever,
// run for the life of the process. A condition or function written as a
// literal held in a local (cond := func() (bool, error) {...}) is read as
// the literal in the call. The fix is the context twin:
// wait.PollUntilContextTimeout(ctx, ...), wait.UntilWithContext(ctx, ...). A decision that explicitly goes round on its
// own context's error (errors.Is(err, context.DeadlineExceeded) leading
// to another attempt, written in the loop or in a classifier of the
// package it asks, two calls down: if !isTimeout(err) { return err }) is
// reported too; a context made inside the loop
// for one attempt (a per-attempt timeout) may time out and be retried,
// and is not.
//
// The same through a retry wrapper of the package, or of another one,
// that takes no context, handed a closure that captured the caller's:
//
//	func retry(n int, f func() error) error { // no ctx anywhere
//		for i := 0; i < n; i++ {
//			if err := f(); err == nil {
//				return nil
//			}
//			time.Sleep(time.Second << i)
//		}
//		return errors.New("gave up")
//	}
//
//	err := retry(5, func() error { return client.Call(ctx, req) }) // retry retries a function that uses ctx but takes no context itself ...
//
// After the caller gives up the wrapper sleeps through all its rounds
// (here 4 more attempts over 15s). It is reported at the call, which
// knows the context; the wrapper's own loop, which has none, is not. The
// wrapper must be known to look at no context: nothing in it is a
// context, a request or a stop channel, it waits only on timers, and a
// context error from its function goes round (a wrapper that returns on
// errors.Is(err, context.Canceled), or asks a classifier of another
// package or one it is given, is not). A wrapper around retry.Do or
// backoff.Retry given no context and no RetryIf counts too. The fix: give
// the wrapper the context and return ctx.Err() between attempts or wait
// in a select on ctx.Done() (for a library wrapper, hand the context on).
// A wrapper that does not wait between attempts costs a cancelled caller
// nothing and is quiet.
//
// wait-ignores-cancel: a retry loop that has a context (its attempt is
// given one, directly or through the request it sends, or the loop
// checks one) waits between attempts in a way the context cannot cut
// short: time.Sleep, <-time.After outside a select on ctx.Done(), <-t.C
// of a time.NewTimer. When nothing on the failure path looks at the
// context either, the loop goes on with its attempts:
//
//	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
//	for i := 0; i < 6; i++ {
//		if resp, err := client.Do(req); err == nil {
//			return resp, nil
//		}
//		time.Sleep(d) // retry loop waits with time.Sleep and never checks ctx ...
//		d *= 2
//	}
//
// Once ctx is done every attempt fails at once with context.Canceled and
// the loop sleeps and tries again until its attempts run out (so does a
// loop whose classifier lets the deadline's error through: one that
// retries every net.Error, which context.DeadlineExceeded and the
// *url.Error wrapping it are, or every gRPC code but Canceled; a status
// that a call helper of the package hands back as the same constant on
// every error, return 0, err, is that constant on a cancelled attempt, so
// a loop that logs in again on a 401 before its wait is read through that
// test): here 5 more
// attempts over 1+2+4+8+16 = 31s (over at least 31s when a jitter is
// added to each wait, time.Sleep(d + rand.N(d/4))), for a caller that
// has gone. The
// goroutine, the request's memory and the caller's slot in any pool are
// held all that time, and an attempt that does not carry ctx keeps
// calling the dependency. Leaving on the error of
// http.NewRequestWithContext (or go-retryablehttp's) is no look at the
// context: it fails on a bad method or URL, never on a done context. A
// loop that does stop at its next look at the context still holds the
// caller for the rest of the wait, and a wait read from Retry-After can
// be minutes:
//
//	for ctx.Err() == nil {
//		...
//		time.Sleep(retryAfter(resp)) // ... still waits as long as the server's Retry-After says (a helper of this package or another)
//	}
//
// The message gives the longest such wait the code shows; a growth
// clamped at a constant (d = min(d*2, 8*time.Second), if d > maxDelay {
// d = maxDelay }) waits at most the cap, 8s here, and with a jitter of
// known bound added, the cap plus the jitter's most
// (time.Sleep(d + rand.N(d/2)): up to 12s; rand.N(x) is below x,
// rand.Float64() below 1). The fix, for
// both: wait in a select on ctx.Done() and return ctx.Err(). In a
// RoundTrip method or an HTTP handler with no other context, the
// request's context is the one: the attempt is given it through the
// request it sends (t.next.RoundTrip(req)), and the fix waits on
// req.Context().Done(). So is the request of any other function handed
// one, when a caller in the package makes it with a context that may be
// done (mautrix/go#268):
//
//	func (c *Client) execute(req *http.Request, retries int) (*http.Response, error) {
//		for {
//			resp, err := c.hc.Do(req)
//			...
//			time.Sleep(backoff) // never checks req.Context() ...
//		}
//	}
//	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//	return c.execute(req, 3)
//
// The caller must make it itself: http.NewRequestWithContext(ctx, ...),
// req.WithContext(ctx) or req.Clone(ctx) with a context that is not
// context.Background(); a request made with http.NewRequest, or handed
// to the caller in turn, says nothing.
//
// permanent-status: an HTTP retry that goes round on a 4xx. Its failure
// test lets client errors through with the server errors:
//
//	resp, err := client.Do(req)
//	if err == nil && resp.StatusCode == http.StatusOK {
//		return resp, nil
//	}
//	time.Sleep(time.Second) // a 404 goes round with the 503s
//
// A 400, 401, 403, 404, 409 or 422 is the server's verdict on the request
// and it does not change: with 5 attempts one bad request costs the
// server five times its work and the caller four waits before it sees the
// answer, and a batch of bad requests in an outage multiplies the load
// by five. 408 Request Timeout, 425 Too Early and 429 Too Many Requests
// may change and are not reported (-retryclass.transient-statuses). The fix: stop
// on 4xx, `if resp.StatusCode < 500 && resp.StatusCode != 429 { return }`,
// or make them permanent (backoff.Permanent, retry.Unrecoverable). Code
// that tells 4xx from 5xx by a range anywhere on the failure path (>=
// 500, < 500) has thought about it and is not reported. Code that names
// some 4xx and lets the others go round by default is, with the statuses
// it stops on:
//
//	switch resp.StatusCode {
//	case http.StatusOK:
//		return resp, nil
//	case http.StatusBadRequest, http.StatusUnauthorized:
//		return nil, errRejected
//	default: // 403, 404, 409 go round: "it stops on 400 and 401 only"
//		time.Sleep(d)
//	}
//
// An operation may leave the test to a helper of the package and return
// what it says, with no branch of its own; a helper that makes 4xx
// permanent (backoff.Permanent, retry.Unrecoverable, or wraps only 5xx
// in sethvargo's retry.RetryableError) stops them as the operation would:
//
//	return backoff.Retry(func() error {
//		...
//		return checkResponse(resp) // an error for every status but 2xx
//	}, b)
//
// A helper that stops most 4xx has told them from 5xx, as a range does,
// and one that stops a few is reported with the ones it stops on. A
// helper handed in as a function value is not read. An exported checker
// of another package, handed the response or its status and returning an
// error (return httpx.CheckResponse(resp)), is read through the fact the
// recognizer exports for it: for each status, whether it returns an
// error. A status where it returns what a retry library is told
// (backoff.Permanent) is unknown there, and keeps the retry quiet.
//
// A loop may tell failures apart by the package's own error types, which
// a helper makes for some statuses and not others:
//
//	case http.StatusNotFound:
//		return nil, &notFoundError{url: url} // in the helper
//	...
//	switch err.(type) {
//	case doNotRetry, *notFoundError: // a 403, a plain error, goes round
//		return err
//	}
//
// A type switch or errors.As on them reads which statuses stop the loop
// (a mark wrapped with %w is not read, nor one made two calls down).
//
// A 4xx named and sent round on purpose (case http.StatusConflict:
// continue) is left alone, but for a 401 sent round with nothing to make
// the next attempt different (openmeet-platform#414,
// supertokens-website#164):
//
//	req.Header.Set("Authorization", "Bearer "+c.token)
//	resp, err := c.hc.Do(req)
//	...
//	case resp.StatusCode == http.StatusUnauthorized: // retry loop sends the request again after HTTP 401 with nothing changed ...
//		resp.Body.Close()
//
// It is reported when every round is the same: the loop, and the
// functions of the package it calls two calls down, call only the
// standard library, store only into what the round makes, and read no
// field that the package writes into a value that exists (c.token =
// tok, in the loop or a refresher anywhere) nor a global or a captured
// variable. A loop that refreshes the token on the way round (once:
// if refreshed { return err }), asks a token source each round, reads
// a token file or the environment (os.ReadFile: a sidecar may rotate
// it), or calls code it cannot read is quiet; so is a 403 sent round (a
// permission may be granted while it waits).
//
// The decision may be a classifier of the
// package or of another one (if !httpx.IsRetryable(err) { return err },
// !apiErr.Temporary()), read through its body or the fact the
// recognizer exports for it, or a function handed to the library:
//
//	retry.Do(op, retry.RetryIf(httpx.IsRetryable)) // stops on 400 and 401 only
//	retry.OnError(retry.DefaultBackoff, func(err error) bool {
//		return !apierrors.IsBadRequest(err) // client-go: 403, 404, 422 go round
//	}, fn)
//	client.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
//		return err != nil || resp.StatusCode >= 400, nil // retryablehttp: 404 goes round
//	}
//	resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
//		return err != nil || r.StatusCode() >= 400 // resty v2: 404 goes round
//	})
//
// or a function handed to a retry wrapper of the package or of another
// one whose loop asks it of each failure, as retry.OnError does; a call
// of it is judged as retry.OnError's, its literal operation with the
// classifier it is handed (one that says yes to everything leaves it to
// the operation):
//
//	func Retry(ctx context.Context, attempts int, isRetryable func(error) bool, op func() error) error
//	Retry(ctx, 5, func(error) bool { return true }, func() error {
//		return fetch(ctx, url) // an error for every non-2xx: a 404 goes round
//	})
//
// A classifier may decide by the error's text (topcheer/ggcode#306):
//
//	if strings.Contains(msg, "status code: 401") || strings.Contains(msg, "status code: 404") {
//		return false
//	}
//	return true // "status code: 400" goes round
//
// The text is read only where every word of it is in sight: an error the
// package makes with errors.New or fmt.Errorf from constants and the
// status (fmt.Errorf("status code: %d", resp.StatusCode)), whose
// err.Error() is then known for each status, and strings.Contains,
// HasPrefix, HasSuffix, EqualFold and == on it decide. A classifier that
// goes round only on "timeout" or "connection reset" stops every such
// 4xx and is quiet. The text of any other error (a transport failure, a
// library's error, one made with %s of the body or the URL) is unknown,
// and a classifier by text says nothing of it.
//
// The status may come as a response or inside a typed error read with
// errors.As or a type assertion: a field or method named like one
// (StatusCode, HTTPStatusCode, HTTPStatus, HTTPCode, smithy-go's
// HTTPStatusCode()), the response the error keeps (go-github's
// ErrorResponse: er.Response.StatusCode), a library field the catalog
// knows to hold the status (googleapi.Error.Code, consul's
// api.StatusError.Code), or a field named otherwise (Code, Status) that
// the package shows holds one: it assigns a status into it
// (&StatusError{Code: resp.StatusCode}) or compares it with a status of
// net/http (se.Code == http.StatusNotFound), or whose type is named for
// HTTP (an HTTPError's Status, filled in another package). An
// application's own code
// (ae.Code == 1001) is never read as a status, and neither is any other
// field of an error that carries one: a loop that stops on such a code
// says nothing of what it does with a 404. Neither is a status method
// that returns a constant (an SDK's ClientError, made before any answer,
// whose HttpStatus() is always 400): errors.As into its type says nothing
// of a 404, and retrying it retries transport failures. A helper of the package that
// keeps the status of its response in a field of its receiver
// (c.lastStatus = resp.StatusCode) hands it to the loop that tests the
// field after the call, when every write of the field is a status or a
// constant; a helper that tests the field it has just written
// (u.StatusCode = res.StatusCode; if u.StatusCode != http.StatusOK
// {...}) decides on the status, also two calls down from the loop.
//
// The predicates of apimachinery's api/errors are read as the status
// they test (apierrors.IsNotFound: 404, IsInvalid: 422) wherever a
// decision calls them: a loop, an operation, a helper of the package, a
// classifier; one whose status comes with another reason too (IsConflict
// and IsAlreadyExists: 409, IsServerTimeout and IsInternalError: 500)
// answers nothing for it. A decision that reads errors only through them
// is judged on the statuses a Kubernetes API error comes with that tell
// its reason (400, 401, 403, 404, 405, 406, 413, 415 and 422 of the
// permanent ones): the API server sends no 402 or 418, and a 409 may be
// a conflict, which retry.RetryOnConflict retries on purpose, a 410 an
// expired resource version, which a new list cures. A loop that stops on
// apierrors.IsNotFound alone is reported (a 403 Forbidden goes round);
// one that stops on all nine, or goes round only on IsTooManyRequests,
// IsServiceUnavailable and IsTimeout, is not. The
// classifier retry.OnError is always given is read the same way, and one
// that says yes to every failure (func(error) bool { return true })
// leaves the decision to the operation, as retry.Do(op) does: the
// permanent-code check below reads it.
//
// A classifier that names a few 4xx it retries (409,
// retry.RetryOnConflict, apierrors.IsNotFound while waiting for an
// object to appear) or a RetryIf that says yes to every error (the
// library's default) is left alone, and so is one that
// answers an error carrying any HTTP status as it answers a plain error
// (a gRPC classifier whose default says yes): it does not read the
// status.
//
// permanent-code: a gRPC retry that goes round on a code that will not
// change: INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, PERMISSION_DENIED,
// UNAUTHENTICATED, FAILED_PRECONDITION, OUT_OF_RANGE, UNIMPLEMENTED
// (-retryclass.permanent-codes). Reported are a loop or operation around a gRPC
// call that retries every error without looking at status.Code(err), a
// decision that names a permanent code among those it retries, and the
// same lists written as data. The operation may be a literal handed to a
// wrapper, of the package or another, that hands its function unchanged
// to a library retry given no classifier: it is that library's
// operation, judged as one (its statuses and Retry-After too):
//
//	func WaitUntil(ctx context.Context, s Settings, op backoff.Operation) error {
//		return backoff.Retry(op, backoff.WithContext(newBackOff(s), ctx))
//	}
//	sdkbackoff.WaitUntil(ctx, settings, func() error {
//		_, err := client.Send(ctx, req) // every code goes round, InvalidArgument too
//		return err
//	})
//
// The gRPC call may be made through a
// function of the package every error of which is the call's (two calls
// deep: "OrdersClient.Get through client.get"), or be a client
// stream's Recv, which returns the same error once the stream failed, or
// the call a unary client interceptor makes of its grpc.UnaryInvoker
// (ClientConn.Invoke in all but name: "the gRPC call invoker"); a helper
// the invoker is handed to is not read through. The code is read through
// status.Code(err), status.Convert(err) and status.FromError(err), whose
// ok is true for an error that carries a status (so `if !ok { return
// false }` before a switch on s.Code() leaves the switch to decide) and
// false for any other error. A
// reconnect loop, which re-opens a stream or subscription on any error
// and reads it in a nested loop on success, retries the open:
//
//	for {
//		stream, err := feed.Subscribe(ctx, req) // NotFound, PermissionDenied: re-opened for good
//		if err != nil {
//			time.Sleep(5 * time.Second)
//			continue
//		}
//		for {
//			if _, err := stream.Recv(); err != nil {
//				break
//			}
//		}
//	}
//
// Lists written as data:
//
//	switch status.Code(err) {
//	case codes.Unavailable, codes.NotFound: // retries codes.NotFound ...
//	default:
//		return err
//	}
//
//	if !isRetryableCode(err) { return err } // a classifier that lists NotFound with Unavailable
//	retry.RetryIf(grpcx.Retryable)           // the same, of another package, handed to retry-go
//
//	if status.Code(err) == codes.InvalidArgument {
//		return err // stops on one permanent code: NotFound, PermissionDenied go round
//	}
//
//	grpc.WithDefaultServiceConfig(`{... "retryableStatusCodes": ["UNAVAILABLE", "NOT_FOUND"]}`)
//	retry.WithCodes(codes.Unavailable, codes.PermissionDenied) // go-grpc-middleware v2
//	grpc_retry.WithCodes(codes.Unavailable, codes.NotFound)    // go-grpc-middleware v1
//	retry.WithCodes(retryable...) // var retryable = []codes.Code{codes.Unavailable, codes.NotFound}
//	retry.AddWithErrorCodes(r, "AccessDenied")                 // aws-sdk-go-v2
//	retry.IsErrorRetryableFunc(func(error) aws.Ternary { return aws.TrueTernary })
//	func (r retryer) IsErrorRetryable(error) bool { return true }
//
// A wait for a server to come up on a readiness probe, the gRPC health
// service's Check or Watch (grpc.health.v1, grpc's stub or a copy of
// health.proto generated elsewhere: internal/catalog's readiness.go), is
// no retry of a request (an attempt that also makes another gRPC call
// retries that call, and is judged as any retry). NotFound is its "not
// yet": the health service answers it for a service that has not set
// its status, until the server's start-up does. So NotFound never
// counts there, and what goes round unnamed is the wait's, which ends at
// its bound: a loop that retries every error of the check, or stops on a
// few codes and waits through the rest, is quiet:
//
//	for {
//		if _, err := hc.Check(ctx, &healthpb.HealthCheckRequest{Service: "orders"}); err == nil {
//			return nil
//		}
//		select {
//		case <-ctx.Done():
//			return ctx.Err()
//		case <-time.After(time.Second):
//		}
//	}
//
// A code the wait names among those it goes round on is judged as for
// any call: Unimplemented, which a server without the health service
// answers however long one waits, or PermissionDenied. In a switch on
// status.Code(err):
//
//	case codes.Unavailable, codes.NotFound:      // quiet: waits for the service to register
//	case codes.Unavailable, codes.Unimplemented: // retries codes.Unimplemented ...
//
// A service config in the same option list as grpc.WithDisableRetry()
// retries nothing and is not reported (one turned off in another list,
// appended later or by a helper, is still read as retrying). A service
// config with maxAttempts 4 sends every such call 4 times; the
// AWS SDK's standard retryer as often as its MaxAttempts says (3 by
// default; set in the option function of retry.NewStandard or by
// retry.AddWithMaxAttempts around the retryer given to
// AddWithErrorCodes; a retryer of one attempt retries nothing and is not
// reported), each retry also drawing on the
// client's retry quota that transient errors need. The fix: retry
// codes.Unavailable (and codes.ResourceExhausted with backoff); let the
// SDK's own classification stand and add only codes that are transient.
//
// ignores-retry-after: a retry that recognises 429 or 503 and waits its
// own delay without reading Retry-After:
//
//	if resp.StatusCode == http.StatusTooManyRequests {
//		time.Sleep(time.Second) // the server said when; this does not ask
//		continue
//	}
//
// The status may come in an error that carries it (&HTTPError{StatusCode:
// resp.StatusCode}, read with errors.As), and the test may be a
// classifier of the package whose body names 429 or 503 (if
// !isTransient(err)): the finding is then at the classifier's call and
// names it. So may a library's classifier (retry.RetryIf(f)) when the
// operation fails on a 429 or 503 and f says yes both to an error
// carrying that status and to a plain error: whatever error the
// operation makes of the answer goes round. A package that reads anything named RetryAfter (a field or a
// method of its error type) may wait it where the analyzer does not
// look, and its classifiers are not judged for this; a retry that reads
// one itself (errors.As(err, &apiErr) && apiErr.RetryAfter != nil) is
// quiet. Reading the header
// only to log it is not reading it (the message says "reads Retry-After
// only to print it"). A response handed on as the
// retry leaves (return resp, apiError(resp)) is not how it waits: a
// hand-off counts only on a way that goes round for 429 or 503, where a
// helper of the package is read through its body and code it cannot read
// (another package's function, an interface method, a function value)
// may wait what the server asked; on the way out it counts only when what
// takes the response names the header.
//
// A server that sends Retry-After: 30 turns away every attempt made
// before then: with a one-second wait, 29 attempts in the window are
// wasted, each counted against the client's quota, and a fleet of
// clients doing the same keeps the server throttling. The fix: wait as
// long as the header says when it is set (an operation given to backoff v5
// returns backoff.RetryAfter(seconds); retry-go is given a
// retry.DelayType function that reads the wait from the error). An
// operation given to a library that offers no way to wait what the
// server asked (cenkalti/backoff v4), or to a retry-go version other
// than v4 (not yet checked against its module), is not reported, nor one given to
// retry-go with a DelayType of its own, which may read it. For go-retryablehttp, a Client
// whose Backoff is LinearJitterBackoff, or a function of its own that
// neither reads the response nor calls DefaultBackoff or
// RateLimitLinearJitterBackoff, drops the Retry-After handling of the
// default backoff.
//
// Flags (given as -retryclass.NAME to the retrylint binary, and so to go
// vet with retrylint as its vet tool):
//
//	-retryclass.transient-statuses list   4xx statuses a retry may change (default 408,425,429)
//	-retryclass.permanent-codes list      gRPC codes a retry cannot change, Go or service config names
//	                                      (default InvalidArgument,NotFound,AlreadyExists,PermissionDenied,
//	                                      FailedPrecondition,OutOfRange,Unimplemented,Unauthenticated)
//	-retryclass.tests                     report retries in _test.go files too (default false)
//
// # Limitations
//
// The analyzer reports only what the code shows, and misses on purpose:
//
//   - retries of every error of an opaque operation (op(), a method of
//     another package that is not a gRPC stub): common and often right;
//   - decisions it cannot read: a classifier of another package that
//     is unexported, reached through an interface, or that names no
//     status, code or context error in its body or in the functions of
//     its package it calls, two calls down (the package's own are read
//     through their bodies, two calls deep; another package's through
//     its fact, one call deep: httpx.ShouldRetry(err) whose helper
//     switches on the status is read), a response or error handed to other
//     code outside the standard library (but for a response or a status
//     handed to another package's exported checker that returns an
//     error, httpx.CheckResponse(resp), whose fact says for which
//     statuses; one also handed the error, or that returns
//     backoff.Permanent or retry.RetryableError for a status, is not read
//     for it), errors.As into an interface or
//     into an error type with an Unwrap method (it may carry the
//     context's error), a typed error whose status field is named Code
//     or Status (not a catalogued library's, nor of a type named for
//     HTTP) where only another package
//     shows that it holds a status (the one that fills it: a test of
//     se.Code == 404 against a bare number there is unread; against
//     http.StatusNotFound it is read), a map of codes or statuses that is not a
//     package-level literal of constants left unwritten
//     (retryable[status.Code(err)] is read when it is one),
//     retry.AttemptsForError, a RetryIf among options passed as a slice
//     that is not a literal held by a local or an unexported package
//     variable left unwritten (one given as a parameter, appended to),
//     a RetryIf that says yes to every status or every code; and
//     operations given as named functions rather than literals;
//   - library retries other than cenkalti/backoff (v3, v4, v5),
//     avast/retry-go (v3, v4, v5), sethvargo/go-retry and client-go's
//     retry.OnError and retry.RetryOnConflict, whose operations it reads;
//     a retry.OnError whose classifier it cannot read (one handed in as a
//     parameter, a predicate of another package with no fact, a test of
//     409 or 500 through apierrors, which may be either of two reasons),
//     and
//     wrappers and retriers of the package, judged where their loop is
//     (a call of a wrapper is read for retry-after-cancel, and for the
//     rest only when the wrapper hands its function unchanged to a
//     library retry given no classifier, or asks a func(error) bool it is
//     handed of each failure and goes round only on yes; only with a
//     function literal: one given by name is not read, nor a classifier
//     handed in by the caller's caller);
//   - retries by recursion and goto loops, whose decisions it does not
//     read, and loops the recognizer does not count as retries (one that
//     returns every transport error and goes round only on a 4xx other
//     than 429, such as 409);
//   - retries with no bound at all, which unboundedbackoff reports (one
//     defect, one finding), and cancellation where no cancellable context
//     reaches the attempt and the loop looks at none (a context received
//     as a parameter counts: the caller may cancel it, and so does one
//     made from it by context.WithValue or WithCancel; one from
//     context.WithoutCancel(ctx), a detached write that outlives the
//     request, does not, nor does context.Background() with values added);
//   - apimachinery's context-free waits given a named function or
//     method, or a local that may hold more than one function, a
//     condition that looks at ctx, or a stop channel that may
//     close (a parameter, ctx.Done());
//   - wait-ignores-cancel where the wait is a select with a case other
//     than a timer (a stop channel may be how the code is cancelled), or
//     a helper of another package, or one of the package that does more
//     than wait (one that only sleeps, func backoffSleep(attempt int) {
//     time.Sleep(...) }, is read as the time.Sleep inside), and, in a loop
//     not seen to go on after the caller gives up, a wait of a length
//     the code does not show (time.Sleep(c.interval), a growth clamped at
//     a limit that is not a constant: min(d*2, c.maxDelay), a jitter
//     whose bound is not seen: d + rand.N(c.jitter), d +
//     time.Duration(rand.Int63())) or, in one that stops at its next look
//     at the context, of 1s or less;
//   - permanent-status where 4xx and 5xx are told apart by a range
//     anywhere, even if a 4xx still goes round; a classifier (RetryIf,
//     CheckRetry) that retries a few 4xx it names; a permanent gRPC code
//     that goes round by default while the decision stops only on codes
//     that are not permanent (Canceled, DeadlineExceeded), or on more
//     than six; a reconnect loop that stops only on codes.Canceled; a
//     loop where the error of one 4xx depends on more than the status
//     (if code == 401 && u.token == "": a marker error one way, a plain
//     one the other, as in vmware/vic#5988), which leaves that status
//     undecided;
//   - ignores-retry-after where the function reads Retry-After for
//     anything but a message (a value it compares, parses or hands on,
//     even if it is then unused), where on a way round for 429 or 503 it
//     hands the response or its header to code it cannot read (another
//     package's, an interface's, a function value: ratelimit.Delay(resp),
//     even if its result is unused) or to a helper of the package that,
//     two calls down, names the header or does so, where on the way out
//     it hands them to a helper of the package that names the header or
//     to another package's function known to compute a wait from it,
//     and for 503 unless the code names 503;
//   - permanent-code on a wait for a readiness probe that does not name
//     the code it goes round on: one that retries every error of the
//     health check goes round on Unimplemented too, against a server
//     without the health service, until its bound (a wait with none is
//     unboundedbackoff's finding); and the codes of a service config or
//     a grpc.WithCodes list are judged without asking which methods they
//     are for, the health check's too;
//   - code lists built at run time (a list spread into WithCodes is
//     read when it is a slice literal that an unexported package
//     variable is declared with, or a local holds, and nothing in the
//     package writes it again, or every return of a function of the
//     package is such a list), and service configs not written as
//     constants;
//   - a gRPC call through a helper that makes errors of its own
//     (fmt.Errorf("...: %v", err)) or more than two calls down, and the
//     request's context outside a RoundTrip method or a handler unless a
//     caller of the package makes the request itself with a context
//     that may be done (a helper handed a request may have one made
//     with no context);
//   - a classifier by the error's text where the text is not all in
//     sight (%s of a body or a URL, an error of another package, one
//     wrapped more than the helper's one fmt.Errorf);
//   - a 401 sent round where anything in the loop or the package may
//     change the credentials: a call of another package or of an
//     interface outside the standard library, a function value, a write
//     of the token field into an existing client anywhere in the package
//     (even in another method that the loop never calls), a global;
//     and a 401 that goes round unnamed in a loop that tells 4xx from
//     5xx by a range;
//   - periodic loops other than the two shapes the recognizer reads as
//     retries of their failure path (a failure-only wait while success
//     waits the period; a reconnect loop reading what it opened);
//   - cancellation through a wrapper whose blindness is not known: one
//     with a context, a request or a channel anywhere in it (a stop
//     channel may be closed on cancel), a decision it hands to code it
//     cannot read, a library retry given options as a slice, or a
//     wrapper of a retry library other than cenkalti/backoff and
//     avast/retry-go;
//   - retries in _test.go files, unless -retryclass.tests.
package retryclass
