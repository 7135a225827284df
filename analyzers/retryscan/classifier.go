package retryscan

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// ClassifierFact is exported for a function of the package that decides
// on an attempt's outcome and answers a bool, so that a retry in another
// package can read the decision its call makes:
//
//	// package httpx
//	func IsRetryable(err error) bool {
//		var apiErr *APIError
//		if errors.As(err, &apiErr) {
//			return apiErr.StatusCode != http.StatusBadRequest
//		}
//		return true
//	}
//
//	// package client: a 404 goes round
//	if !httpx.IsRetryable(err) {
//		return err
//	}
//
// Table holds the function's answer in each case of
// engine.ClassCases (a response with a status, an error carrying one, a
// gRPC code, the context's errors), as read from its body; a case the
// body does not decide is unknown.
//
// A checker, a function handed a response or a status that returns an
// error (engine.Check), has the fact too, with Check set: its table says
// whether it returns a non-nil error, so that an operation of another
// package that returns its error fails on the statuses it refuses:
//
//	// package httpx
//	func CheckResponse(resp *http.Response) error {
//		if resp.StatusCode/100 == 2 {
//			return nil
//		}
//		return fmt.Errorf("status %d", resp.StatusCode)
//	}
//
// The engine tells the two apart by the function's type (a classifier's
// first result is a bool, a checker's last is an error); Check says it
// in the fact's rendering.
type ClassifierFact struct {
	Table []catalog.Tri
	Check bool
}

func (*ClassifierFact) AFact() {}

// String renders the fact for tests, the cases it decides among a few:
// classifier(404=yes 503=yes typed404=yes canceled=no), and a checker's
// with its answer for a 2xx: checker(200=no 404=yes 503=yes).
func (f *ClassifierFact) String() string {
	var parts []string
	for i, c := range engine.ClassCases() {
		if i >= len(f.Table) {
			break
		}
		var name string
		switch {
		case c.Kind == engine.CaseResponse && (c.N == 404 || c.N == 503 || f.Check && c.N == 200):
			name = fmt.Sprint(c.N)
		case c.Kind == engine.CaseTyped && (c.N == 404 || c.N == 503):
			name = fmt.Sprintf("typed%d", c.N)
		case c.Kind == engine.CaseGRPC && c.N == 5:
			name = "NotFound"
		case c.Kind == engine.CaseGRPC && c.N == 14:
			name = "Unavailable"
		case c.Kind == engine.CaseCanceled:
			name = "canceled"
		default:
			continue
		}
		if f.Table[i] != catalog.TriUnknown {
			parts = append(parts, name+"="+f.Table[i].String())
		}
	}
	kind := "classifier"
	if f.Check {
		kind = "checker"
	}
	return kind + "(" + strings.Join(parts, " ") + ")"
}

// PushbackFact is exported for a function of the package that names
// the Retry-After header and returns a duration or a number: a wait
// computed from it is as long as the server says.
//
//	func RetryAfter(resp *http.Response) time.Duration {
//		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
//		return time.Duration(secs) * time.Second
//	}
type PushbackFact struct{}

func (*PushbackFact) AFact() {}

func (*PushbackFact) String() string { return "pushback" }

// exportClassifiers exports a ClassifierFact for each exported function
// and method of the package that is shaped like a classifier (a bool
// first result, a parameter that can carry an outcome) or a checker (an
// error last result, a response or status parameter) and whose body
// names a status or a code (StatusCode, http.StatusNotFound,
// codes.NotFound, status.Code, context.Canceled): only those build SSA.
func (s *scanner) exportClassifiers() {
	for _, fi := range s.funcs {
		sig := fi.obj.Type().(*types.Signature)
		res := sig.Results()
		if fi.obj.Exported() && fi.decl.Body != nil && res.Len() > 0 && analysisutil.IsNumeric(res.At(0).Type()) && s.namesRetryAfter(fi.decl.Body) {
			s.pass.ExportObjectFact(fi.obj, new(PushbackFact))
		}
		if !fi.obj.Exported() || fi.decl.Body == nil {
			continue
		}
		classifier := s.eng.ClassifierShaped(fi.obj)
		check := s.eng.CheckerShaped(fi.obj) // never both: a checker's first result is no bool
		if !classifier && !check || !s.namesOutcomeIn(fi.decl.Body, classifierDepth) {
			continue
		}
		s.at.Func(fi.decl)
		read := s.eng.Classify
		if check {
			read = s.eng.Check
		}
		if t := read(s.eng.Func(fi.decl)); t != nil {
			f := &ClassifierFact{Table: t, Check: check}
			s.pass.ExportObjectFact(fi.obj, f)
			s.classifiers.put(fi.obj, f)
		}
	}
}

