package catalog_test

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

// The predicates of apimachinery's api/errors test the statuses the
// catalog says, read from the real source (v0.37.2): the net/http status
// a predicate compares the code with is its Status; the reason it
// compares with is given that status by a constructor (NewConflict:
// Code 409, Reason Conflict) or by NewGenericServerResponse, which names
// a response without a Status; and when another reason comes with the
// same status, or the predicate reads the reason alone, an error that
// carries only the status may answer either way: unknown.
func TestStatusPredicatesMatchRealSource(t *testing.T) {
	libs := loadLibraries(t)
	httpPkg := libs["net/http"]
	if httpPkg == nil {
		t.Fatal("net/http not loaded")
	}
	status := func(sel *ast.SelectorExpr) (int, bool) {
		if sel == nil {
			return 0, false
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "http" {
			return 0, false
		}
		c, ok := httpPkg.Scope().Lookup(sel.Sel.Name).(*types.Const)
		if !ok {
			return 0, false
		}
		v, _ := constant.Int64Val(c.Val())
		return int(v), true
	}
	reason := func(sel *ast.SelectorExpr) (string, bool) {
		id, ok := sel.X.(*ast.Ident)
		return sel.Sel.Name, ok && id.Name == "metav1" && len(sel.Sel.Name) > len("StatusReason")
	}

	bodies := map[string]*ast.BlockStmt{}
	codesOf := map[string]map[int]bool{} // reason -> statuses its constructors give it
	for _, f := range parseReal(t, "k8s.io/apimachinery/pkg/api/errors") {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
				bodies[fd.Name.Name] = fd.Body
			}
		}
		give := func(r string, code int) {
			if codesOf[r] == nil {
				codesOf[r] = map[int]bool{}
			}
			codesOf[r][code] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			// NewGenericServerResponse: case http.StatusConflict: ... reason = metav1.StatusReasonConflict
			if cc, ok := n.(*ast.CaseClause); ok && len(cc.List) == 1 {
				sel, _ := cc.List[0].(*ast.SelectorExpr)
				if code, ok := status(sel); ok {
					for _, st := range cc.Body {
						ast.Inspect(st, func(n ast.Node) bool {
							if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
								if sel, ok := as.Rhs[0].(*ast.SelectorExpr); ok {
									if r, ok := reason(sel); ok {
										give(r, code)
									}
								}
							}
							return true
						})
					}
				}
			}
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			code, r := 0, ""
			for _, e := range cl.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				sel, _ := kv.Value.(*ast.SelectorExpr)
				switch {
				case key == nil || sel == nil:
				case key.Name == "Code":
					code, _ = status(sel)
				case key.Name == "Reason":
					r, _ = reason(sel)
				}
			}
			if code > 0 && r != "" {
				give(r, code)
			}
			return true
		})
	}
	if !codesOf["StatusReasonConflict"][409] || !codesOf["StatusReasonAlreadyExists"][409] || !codesOf["StatusReasonServerTimeout"][500] {
		t.Fatalf("did not read the constructors' statuses: %v", codesOf)
	}

	seen := map[catalog.Symbol]bool{}
	for _, row := range catalog.StatusPredicates() {
		if seen[row.Symbol] {
			t.Errorf("%s: catalogued twice", row.Symbol)
		}
		seen[row.Symbol] = true
		fn, ok := lookup(libs, row.Symbol).(*types.Func)
		if !ok || fn.Type().String() != "func(err error) bool" {
			t.Errorf("%s: not a func(err error) bool of the real package", row.Symbol)
			continue
		}
		if got := catalog.LookupStatusPredicate(fn); got == nil || got.Symbol != row.Symbol {
			t.Errorf("%s: LookupStatusPredicate does not find the row from the real function", row.Symbol)
		}
		body := bodies[row.Name]
		if body == nil {
			t.Errorf("%s: no body in the source", row.Symbol)
			continue
		}
		var statuses []int
		var reasons []string
		ast.Inspect(body, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if s, ok := status(sel); ok {
					statuses = append(statuses, s)
				}
				if r, ok := reason(sel); ok {
					reasons = append(reasons, r)
				}
			}
			return true
		})
		if len(reasons) != 1 || !codesOf[reasons[0]][row.Status] {
			t.Errorf("%s: tests reasons %v, whose constructors give none the status %d (%v)", row.Symbol, reasons, row.Status, codesOf)
			continue
		}
		shared := false
		for r, codes := range codesOf {
			shared = shared || r != reasons[0] && codes[row.Status]
		}
		switch {
		case len(statuses) > 1 || len(statuses) == 1 && statuses[0] != row.Status:
			t.Errorf("%s: compares the code with %v, catalog says %d", row.Symbol, statuses, row.Status)
		case (len(statuses) == 0 || shared) && row.Answer(row.Status) != catalog.TriUnknown:
			t.Errorf("%s: reads the reason alone, or %d comes with another reason too: an error of that status may answer either way, catalog says %s", row.Symbol, row.Status, row.Answer(row.Status))
		case len(statuses) == 1 && !shared && row.Answer(row.Status) != catalog.TriYes:
			t.Errorf("%s: true for %d whatever the reason, catalog says %s", row.Symbol, row.Status, row.Answer(row.Status))
		}
		if row.Answer(row.Status+1) == catalog.TriYes || row.Status != 500 && row.Answer(599) != catalog.TriNo && row.Name != "IsInternalError" {
			t.Errorf("%s: says yes, or not no, to another status", row.Symbol)
		}
	}
}

// APIStatuses are the rows' statuses whose reason they tell: every one
// is some row's Status and no row's Maybe, and every such status is
// there once.
func TestAPIStatuses(t *testing.T) {
	got := catalog.APIStatuses()
	ambiguous := func(s int) bool {
		for _, q := range catalog.StatusPredicates() {
			if slices.Contains(q.Maybe, s) {
				return true
			}
		}
		return false
	}
	for _, row := range catalog.StatusPredicates() {
		if want := !ambiguous(row.Status); slices.Contains(got, row.Status) != want {
			t.Errorf("%s: status %d in APIStatuses is %v, want %v", row.Symbol, row.Status, !want, want)
		}
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Errorf("APIStatuses() = %v, want ascending, each once", got)
	}
	if slices.Contains(got, 409) || !slices.Contains(got, 403) {
		t.Errorf("APIStatuses() = %v: 409 comes with two reasons, 403 with one", got)
	}
}
