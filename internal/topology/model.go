// Package topology is the model of `retrylint report`: the retry sites of
// a codebase, the call graph restricted to retry layers (from entry points
// through every retry layer down to outbound calls), and the paths through
// it with their amplification. The driver builds a Report from one analysis
// run; the renderers in this package (md, json, dot, html) only read it.
//
// The JSON encoding of Report is the documented, versioned schema of
// `retrylint report -format=json` (docs/report.md): fields are added, never
// renamed or removed, without a new Schema number. Slices are sorted (sites
// and nodes by position, paths by amplification), so equal code gives equal
// bytes.
package topology

// Schema is the version of the JSON encoding of Report. Version 2 added
// what entry points serve and outbound calls target (the join of
// `retrylint report merge`), the service a report is of, the merged
// report's services and links, and the reasons for what is not known;
// merge reads version 2 only.
const Schema = 2

// Report is the retry topology of the analyzed packages.
type Report struct {
	Schema int `json:"schema"`
	// Tool is the binary's name and version: "retrylint (devel)".
	Tool string `json:"tool"`
	// Service names what the report is of: the module path of the
	// analyzed code, or the -service flag. Empty in a merged report,
	// whose Services name them.
	Service string `json:"service,omitempty"`
	// P is the per-attempt failure probability E[N] is computed at (-p).
	P     float64 `json:"p"`
	Sites []Site  `json:"sites"`
	Nodes []Node  `json:"nodes"`
	Edges []Edge  `json:"edges"`
	// Paths run from an entry point to an outbound call through at least
	// one retry layer, highest amplification first.
	Paths []Path `json:"paths"`
	// Limits are the caps path enumeration ran with, and whether one was
	// reached (then Paths holds the highest amplifications found, not
	// every path).
	Limits Limits `json:"limits"`
	// Findings are the analyzers' findings at no retry site (a call with
	// no deadline outside any retry, a stale directive).
	Findings []Finding `json:"findings,omitempty"`

	// A merged report (retrylint report merge) also has these.
	Services []Service  `json:"services,omitempty"`
	Links    []Link     `json:"links,omitempty"`
	Unjoined []Unjoined `json:"unjoined,omitempty"`
	Cycles   []Cycle    `json:"cycles,omitempty"`
}

// Limits bound path enumeration: a graph with many entry points and
// shared helpers has more paths than anyone reads.
type Limits struct {
	// PathsPerEntry caps the paths kept from one entry point (the
	// highest amplification first), MaxPaths the paths of the report,
	// MaxDepth the nodes of one path.
	PathsPerEntry int `json:"paths_per_entry"`
	MaxPaths      int `json:"max_paths"`
	MaxDepth      int `json:"max_depth"`
	// Truncated says a cap was reached.
	Truncated bool `json:"truncated,omitempty"`
}

// Site is one retry site, as the recognizer sees it.
type Site struct {
	// ID is stable for the same code: "s" + the site's index in
	// position order.
	ID  string `json:"id"`
	Pos Pos    `json:"pos"`
	// Package is the import path, Func the enclosing function as the
	// diagnostics name it ("(*pkg.Client).Get", "pkg.fetch").
	Package string `json:"package"`
	Func    string `json:"func"`
	// Kind is the recognizer's kind: "loop", "library", "client",
	// "wrapper", "retrier".
	Kind string `json:"kind"`
	// Name is the display name: "retry loop", "backoff.Retry".
	Name string `json:"name"`
	// Library is the import path of the retry library or retrying client,
	// empty for loops and user wrappers.
	Library string `json:"library,omitempty"`
	// Attempts is N > 0, AttemptsUnknown or AttemptsUnbounded.
	Attempts int `json:"attempts"`
	// The delay policy. Durations are seconds; a nil pointer (an absent
	// field) is a value the code does not show as a constant.
	BaseDelay *float64 `json:"base_delay_s,omitempty"`
	MaxDelay  *float64 `json:"max_delay_s,omitempty"`
	// Capped and Jitter are "yes", "no" or "unknown".
	Capped string `json:"capped"`
	Jitter string `json:"jitter"`
	// Delay is the shape of the wait between attempts: "exponential",
	// "constant", "linear", "none", or absent when not visible.
	Delay string `json:"delay,omitempty"`
	// AttemptTimeout bounds one attempt; WorstCase is the longest the
	// whole retry can take (attempt timeouts plus waits), when every term
	// is a visible constant.
	AttemptTimeout *float64 `json:"attempt_timeout_s,omitempty"`
	WorstCase      *float64 `json:"worst_case_s,omitempty"`
	// LoadBudget is what keeps the site's retries from multiplying the
	// load on a dependency that is down; absent in a report written
	// before it was recorded.
	LoadBudget *LoadBudget `json:"load_budget,omitempty"`
	// Findings are the analyzers' findings at this site: reported at its
	// position or inside its attempt body.
	Findings []Finding `json:"findings,omitempty"`
	// Body is the extent of the attempt body, for sites whose body is
	// code of their package (loops, function literals).
	Body *Span `json:"body,omitempty"`
	// Until says what ends a retry with no attempt limit that counts as
	// a finite but unknown number of attempts: "ctx" (a context),
	// "time" (an elapsed-time limit), "ctx or time".
	Until string `json:"until,omitempty"`
	// AttemptsWhy says why Attempts is not a number: "attempts come
	// from package variable maxRetries".
	AttemptsWhy string `json:"attempts_why,omitempty"`
	// Unresolved says, for a site whose attempts reach no outbound call
	// the report knows, what they call instead.
	Unresolved string `json:"unresolved,omitempty"`
	// Source holds the site's lines, for the HTML page's detail panel.
	Source *Source `json:"source,omitempty"`
	// Service is the site's service, in a merged report.
	Service string `json:"service,omitempty"`
}

