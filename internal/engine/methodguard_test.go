package engine

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// methodGuards reports, at every call of a function named send, what
// GuardAt lets the enclosing function's first parameter (the receiver
// not counted) be there, and, at every for statement
// holding such a call, what RetriedFor says. A first parameter that is
// an *http.Request stands for its method, keyed by Idempotency-Key.
var methodGuards = &analysis.Analyzer{
	Name:     "methodguards",
	Doc:      "report the method guards of sends and loops",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			fn := p.Func(fd)
			if fn == nil || len(fn.Params) == 0 {
				return
			}
			prm := fn.Params[0]
			if fn.Signature.Recv() != nil && len(fn.Params) > 1 {
				prm = fn.Params[1]
			}
			subj := MethodParam(prm)
			if isRequest(prm.Type()) {
				subj = RequestMethod(prm, func(h string) bool { return h == "Idempotency-Key" })
			}
			sends := map[*ast.CallExpr]ssa.Instruction{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "send" || id.Name == "resend") {
					in, _ := p.Call(fn, call).(ssa.Instruction)
					sends[call] = in
					pass.Reportf(call.Pos(), "send %s", guardString(p.GuardAt(in, subj)))
				}
				return true
			})
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				loop, ok := n.(*ast.ForStmt)
				if !ok {
					return true
				}
				for call, in := range sends {
					if loop.Body.Pos() <= call.Pos() && call.End() <= loop.Body.End() {
						r := p.LoopRegion(fn, p.LoopAt(fn, loop, loop.Body.List))
						pass.Reportf(loop.Pos(), "retried %s", guardString(r.RetriedFor(in, subj)))
						break
					}
				}
				return true
			})
		})
		return nil, nil
	},
}

func guardString(g *MethodGuard) string {
	switch {
	case g == nil:
		return "any"
	case g.Only != nil && len(g.Only) == 0:
		return "none"
	}
	var parts []string
	if g.Only != nil {
		parts = append(parts, "only "+strings.Join(g.Only, "|"))
	}
	if len(g.Not) > 0 {
		parts = append(parts, "not "+strings.Join(g.Not, "|"))
	}
	return strings.Join(parts, " ")
}

func TestMethodGuards(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "methodguard"), methodGuards, ".")
}

// TestMethodGuardOr: a value passes g.Or(h) when it passes g or h.
func TestMethodGuardOr(t *testing.T) {
	guards := []*MethodGuard{
		nil,
		{Only: []string{}},
		{Only: []string{"GET", "PUT"}},
		{Only: []string{"GET", "POST"}, Not: []string{"POST"}},
		{Not: []string{"POST"}},
		{Not: []string{"POST", "PATCH"}},
	}
	values := []string{"GET", "PUT", "POST", "PATCH", "LOCK"}
	for _, g := range guards {
		for _, h := range guards {
			or, and := g.Or(h), g.And(h)
			for _, m := range values {
				if got, want := or.Allows(m), g.Allows(m) || h.Allows(m); got != want {
					t.Errorf("%s or %s allows %s: %v, want %v", guardString(g), guardString(h), m, got, want)
				}
				if got, want := and.Allows(m), g.Allows(m) && h.Allows(m); got != want {
					t.Errorf("%s and %s allows %s: %v, want %v", guardString(g), guardString(h), m, got, want)
				}
			}
			if or != nil && !slices.IsSorted(or.Only) {
				t.Errorf("%s or %s: %s not sorted", guardString(g), guardString(h), fmt.Sprint(or.Only))
			}
		}
	}
}
