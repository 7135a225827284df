// Package inventory defines the analyzer behind `retrylint report`.
//
// # Analyzer inventory
//
// inventory: record retry sites and the calls between them for retrylint report
//
// The inventory analyzer is not a check: it reports nothing unless its
// -inventory.emit flag is set, which `retrylint report` does, and it
// returns at once otherwise, so a lint run pays nothing for it. It is not
// listed among the analyzers, in SARIF rules or in golangci-lint.
//
// With the flag set it sends, for each package, one diagnostic of the
// category "retrylint-inventory" whose message is the package's part of
// the retry topology as compact JSON (internal/topology.Unit): the retry
// sites the recognizer found, with their attempts and delays; the
// functions that reach a retry site or an outbound call, and which of
// them are entry points; the outbound calls (the catalog's rows: HTTP,
// gRPC, SQL, Redis, MongoDB, cloud SDKs, dials); and the edges between
// them: which function calls which, which site is in which function and
// which calls run inside which site's attempts. go vet carries the
// diagnostic back to the report driver in its JSON output, so the report
// is built from the same go vet run, with the same cache, as a lint run.
//
// Entry points are func main, exported functions and methods of exported
// types (outside package main), HTTP handlers (a func or method taking
// an http.ResponseWriter and an *http.Request) and gRPC service methods
// (methods of a type passed to a Register...Server function, or
// implementing a ...Server interface of protoc-gen-go-grpc).
//
// So that `retrylint report merge` can join the reports of several
// services, entry points carry what they serve and outbound calls what
// they call, where the code shows it as constants: the routes of
// net/http's ServeMux (Go 1.22 patterns), chi, gorilla/mux, echo and gin
// registrations, with their groups' prefixes; the gRPC methods of the
// generated service descriptors (grpc.ServiceDesc) a registered type
// serves; the method, host and path of an HTTP request (constants, +,
// fmt.Sprintf, url.JoinPath, url.URL) and the full method name of a
// generated gRPC stub or ClientConn.Invoke. What is not a constant is
// said to be unknown, and why.
//
// Each site carries its load budget, as the recognizer says it
// (retryscan's Site.LoadBudget, the code retrybudget's load-budget
// category reads too): a budget with the share of extra load it allows
// when its numbers are visible (gRPC retryThrottling r/(1+r), the
// aws-sdk-go-v2 token bucket's 1/14), a rate limiter run by every
// attempt, a budget switched off (ratelimit.None), none (a hand-written
// loop, cenkalti/backoff), or unknown with why (an AWS client built from
// a config the package does not show, a library's budget option not
// seen, a retry wrapper). The report turns the share b into what a full
// outage adds at that site: at most (1+b) times the calls instead of A
// times.
//
// The analyzer exports small facts: OutboundFact on every function that
// makes an outbound call, directly or through functions it calls, so
// that a call into another package is kept only when it leads somewhere
// (with its target when all its calls have one, as a generated stub's
// do), and GRPCMethodFact on the methods of a generated gRPC service
// interface, with the full method name its descriptor gives each.
//
// Limitations: a router that comes from a parameter or a field is taken
// to be mounted at the root, and a URL that starts with a value from
// configuration followed by a path is taken as origin and path; Connect's
// generated handlers and clients are not read. Calls through function
// values and interfaces of the program are not followed (interface methods the catalog knows, like
// gRPC client stubs, are outbound calls); a function literal counts as
// part of the function that writes it, unless it is returned or stored
// for later (then it is a node of its own that no path reaches); code in
// _test.go files and in the standard library is not part of the topology.
package inventory
