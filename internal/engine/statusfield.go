package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Where a typed error keeps the HTTP status of the answer it reports.
//
//	type APIError struct{ StatusCode int }          // by its name
//	type StatusError struct{ Code int }             // googleapi.Error: from the catalog
//	type ErrorResponse struct{ Response *http.Response } // go-github: the response itself
//	func (e *ResponseError) HTTPStatusCode() int    // smithy-go: a method by its name
//
// A field named Code or Status is as often an application's own code
// (ae.Code == 1001) as a status: read as one, a classifier that stops on
// 1001 would retry every 4xx. It counts only for a catalogued library
// type, or where the package itself shows that it holds a status: it
// assigns a status into it, or compares it with a net/http status.
//
//	return &StatusError{Code: resp.StatusCode}
//	if se.Code == http.StatusNotFound { ... }
//
// Evidence in another package (the one that declares the type) is not
// seen: there the field stays unknown, and so does a decision read from it.
// The type's own name is evidence anywhere: a field Code or Status of a
// type named for HTTP holds the answer's status, not an application's
// code (echo's HTTPError.Code, a retry package's own HTTPError.Status
// that another package fills with resp.StatusCode).
//
//	type HTTPError struct{ Status int; Err error }

// statusNames are names that say a field or method holds an HTTP
// status, compared without case (statusCode, HttpStatus).
var statusNames = []string{"statuscode", "httpstatuscode", "httpstatus", "httpcode"}

// StatusName reports a field or method name that says it holds an HTTP
// status.
func StatusName(name string) bool {
	for _, s := range statusNames {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

// looseStatusName reports a name that may hold a status or a code
// (statusCode, code, httpStatus): enough where the integer is also
// compared with 404 or handed to a function of a response's error, not
// for a field of a typed error (StatusName).
func looseStatusName(name string) bool {
	name = strings.ToLower(name)
	return strings.Contains(name, "status") || strings.Contains(name, "code")
}

// structOf returns the named type (nil for a literal) and the struct of
// t or of what t points to.
func structOf(t types.Type) (*types.Named, *types.Struct) {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	n, _ := t.(*types.Named)
	return n, st
}

// namesStatus reports a struct with an integer field named like a status:
// its other fields are something else.
func namesStatus(st *types.Struct) bool {
	for i := range st.NumFields() {
		if f := st.Field(i); StatusName(f.Name()) && isInt(f.Type()) {
			return true
		}
	}
	return false
}

// isStatusField reports whether field f of the struct st (of the named
// type n, nil for a literal) holds an HTTP status: named like one, or,
// in a struct with no such field, catalogued or shown by the package.
func (p *Program) isStatusField(n *types.Named, st *types.Struct, f *types.Var) bool {
	if !isInt(f.Type()) {
		return false
	}
	if StatusName(f.Name()) {
		return true
	}
	if namesStatus(st) {
		return false
	}
	if n != nil && catalog.IsStatusField(n, f.Name()) {
		return true
	}
	if typeNamesStatus(n, st, f) {
		return true
	}
	return p.statusEvidence()[f.Origin()]
}

// typeNamesStatus reports an integer field Code or Status of a struct
// that names no status field, declared by a type named for HTTP
// (httpCodeField): the one reading of a status by its type's name, for
// isStatusField on SSA and HTTPStatusField on syntax alike. Both look at
// the struct that declares the field, which for a promoted field is the
// embedded one:
//
//	type HTTPError struct{ Code int }
//	type APIError struct {
//		StatusCode int
//		HTTPError
//	}
//	ae.Code // HTTPError's Code: a status, whatever APIError names
func typeNamesStatus(n *types.Named, st *types.Struct, f *types.Var) bool {
	return n != nil && isInt(f.Type()) && !namesStatus(st) && httpCodeField(n, f.Name())
}

// httpCodeField reports a field Code or Status of a type whose name says
// its values are HTTP answers or failures (HTTPError, httpStatusError).
func httpCodeField(n *types.Named, name string) bool {
	return strings.Contains(strings.ToLower(n.Obj().Name()), "http") &&
		(strings.EqualFold(name, "code") || strings.EqualFold(name, "status"))
}

// HTTPStatusField reports whether the field a selector selects holds
// an HTTP status by the name of the type that declares it (he.Status of
// an HTTPError, also promoted into another struct): for the recognizer's
// cheap look at what a classifier names, with the predicate
// isStatusField uses (typeNamesStatus).
func HTTPStatusField(sel *types.Selection) bool {
	if sel == nil || sel.Kind() != types.FieldVal {
		return false
	}
	n, st, f := declaringStruct(sel.Recv(), sel.Index())
	return f != nil && typeNamesStatus(n, st, f)
}

// declaringStruct follows a selection's index path from t through its
// embedded fields to the struct that declares the selected field.
func declaringStruct(t types.Type, index []int) (*types.Named, *types.Struct, *types.Var) {
	for k, i := range index {
		n, st := structOf(t)
		if st == nil || i >= st.NumFields() {
			return nil, nil, nil
		}
		if k == len(index)-1 {
			return n, st, st.Field(i)
		}
		t = st.Field(i).Type()
	}
	return nil, nil, nil
}

// carriesStatus reports a type an HTTP status can be read from: a
// struct (or a pointer to one) with a status field or an *http.Response
// field, or a type with a StatusCode or HTTPStatusCode method returning
// an integer, other than a constant (conststatus.go).
func (p *Program) carriesStatus(t types.Type) bool {
	if n, st := structOf(t); st != nil {
		for i := range st.NumFields() {
			f := st.Field(i)
			if p.isStatusField(n, st, f) || isResponse(f.Type()) {
				return true
			}
		}
	}
	ms := analysisutil.MethodSet(t)
	for i := range ms.Len() {
		if m, ok := ms.At(i).Obj().(*types.Func); ok && StatusName(m.Name()) && statusMethod(m) && !p.constStatus(m) {
			return true
		}
	}
	return false
}

// statusMethod reports a method shaped like StatusCode() int.
func statusMethod(m types.Object) bool {
	sig, ok := m.Type().(*types.Signature)
	return ok && sig.Params().Len() == 0 && sig.Results().Len() == 1 && isInt(sig.Results().At(0).Type())
}

// statusEvidence returns the integer fields (by origin) the package's
// syntax shows to hold an HTTP status, read once:
//
//	&StatusError{Code: resp.StatusCode}    // a status assigned into it
//	se.Code = int(resp.StatusCode())
//	se.Code == http.StatusNotFound         // compared with a status of net/http
//	switch se.Code { case http.StatusConflict: }
func (p *Program) statusEvidence() map[*types.Var]bool {
	p.evidenceOnce.Do(func() {
		p.evidence = map[*types.Var]bool{}
		add := func(f *types.Var) {
			if f != nil && isInt(f.Type()) && !StatusName(f.Name()) {
				p.evidence[f.Origin()] = true
			}
		}
		for _, file := range p.files {
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if k, ok := n.Key.(*ast.Ident); ok && p.readsStatus(n.Value) {
						add(fieldVar(p.info.Uses[k]))
					}
				case *ast.AssignStmt:
					if len(n.Lhs) == len(n.Rhs) {
						for i, l := range n.Lhs {
							if p.readsStatus(n.Rhs[i]) {
								add(p.selectedField(l))
							}
						}
					}
				case *ast.BinaryExpr:
					switch n.Op {
					case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
						if p.httpStatusConst(n.Y) {
							add(p.selectedField(n.X))
						}
						if p.httpStatusConst(n.X) {
							add(p.selectedField(n.Y))
						}
					}
				case *ast.SwitchStmt:
					if f := p.selectedField(n.Tag); f != nil && p.casesStatus(n.Body) {
						add(f)
					}
				}
				return true
			})
		}
	})
	return p.evidence
}