// LoadBudget is a retry site's load budget: a budget caps retries at a
// share of the calls, so a full outage sends at most (1 + Share) times
// the calls instead of Attempts times.
type LoadBudget struct {
	// Kind is "budget" (gRPC retryThrottling, the aws-sdk-go-v2 retry
	// token bucket, a library's budget option), "limiter" (a rate
	// limiter runs every attempt: it caps the rate of calls, not the
	// share of retries), "off" (the mechanism has a budget and the code
	// turns it off: ratelimit.None), "none" (the mechanism has none: a
	// hand-written loop, cenkalti/backoff) or "unknown" (the code does
	// not show it).
	Kind string `json:"kind"`
	// Share is, for a budget whose numbers are visible, the most extra
	// load its retries add, as a share of the calls (0.0909 for
	// retryThrottling with tokenRatio 0.1).
	Share *float64 `json:"share,omitempty"`
	// What names the mechanism: "retryThrottling (maxTokens 10,
	// tokenRatio 0.1)", "ratelimit.None", "hand-written loop".
	What string `json:"what,omitempty"`
	// Why says why Kind is "unknown".
	Why string `json:"why,omitempty"`
}

// Load budget kinds.
const (
	BudgetOn      = "budget"
	BudgetLimiter = "limiter"
	BudgetOff     = "off"
	BudgetNone    = "none"
	BudgetUnknown = "unknown"
)

// Source is some lines of a file, the first of them numbered Line.
type Source struct {
	Line  int      `json:"line"`
	Lines []string `json:"lines"`
	// Cut says lines after the last were left out.
	Cut bool `json:"cut,omitempty"`
}

// Span is a range of lines of one file.
type Span struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
}

// Attempt counts that are not a number.
const (
	AttemptsUnknown   = 0
	AttemptsUnbounded = -1
)

// Pos is a source position; File is relative to the report's root when
// the file is under it.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col,omitempty"`
}

// Finding is one diagnostic at a site.
type Finding struct {
	Analyzer string `json:"analyzer"`
	Category string `json:"category,omitempty"`
	Message  string `json:"message"`
	Pos      Pos    `json:"pos"`
	// Service is the finding's service, in a merged report.
	Service string `json:"service,omitempty"`
}

// NodeKind says what a node of the graph is.
type NodeKind string

const (
	// NodeEntry is an entry point: main, an exported function of an
	// analyzed package, an HTTP handler, a gRPC service method.
	NodeEntry NodeKind = "entry"
	// NodeFunc is a function on a path between an entry point and a
	// retry layer or between two layers.
	NodeFunc NodeKind = "func"
	// NodeRetry is a retry layer: one Site.
	NodeRetry NodeKind = "retry"
	// NodeOutbound is an outbound call (HTTP, gRPC, SQL, Redis, Kafka, a
	// cloud SDK), from the catalog's rows.
	NodeOutbound NodeKind = "outbound"
)

// Node is one vertex of the topology graph.
type Node struct {
	// ID is stable for the same code: "n" + the node's index in
	// position order.
	ID    string   `json:"id"`
	Kind  NodeKind `json:"kind"`
	Label string   `json:"label"`
	Pos   Pos      `json:"pos"`
	// Site is the Site.ID of a retry node.
	Site string `json:"site,omitempty"`
	// Entry says why an entry node is one: "main", "http", "grpc",
	// "exported".
	Entry string `json:"entry,omitempty"`
	// Package is the import path of the node's code (for an outbound
	// node, of the code making the call).
	Package string `json:"package,omitempty"`
	// Attempts is the site's attempts for a retry node, 1 otherwise.
	Attempts int `json:"attempts"`
	// Serves are what an entry point serves (HTTP routes, gRPC methods)
	// where the code registers it with a constant route.
	Serves []Target `json:"serves,omitempty"`
	// Target is what an outbound call calls, as far as it is known.
	Target *Target `json:"target,omitempty"`
	// Unresolved marks the outbound node that stands for what a retry's
	// attempts call when the report knows no outbound call below it, and
	// says why: a call through an interface, a function value.
	Unresolved string `json:"unresolved,omitempty"`
	// Service is the node's service, in a merged report.
	Service string `json:"service,omitempty"`
}

// Edge is a call (or an attempt running its body) from one node to
// another.
type Edge struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Link marks, in a merged report, an edge from an outbound call of
	// one service to the entry point of another that serves it.
	Link bool `json:"link,omitempty"`
}

// Path is one chain from an entry point to an outbound call.
type Path struct {
	// Nodes are Node IDs, entry first, outbound last.
	Nodes []string `json:"nodes"`
	// Layers is the number of retry nodes on the path.
	Layers int `json:"layers"`
	// Amplification is the calls one request makes to the outbound
	// target at full outage: the product of the layers' attempts, or
	// AttemptsUnknown / AttemptsUnbounded when a layer's count is.
	Amplification int `json:"amplification"`
	// Expected is E[N] at the report's P, multiplied layer by layer;
	// absent when a layer's attempts are not a number.
	Expected *float64 `json:"expected,omitempty"`
	// WorstCase is the longest the path's retries can take, seconds,
	// when every layer's worst case is known: each layer's worst case
	// with its attempts multiplied by the layers above it.
	WorstCase *float64 `json:"worst_case_s,omitempty"`
	// AtLeast is, when Amplification is unknown, the product of the
	// layers whose attempts are known: every layer makes one attempt at
	// least, so the path makes at least that many calls.
	AtLeast int `json:"at_least,omitempty"`
	// Until says, when a layer has no attempt limit, what ends it
	// ("ctx", "time", "ctx or time"): the path is unbounded unless that
	// ends it.
	Until string `json:"until,omitempty"`
}
