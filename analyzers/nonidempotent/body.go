package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

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
// url.Values.Encode; and the fields of a struct encoded with
// json.Marshal. nil when the body is not read. open is the parameter of
// interface type a JSON body is encoded from (PostJSON(ctx, path, v
// any)), whose fields only the callers know.
func (c *checker) bodyFields(v ssa.Value) (names []string, open *ssa.Parameter) {
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
		case *ssa.Extract:
			walk(x.Tuple, depth+1) // body, err := json.Marshal(v)
		case *ssa.Call:
			fn := engine.Callee(x)
			recv, args := operands(x)
			switch {
			case analysisutil.IsFunc(fn, "encoding/json", "", "Marshal") && len(args) == 1:
				if mi, ok := args[0].(*ssa.MakeInterface); ok {
					names = append(names, jsonFields(mi.X.Type(), 0)...)
					walk(mi.X, depth+1) // a map made here: its keys
				} else if p, ok := args[0].(*ssa.Parameter); ok && types.IsInterface(p.Type()) {
					open = p
				}
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
	return names, open
}

// jsonFields returns the names a struct (or a pointer to one) is encoded
// with: each field's Go name and JSON name, embedded structs' fields
// included.
func jsonFields(t types.Type, depth int) []string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || depth > 3 {
		return nil
	}
	var names []string
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() {
			names = append(names, jsonFields(f.Type(), depth+1)...)
			continue
		}
		names = append(names, fieldNames(st, i)...)
	}
	return names
}

// fieldNames returns a struct field's Go name and its JSON name.
func fieldNames(st *types.Struct, i int) []string {
	names := []string{st.Field(i).Name()}
	if tag, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ","); tag != "" && tag != "-" {
		names = append(names, tag)
	}
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
// like an idempotency key; open as bodyFields.
func (c *checker) bodySafe(body ssa.Value) (safe bool, open *ssa.Parameter) {
	if body == nil {
		return false, nil
	}
	names, open := c.bodyFields(body)
	return c.safeFields(names), open
}

// safeFields reports whether one of a body's field names makes it safe
// to repeat.
func (c *checker) safeFields(names []string) bool {
	for _, name := range names {
		if catalog.ProtocolOfBodyField(name) != nil {
			return true
		}
		if class, ok := c.keys.NameClass(name); ok && class == catalog.SinkKey {
			return true
		}
	}
	return false
}

// argKeyed reports whether a call of a function whose JSON body is
// encoded from one of its parameters (effect.bodyParam) passes a struct
// with a field named like an idempotency key there: set in a literal,
// or of a value made elsewhere, which may set it:
//
//	c.PostJSON(ctx, "/charges", Charge{Amount: a, IdempotencyKey: key}) // keyed
//	c.PostJSON(ctx, "/charges", Charge{Amount: a})                      // not
func (c *checker) argKeyed(call *ast.CallExpr, e *effect) bool {
	i := e.bodyParam - 1
	if i < 0 || i >= len(call.Args) {
		return false
	}
	arg := ast.Unparen(call.Args[i])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	if lit, ok := arg.(*ast.CompositeLit); ok && len(lit.Elts) > 0 {
		st, isStruct := c.info.TypeOf(lit).Underlying().(*types.Struct)
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed && isStruct {
			var set []string
			for _, el := range lit.Elts {
				id, ok := el.(*ast.KeyValueExpr).Key.(*ast.Ident)
				for i := range st.NumFields() {
					if ok && st.Field(i).Name() == id.Name {
						set = append(set, fieldNames(st, i)...)
					}
				}
			}
			return c.safeFields(set)
		}
	}
	t := c.info.TypeOf(arg)
	return t != nil && c.safeFields(jsonFields(t, 0))
}
