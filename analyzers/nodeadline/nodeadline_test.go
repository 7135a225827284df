package nodeadline_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"

	"github.com/retrylint/retrylint/analyzers/nodeadline"
	"github.com/retrylint/retrylint/internal/testenv"
)

// mod pins the real gRPC health stub, aws-sdk-go-v2 sqs, go-redis v9,
// pgx v5 (its stdlib driver too), cobra and go-cleanhttp in
// testdata/mod/go.mod;
// loaded once.
var mod = testenv.NewModule("testdata/mod", "./a", "./b", "./cmd", "./flagged", "./examples/...", "./harness", "./worker", "./dbtest", "./latest", "./sqlstore", "./pgstore", "./dbopen", "./dbuser", "./watchcli", "./wrapped/...", "./grpcdial/...")

// TestNodeadline runs the default analyzer on the real libraries.
// Package b exports facts that package a uses.
func TestNodeadline(t *testing.T) {
	t.Parallel()
	results := mod.Run(t, nodeadline.Analyzer, "./a", "./b", "./cmd")

	// The path of a finding is in its Related entries: where the context
	// is made, and where each local function passes it on.
	related := map[string][]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				related[d.Message] = append(related[d.Message], rel.Message)
			}
		}
	}
	for msg, want := range map[string][]string{
		"context.Background() reaches a gRPC call via param -> HealthClient.Check with no deadline: the call can wait forever; derive the context with context.WithTimeout": {
			"param passes the context on here"},
		"context.Background() reaches c.Check (a gRPC call) with no deadline: the call can wait forever; derive the context with context.WithTimeout": {
			"the context is made here, with no deadline"},
		"ping2 makes an SQL call without a context via ping2 -> ping1 -> DB.Ping: every attempt of the retry loop in pingRetried can wait as long as the database does and nothing can cancel it; pass the attempt's context down and use PingContext with a deadline": {
			"ping1 makes the call with no context here", "ping2 makes the call with no context here"},
		"c.Get sends a request with no context on a client made without Timeout and passed in via wait -> check: the request can wait forever; set the client's Timeout or make the request with a context from context.WithTimeout": {
			"the client is made here, without Timeout", "the client is passed to check here", "the client is passed to wait here"},
		"zc.Do sends a request with no deadline on a client made without Timeout: the request can wait forever; set the client's Timeout or make the request with a context from context.WithTimeout": {
			"the client is made here, without Timeout", "the request's context is made here, with no deadline"},
	} {
		if !slices.Equal(uniq(related[msg]), want) {
			t.Errorf("related of %q = %q, want %q", msg, related[msg], want)
		}
	}
}

// relatedMessages returns the messages of the related entries of every
// finding, package by package, in order.
func relatedMessages(acts []*checker.Action) []string {
	var out []string
	for _, act := range acts {
		for _, d := range act.Diagnostics {
			for _, rel := range d.Related {
				out = append(out, rel.Message)
			}
		}
	}
	return out
}

