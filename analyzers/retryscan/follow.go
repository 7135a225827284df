package retryscan

import (
	"go/ast"
	"go/types"
)

// A retry's configuration is often built away from the call: kept in a
// struct field by a constructor, or returned by a helper of the package.
// configNodes reads both as if written in place:
//
//	type Store struct{ http *http.Client }
//	func New() *Store {
//		rc := retryablehttp.NewClient()
//		rc.RetryMax = 2
//		return &Store{http: rc.StandardClient()}
//	}
//	func (s *Store) Get(req *http.Request) { s.http.Do(req) }  // 3 attempts
//
//	func newBackoff() backoff.BackOff { b := backoff.NewExponentialBackOff(); b.MaxInterval = time.Minute; return b }
//	backoff.Retry(op, newBackoff())                           // capped
//
// A field is followed only when every write to it is visible: an
// unexported field of a struct of this package whose address is never
// taken (flow.Index.FieldComplete). Exported fields may be set by other
// packages; the recognizer stays quiet about them rather than guess.
// When a field is written several times, the configurations of all the
// writes are read together, as for a local variable assigned twice.

// followField returns the values written to the field sel selects, when
// they are all visible and the field holds a type a retry is configured
// with; nil otherwise.
func (s *scanner) followField(sel *ast.SelectorExpr, seen map[types.Object]bool) []ast.Expr {
	f := s.x.FieldOf(sel)
	if f == nil || seen[f] || !s.x.FieldComplete(f) || !s.configType(f.Type()) {
		return nil
	}
	seen[f] = true
	return s.x.FieldWrites(f)
}

// followCall returns what a helper function of this package returns as
// its first result, when the call's result is of a type a retry is
// configured with and every return is visible; nil otherwise.
func (s *scanner) followCall(call *ast.CallExpr, seen map[types.Object]bool) []ast.Expr {
	fn := s.calleeOf(call)
	if fn == nil || seen[fn] || fn.Pkg() != s.pass.Pkg || catalogued(fn) {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || !s.configType(sig.Results().At(0).Type()) {
		return nil
	}
	seen[fn] = true
	vals, ok := s.x.Returns(fn, 0)
	if !ok {
		return nil
	}
	return vals
}

// configType reports whether values of type t can carry retry
// configuration: a type of another module (a retry library's policy,
// client or option), an *http.Client (retryablehttp's StandardClient), a
// slice of those or a function (an option, a delay function). Following
// the package's own types and the standard library's would only cost
// time.
func (s *scanner) configType(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return s.configType(u.Elem())
	case *types.Slice:
		return s.configType(u.Elem())
	case *types.Signature:
		return true
	case *types.Named:
		obj := u.Obj()
		if obj.Pkg() == nil {
			return false
		}
		if obj.Pkg().Path() == "net/http" && obj.Name() == "Client" {
			return true
		}
		if obj.Pkg() != s.pass.Pkg && !isStd(obj.Pkg()) {
			return true
		}
		if _, ok := u.Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// funcOf returns the function declaration holding n as an ast.Node, nil
// (a nil interface) for code outside functions: a package-level var.
func (s *scanner) funcOf(n ast.Node) ast.Node {
	if d := s.declOf(n); d != nil {
		return d
	}
	return nil
}
