package topology

import (
	"cmp"
	"slices"
	"strings"
)

// demoteInternal makes an exported function of an internal package a
// plain function when something in the report calls it: only its own
// module can call it, and the report sees those callers, so as an entry
// point it would only repeat their paths. One nothing here calls stays
// an entry point (its callers are outside the report's patterns).
func (g *graph) demoteInternal() {
	called := map[string]bool{}
	for _, n := range g.order {
		for _, to := range g.out[n.key] {
			called[to] = true
		}
	}
	for _, n := range g.order {
		if n.Kind == NodeEntry && n.Entry == EntryExported && called[n.key] && isInternal(n.Package) {
			n.Kind, n.Entry = NodeFunc, ""
		}
	}
}

func isInternal(pkg string) bool {
	return strings.HasPrefix(pkg, "internal/") || strings.HasSuffix(pkg, "/internal") || strings.Contains(pkg, "/internal/")
}

// unresolved gives each retry site whose attempts reach no outbound call
// the report knows an outbound node that stands for what they call, so
// that the site lies on the paths of its callers; the node says why it
// is not known (Site.Unresolved).
func (g *graph) unresolved() {
	var outs []string
	for _, n := range g.order {
		if n.Kind == NodeOutbound {
			outs = append(outs, n.key)
		}
	}
	in := map[string][]string{}
	for _, n := range g.order {
		for _, to := range g.out[n.key] {
			in[to] = append(in[to], n.key)
		}
	}
	toOut := reach(outs, in)
	for _, s := range g.sites {
		if toOut[s.key] || g.nodes[s.key] == nil {
			s.Unresolved = "" // it reaches out: nothing to explain
			continue
		}
		if below := reach(g.out[s.key], g.out); slices.ContainsFunc(g.sites, func(o *gsite) bool { return o != s && below[o.key] }) {
			continue // a retry its attempts run gets the node, and this one reaches it
		}
		why := cmp.Or(s.Unresolved, "its attempts reach no outbound call the report knows")
		key := "u:" + s.key
		n := &gnode{Node: Node{Kind: NodeOutbound, Label: "unresolved call", Pos: s.Pos, Package: s.Package, Attempts: 1, Unresolved: why}, key: key}
		g.nodes[key] = n
		g.order = append(g.order, n)
		g.edge(s.key, key)
	}
}

// relevant returns the nodes the report shows: every retry node, the
// functions on the way to one, and what the retry layers call on the way
// to an outbound call. Entry points and outbound calls with no retry
// layer between them are not a retry topology, with two exceptions that
// are where services meet, which `retrylint report merge` joins: an
// entry point that serves a route or a gRPC method, with what it calls
// on the way to an outbound call; and an outbound call whose target is
// known, with what leads to it from an entry point.
func (g *graph) relevant() map[string]bool {
	in := map[string][]string{}
	for _, n := range g.order {
		for _, to := range g.out[n.key] {
			in[to] = append(in[to], n.key)
		}
	}
	var retries, outs, serving, entries, targeted []string
	for _, n := range g.order {
		switch n.Kind {
		case NodeRetry:
			retries = append(retries, n.key)
		case NodeOutbound:
			outs = append(outs, n.key)
			if n.Target.Known() {
				targeted = append(targeted, n.key)
			}
		case NodeEntry:
			entries = append(entries, n.key)
			if len(n.Serves) > 0 {
				serving = append(serving, n.key)
			}
		}
	}
	toOut := reach(outs, in) // what reaches an outbound call
	keep := map[string]bool{}
	both := func(a, b map[string]bool) {
		for k := range a {
			if b == nil || b[k] {
				keep[k] = true
			}
		}
	}
	both(reach(retries, in), nil)                    // retry nodes and their callers
	both(reach(retries, g.out), toOut)               // what retry layers run
	both(reach(serving, g.out), toOut)               // what served routes call
	both(reach(entries, g.out), reach(targeted, in)) // the way to calls of other services
	for _, k := range serving {
		keep[k] = true
	}
	return keep
}

// reach returns the nodes reachable from roots along adj, roots included.
func reach(roots []string, adj map[string][]string) map[string]bool {
	seen := map[string]bool{}
	stack := slices.Clone(roots)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[k] {
			continue
		}
		seen[k] = true
		stack = append(stack, adj[k]...)
	}
	return seen
}