func uniq(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// TestFlags checks -retry-only and -tests on a package of their own.
func TestFlags(t *testing.T) {
	t.Parallel()
	a := nodeadline.NewAnalyzer(nodeadline.DefaultConfig())
	for flag, v := range map[string]string{"retry-only": "true", "tests": "true"} {
		if err := a.Flags.Set(flag, v); err != nil {
			t.Fatal(err)
		}
	}
	mod.Run(t, a, "./flagged")
}

// TestDefaultsNotShared checks that NewAnalyzer binds a fresh config:
// setting a flag on one analyzer leaves the default one alone.
func TestDefaultsNotShared(t *testing.T) {
	a := nodeadline.NewAnalyzer(nodeadline.DefaultConfig())
	if err := a.Flags.Set("tests", "true"); err != nil {
		t.Fatal(err)
	}
	if got := nodeadline.Analyzer.Flags.Lookup("tests").Value.String(); got != "false" {
		t.Errorf("default analyzer's -tests = %s after setting another's", got)
	}
}

// TestExamplesAndHarnesses checks the policy for code that is not a
// service's: one finding per function of example code and commands, with
// the other calls as related locations; none in a test harness; each
// call with -every-call and -tests.
func TestExamplesAndHarnesses(t *testing.T) {
	t.Parallel()
	related := relatedMessages(mod.Run(t, nodeadline.Analyzer, "./examples/std", "./harness", "./worker", "./dbtest", "./latest"))
	want := []string{"the same finding, at another call in Queries", "the same finding, at another call in Queries"}
	if !slices.Equal(related, want) {
		t.Errorf("related = %q, want %q", related, want)
	}

	a := nodeadline.NewAnalyzer(nodeadline.DefaultConfig())
	for _, flag := range []string{"every-call", "tests"} {
		if err := a.Flags.Set(flag, "true"); err != nil {
			t.Fatal(err)
		}
	}
	mod.Run(t, a, "./examples/each")
}

// TestSQLDrivers checks that a database/sql handle opened only with
// embedded or self-bounded drivers makes no outbound call, and that the
// same code on pgx, or on a handle or a driver name from the caller, is
// reported.
func TestSQLDrivers(t *testing.T) {
	t.Parallel()
	mod.Run(t, nodeadline.Analyzer, "./sqlstore", "./pgstore", "./dbopen", "./dbuser")
}

// TestCommandStreams checks that a stream opened by a function only main
// and cobra subcommands run is the program's, and that the same stream
// opened for an HTTP handler or in a goroutine is reported.
func TestCommandStreams(t *testing.T) {
	t.Parallel()
	mod.Run(t, nodeadline.Analyzer, "./watchcli")
}

// TestWrappers checks that a call through a generated gRPC client
// interface is bounded where a wrapper of the program that bounds that
// method is in sight, imported directly or not, and reported where only
// a pass-through wrapper, a wrapper bounding other methods, or the stub
// itself is.
func TestWrappers(t *testing.T) {
	t.Parallel()
	mod.Run(t, nodeadline.Analyzer, "./wrapped/...")
}

// TestBlockingDials checks grpc.Dial and DialContext told to wait for
// the channel: reported with no timeout and no deadline, in place and
// through a context parameter (in the package and by an importer), and
// quiet with grpc.WithTimeout, a context with a deadline, no WithBlock,
// grpc.NewClient, or options or a context out of sight.
func TestBlockingDials(t *testing.T) {
	t.Parallel()
	related := relatedMessages(mod.Run(t, nodeadline.Analyzer, "./grpcdial/..."))
	// The WithBlock outside the dial of dialSlice, createConn and
	// dialHelperOption (in blocking); the context dialTODO makes before
	// its dial; the hop of startBackground's chain.
	want := []string{
		"the context is made here, with no deadline",
		"the dial is told to wait for the connection here",
		"the dial is told to wait for the connection here",
		"the dial is told to wait for the connection here",
		"dialCtx passes the context on here",
	}
	if slices.Sort(related); !slices.Equal(related, slices.Sorted(slices.Values(want))) {
		t.Errorf("related = %q, want %q", related, want)
	}
}

// TestReachFactCodec: the fact, RetryIn included, round-trips through
// gob and stays small.
func TestReachFactCodec(t *testing.T) {
	f := &nodeadline.ReachFact{Param: 0, Via: []string{"sweep", "notify", "Client.SendMessage"}, Family: "an AWS call", Retried: true, RetryIn: "sqs.SendMessage"}
	var back nodeadline.ReachFact
	if n := testenv.FactRoundTrip(t, f, &back); n > 300 || back.RetryIn != f.RetryIn || back.String() != f.String() {
		t.Errorf("fact %s took %d bytes and came back as %s (RetryIn %q)", f, n, &back, back.RetryIn)
	}
}
