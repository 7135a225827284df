package nonidempotent

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A request can carry what makes it safe to repeat in its body rather
// than in a header: a form field that only an idempotent protocol's
// requests have (OIDC Back-Channel Logout's logout_token, whose JWT holds
// a jti), or a field named like an idempotency key
// (idempotency_key=...). The body's form is read back from the argument
// through the calls that turn it into bytes:
//
//	body := url.Values{"logout_token": {token}}.Encode()
//	req, _ := retryablehttp.NewRequestWithContext(ctx, "POST", u, []byte(body))
//	http.PostForm(u, url.Values{"idempotency_key": {key}})
//
// Where the value is made does not matter here, as for a key header: a
// key made anew per attempt is keyregen's finding.

// bodyFields returns the constant names of the form fields a request
// body is made from: the keys of a url.Values (or any map with string
// keys) built with a literal, an index assignment or Set/Add, followed
// through string and []byte conversions, strings.NewReader,
// bytes.NewReader, bytes.NewBufferString, bytes.NewBuffer and
// url.Values.Encode. nil when the body is not read.
func (c *checker) bodyFields(v ssa.Value) []string {
	var names []string
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || depth > 10 || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.MakeInterface:
			walk(x.X, depth+1)
		case *ssa.Convert:
			walk(x.X, depth+1)
		case *ssa.ChangeType:
			walk(x.X, depth+1)
		case *ssa.MakeMap:
			names = append(names, mapKeys(x)...)
		case *ssa.Call:
			fn := engine.Callee(x)
			recv, args := operands(x)
			switch {
			case analysisutil.IsFunc(fn, "net/url", "Values", "Encode"):
				walk(recv, depth+1)
			case isBodyReader(fn) && len(args) == 1:
				walk(args[0], depth+1)
			}
		case *ssa.UnOp, *ssa.FreeVar, *ssa.Phi, *ssa.Parameter:
			if srcs := c.eng.Sources(v); !(len(srcs) == 1 && srcs[0] == v) {
				for _, s := range srcs {
					walk(s, depth+1)
				}
			}
		}
	}
	walk(v, 0)
	return names
}

// isBodyReader reports a function that wraps its one argument as a
// request body, unchanged.
func isBodyReader(fn *types.Func) bool {
	return analysisutil.IsFunc(fn, "strings", "", "NewReader") ||
		analysisutil.IsFunc(fn, "bytes", "", "NewReader") ||
		analysisutil.IsFunc(fn, "bytes", "", "NewBufferString") ||
		analysisutil.IsFunc(fn, "bytes", "", "NewBuffer")
}

// mapKeys returns the constant keys a map is given where it is made:
// url.Values{"k": {v}}, m["k"] = ..., m.Set("k", v), m.Add("k", v).
func mapKeys(m *ssa.MakeMap) []string {
	refs := m.Referrers()
	if refs == nil {
		return nil
	}
	var keys []string
	add := func(v ssa.Value) {
		if k, ok := v.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			keys = append(keys, constant.StringVal(k.Value))
		}
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			if r.Map == m {
				add(r.Key)
			}
		case *ssa.Call:
			fn := engine.Callee(r)
			recv, args := operands(r)
			if recv == m && len(args) == 2 && (analysisutil.IsFunc(fn, "net/url", "Values", "Set") || analysisutil.IsFunc(fn, "net/url", "Values", "Add")) {
				add(args[0])
			}
		}
	}
	return keys
}

// bodyArg returns the body argument of a catalogued call, or nil.
func bodyArg(in *ssa.Call, row *catalog.HTTPCall) ssa.Value {
	if row == nil || row.Body <= 0 {
		return nil
	}
	if _, args := operands(in); row.Body < len(args) {
		return args[row.Body]
	}
	return nil
}

// bodySafe reports whether a request body makes the request safe to
// repeat: a field of a protocol idempotent by contract, or a field named
// like an idempotency key.
func (c *checker) bodySafe(body ssa.Value) bool {
	if body == nil {
		return false
	}
	for _, name := range c.bodyFields(body) {
		if catalog.ProtocolOfBodyField(name) != nil {
			return true
		}
		if class, ok := c.keys.NameClass(name); ok && class == catalog.SinkKey {
			return true
		}
	}
	return false
}
