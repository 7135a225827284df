package nodeadline

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// A client field returned by an accessor of the package is the client
// its callers send on, when every caller is in sight (callers: the
// accessor is unexported, not generic, not a function value, and no
// interface of the package has a method of its name):
//
//	func newInventory() *inventory { return &inventory{http: &http.Client{}} }
//	func (s *inventory) client() *http.Client { return s.http }
//	resp, err := s.client().Do(req) // judged like s.http.Do(req)
//
// The returned client counts as configured when some caller may set one
// of the fields on what it gets (s.client().Timeout = d, a call handing
// it on), as the field itself would. An exported accessor, one that
// returns more than the client, or a result taken apart, keeps it out of
// sight.

// returnedConfigured reports whether a value returned by ret may be
// configured by the function's callers, or cannot be seen.
func (t *tracer) returnedConfigured(ret *ssa.Return, v ssa.Value, fields []string, seen map[ssa.Value]bool) bool {
	if t.results == nil || len(ret.Results) != 1 || ret.Results[0] != v {
		return true
	}
	vals, ok := t.results(ret.Parent())
	if !ok {
		return true
	}
	for _, r := range vals {
		if t.configuredSeen(engine.Source{Value: r}, fields, seen) {
			return true
		}
	}
	return false
}

// results returns the calls of fn, a declared function of the package
// with one result, when all of them are in sight.
func (c *checker) results(fn *ssa.Function) ([]ssa.Value, bool) {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || fn.Parent() != nil || fn.Signature.Results().Len() != 1 {
		return nil, false
	}
	sites, ok := c.callers(obj)
	if !ok {
		return nil, false
	}
	var out []ssa.Value
	for _, s := range sites {
		in, isCall := c.p.Call(c.p.Func(s.fn), s.call).(*ssa.Call)
		if !isCall || in.Common().StaticCallee() != fn {
			return nil, false
		}
		out = append(out, in)
	}
	return out, true
}
