package q // want `"kind":"retrier","name":"p.Get",.*"callee":"example.com/inv/p.Get","reaches":"an HTTP call"\}\],"out":\[\{"key":"x:example.com/inv/p.Ping","label":"p.Ping","family":"an HTTP call"[^]]*\],"edges":\[\{"from":"example.com/inv/q.Sync","to":"s:[^"]*q.go:7:38"\},\{"from":"example.com/inv/q.Check","to":"example.com/inv/p.Ping"\},\{"from":"example.com/inv/q.Check","to":"x:example.com/inv/p.Ping"\}\]\}$`

import "example.com/inv/p"

// Sync calls p.Get, which retries inside: a retrier site that the report
// turns into an edge to p.Get when p is in the report.
func Sync(url string) error { return p.Get(url) } // want Sync:`outbound`

// Check calls p.Ping: a plain edge into another package, kept because
// p.Ping has the fact, and the outbound node that stands for p.Ping when
// p is not in the report.
func Check(url string) error { return p.Ping(url) } // want Check:`outbound`

// Local does nothing anyone retries: no edge.
func Local() int { return len("x") }