// fieldVar returns obj when it is a struct field.
func fieldVar(obj types.Object) *types.Var {
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		return v
	}
	return nil
}

// selectedField returns the field e selects (se.Code), or nil.
func (p *Program) selectedField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := p.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
		return fieldVar(s.Obj())
	}
	return nil
}

// readsStatus reports an expression that reads a status by its name:
// resp.StatusCode, int(resp.StatusCode), r.StatusCode().
func (p *Program) readsStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if c, ok := e.(*ast.CallExpr); ok {
		if arg, ok := analysisutil.Converted(p.info, c); ok {
			return p.readsStatus(arg) // int(resp.StatusCode)
		}
		fn := analysisutil.Callee(p.info, c)
		return fn != nil && len(c.Args) == 0 && StatusName(fn.Name()) && statusMethod(fn)
	}
	f := p.selectedField(e)
	return f != nil && StatusName(f.Name()) && isInt(f.Type())
}

// httpStatusConst reports a use of a status constant of net/http
// (http.StatusNotFound).
func (p *Program) httpStatusConst(e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return false
	}
	c, ok := p.info.Uses[id].(*types.Const)
	return ok && analysisutil.PkgPath(c) == "net/http" && strings.HasPrefix(c.Name(), "Status")
}

// casesStatus reports a switch body with a case that lists a status
// constant of net/http.
func (p *Program) casesStatus(body *ast.BlockStmt) bool {
	for _, s := range body.List {
		if cc, ok := s.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if p.httpStatusConst(e) {
					return true
				}
			}
		}
	}
	return false
}