// classifierDepth is how many calls down namesOutcomeIn looks: as deep
// as the engine reads the package's helpers.
const classifierDepth = 2

// namesOutcomeIn reports whether a body, or the body of a function of
// the package it calls (depth calls down), reads a status or a code:
//
//	func ShouldRetry(err error) bool { return retryableStatus(statusOf(err)) }
//	func retryableStatus(code int) bool { return code >= 500 || code == http.StatusTooManyRequests }
func (s *scanner) namesOutcomeIn(body *ast.BlockStmt, depth int) bool {
	return s.inBodyOrCallees(body, depth, s.namesOutcome)
}

// inBodyOrCallees reports whether f holds for a body or for the body of
// a function of the package it calls, depth calls down.
func (s *scanner) inBodyOrCallees(body *ast.BlockStmt, depth int, f func(*ast.BlockStmt) bool) bool {
	if f(body) {
		return true
	}
	return depth > 0 && anyNode(body, false, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		fi := s.byObj[analysisutil.Callee(s.info, call)]
		return fi != nil && fi.decl.Body != nil && fi.decl.Body != body && s.inBodyOrCallees(fi.decl.Body, depth-1, f)
	})
}

// namesOutcome reports whether a body reads a status or a code: a
// field or method named like a status (StatusCode, HTTPStatusCode), a
// catalogued library's status field (googleapi.Error.Code), a name of
// net/http, gRPC's codes and
// status packages, the context's errors, a predicate of apimachinery's
// api/errors (apierrors.IsNotFound), or an integer in the range of
// HTTP statuses (code >= 500, case 404).
func (s *scanner) namesOutcome(body *ast.BlockStmt) bool {
	// A bare number is a status only in a package that speaks HTTP:
	// elsewhere 127, 255 or 511 are masks and sizes (x/sys/unix's
	// WaitStatus methods, codecs), and their packages would build SSA
	// under every go vet run for a classifier they do not have.
	http := analysisutil.Imports(s.pass.Pkg, "net/http")
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if lit, ok := n.(*ast.BasicLit); ok && http {
			// code >= 500, case 404: a constant in the range of HTTP statuses
			if tv := s.info.Types[lit].Value; tv != nil && tv.Kind() == constant.Int {
				v, ok := constant.Int64Val(tv)
				found = ok && v >= 100 && v < 600
			}
			return false
		}
		if se, ok := n.(*ast.SelectorExpr); ok {
			// he.Status of an HTTPError: a status by its type's name
			if engine.HTTPStatusField(s.info.Selections[se]) {
				found = true
				return false
			}
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj := s.info.Uses[id]
		if obj == nil {
			return true
		}
		switch analysisutil.PkgPath(obj) {
		case "net/http", "google.golang.org/grpc/codes", "google.golang.org/grpc/status":
			found = true
		case "context":
			found = obj.Name() == "Canceled" || obj.Name() == "DeadlineExceeded"
		}
		if fn, ok := obj.(*types.Func); ok && catalog.LookupStatusPredicate(fn) != nil {
			found = true // apierrors.IsConflict(err): tests the status
		}
		found = found || engine.StatusName(id.Name) || catalog.NamesStatusField(obj)
		return !found
	})
	return found
}

// namesRetryAfter reports whether a body names the Retry-After header
// as a constant.
func (s *scanner) namesRetryAfter(body *ast.BlockStmt) bool {
	return anyNode(body, false, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return false
		}
		v := s.info.Types[e].Value
		return v != nil && v.Kind() == constant.String && strings.EqualFold(constant.StringVal(v), catalog.RetryAfterHeader)
	})
}

// ReadsRetryAfter reports whether a function of another package computes
// a value from the Retry-After header (PushbackFact).
func (r *Result) ReadsRetryAfter(fn *types.Func) bool {
	return r.pushback != nil && fn != nil && r.pushback(fn)
}

// classifierOf returns the table of another package's classifier, from
// its fact, imported once; nil when it has none.
func (s *scanner) classifierOf(fn *types.Func) []catalog.Tri {
	if f := importFact(s.pass, s.classifiers, fn, new(ClassifierFact)); f != nil {
		return f.Table
	}
	return nil
}

// Classifier returns the classifier fact of fn: one the package exports,
// or one of another package's function the package calls.
func (r *Result) Classifier(fn *types.Func) (*ClassifierFact, bool) {
	f, _ := r.classifiers.lookup(fn)
	return f, f != nil
}
