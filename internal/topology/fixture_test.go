package topology

import (
	"cmp"
	"slices"
	"strconv"
)

// chainFixture is a service with the three-layer chain the report exists
// for: the Checkout handler places an order (a retry loop of 3), each
// attempt charges a payment (backoff.Retry, 5 attempts), each of those
// sends to the bank (retry-go, 3 attempts) over HTTP: 3 × 5 × 3 = 45 calls
// per request at full outage. Refund enters at the payment layer (5 × 3 =
// 15), and a worker polls the database in a loop that never stops.
func chainFixture() *Report {
	sec := func(s float64) *float64 { return &s }
	r := &Report{
		Schema: Schema,
		Tool:   "retrylint (devel)",
		P:      0.1,
		Sites: []Site{
			{ID: "s0", Pos: Pos{File: "bank/conn.go", Line: 40, Col: 3}, Package: "example.com/shop/bank",
				Func: "(*bank.Conn).Send", Kind: "library", Name: "retry.Do", Library: "github.com/avast/retry-go/v4",
				Attempts: 3, BaseDelay: sec(0.1), MaxDelay: sec(1), Capped: "yes", Jitter: "yes",
				AttemptTimeout: sec(2), WorstCase: sec(6.3),
				Source: &Source{Line: 39, Lines: []string{
					"func (c *Conn) Send(ctx context.Context, req *http.Request) error {",
					"	return retry.Do(func() error {",
					"		resp, err := c.hc.Do(req.WithContext(ctx))",
				}}},
			{ID: "s1", Pos: Pos{File: "orders/client.go", Line: 22, Col: 2}, Package: "example.com/shop/orders",
				Func: "(*orders.Client).Place", Kind: "loop", Name: "retry loop",
				Attempts: 3, Capped: "unknown", Jitter: "no",
				Source: &Source{Line: 22, Lines: []string{
					"	for attempt := 0; attempt < 3; attempt++ {",
					"		if err = payments.Charge(ctx, o); err == nil {",
					"			return nil",
					"		}",
					"	}",
				}},
				Findings: []Finding{{Analyzer: "nestedretry", Category: "nested",
					Message: "retry loop runs payments.Charge, which retries 5 times: 3 × 5 × 3 = 45 calls per request at full outage; retry at one layer only",
					Pos:     Pos{File: "orders/client.go", Line: 24, Col: 10}}}},
			{ID: "s2", Pos: Pos{File: "payments/charge.go", Line: 31, Col: 9}, Package: "example.com/shop/payments",
				Func: "payments.Charge", Kind: "library", Name: "backoff.Retry", Library: "github.com/cenkalti/backoff/v4",
				Attempts: 5, BaseDelay: sec(0.5), MaxDelay: sec(10), Capped: "yes", Jitter: "yes"},
			{ID: "s3", Pos: Pos{File: "worker/poll.go", Line: 15, Col: 2}, Package: "example.com/shop/worker",
				Func: "worker.poll", Kind: "loop", Name: "retry loop",
				Attempts: AttemptsUnbounded, BaseDelay: sec(1), Capped: "no", Jitter: "no",
				Findings: []Finding{{Analyzer: "unboundedbackoff", Category: "unbounded",
					Message: "retry loop never stops: a dead database keeps it calling forever; bound the attempts or the elapsed time",
					Pos:     Pos{File: "worker/poll.go", Line: 15, Col: 2}}}},
		},
	}
	node := func(kind NodeKind, label, file string, line int, site string, attempts int) {
		r.Nodes = append(r.Nodes, Node{ID: "n" + strconv.Itoa(len(r.Nodes)), Kind: kind, Label: label,
			Pos: Pos{File: file, Line: line}, Site: site, Attempts: attempts})
	}
	node(NodeEntry, "(*api.Server).Checkout", "api/server.go", 20, "", 1)                    // n0
	node(NodeEntry, "(*api.Server).Refund", "api/server.go", 48, "", 1)                      // n1
	node(NodeFunc, "(*orders.Client).Place", "orders/client.go", 15, "", 1)                  // n2
	node(NodeRetry, "retry loop ×3", "orders/client.go", 22, "s1", 3)                        // n3
	node(NodeEntry, "payments.Charge", "payments/charge.go", 25, "", 1)                      // n4
	node(NodeRetry, "backoff.Retry ×5", "payments/charge.go", 31, "s2", 5)                   // n5
	node(NodeFunc, "(*bank.Conn).Send", "bank/conn.go", 33, "", 1)                           // n6
	node(NodeRetry, "retry.Do ×3", "bank/conn.go", 40, "s0", 3)                              // n7
	node(NodeOutbound, "(*net/http.Client).Do (http)", "bank/conn.go", 44, "", 1)            // n8
	node(NodeEntry, "main.main", "cmd/worker/main.go", 9, "", 1)                             // n9
	node(NodeFunc, "worker.poll", "worker/poll.go", 10, "", 1)                               // n10
	node(NodeRetry, "retry loop ×∞", "worker/poll.go", 15, "s3", AttemptsUnbounded)          // n11
	node(NodeOutbound, "(*database/sql.DB).QueryContext (sql)", "worker/poll.go", 17, "", 1) // n12
	r.Nodes[0].Entry, r.Nodes[0].Serves = EntryHTTP, []Target{{Method: "POST", Path: "/checkout/{cart}"}}
	r.Nodes[1].Entry = EntryHTTP
	r.Nodes[4].Entry = EntryExported // called by the orders loop: a function with callers, not where requests come in
	r.Nodes[9].Entry = EntryMain
	r.Nodes[8].Target = &Target{Method: "POST", Path: "/transfers", Unknown: "the host comes from field base"}
	// A finding at no retry site: counted in the header.
	r.Findings = []Finding{{Analyzer: "nodeadline", Category: "no-deadline", Pos: Pos{File: "api/health.go", Line: 12, Col: 9},
		Message: "http.Get uses http.DefaultClient, which has no timeout: the request can wait forever; use a client with Timeout or a request context with a deadline"}}
	for _, e := range [][2]int{{0, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {1, 4}, {9, 10}, {10, 11}, {11, 12}} {
		r.Edges = append(r.Edges, Edge{From: "n" + strconv.Itoa(e[0]), To: "n" + strconv.Itoa(e[1])})
	}
	for _, p := range [][]int{{0, 2, 3, 4, 5, 6, 7, 8}, {1, 4, 5, 6, 7, 8}, {9, 10, 11, 12}} {
		r.Paths = append(r.Paths, fixturePath(r, p))
	}
	slices.SortStableFunc(r.Paths, func(a, b Path) int {
		return -cmp.Compare(amp(a.Amplification).Sort, amp(b.Amplification).Sort)
	})
	return r
}

// fixturePath computes a path's numbers with the package's arithmetic.
func fixturePath(r *Report, idx []int) Path {
	var p Path
	var attempts []int
	for _, i := range idx {
		n := r.Nodes[i]
		p.Nodes = append(p.Nodes, n.ID)
		if n.Kind == NodeRetry {
			p.Layers++
			attempts = append(attempts, n.Attempts)
		}
	}
	p.Amplification = Amplify(attempts...)
	if e, ok := ExpectedPath(r.P, attempts...); ok {
		p.Expected = &e
	}
	return p
}
