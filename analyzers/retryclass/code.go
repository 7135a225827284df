package retryclass

import (
	"fmt"
	"go/ast"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// permanent-code: a hand-rolled gRPC retry that goes round on codes that
// will not change. Either it retries every error of a gRPC call without
// looking at the code:
//
//	for i := 0; i < 5; i++ {
//		if _, err = client.Check(ctx, req); err == nil {
//			return nil
//		}
//		time.Sleep(time.Second)   // NotFound goes round with Unavailable
//	}
//
// or it looks at the code and names a permanent one among those it
// retries:
//
//	switch status.Code(err) {
//	case codes.Unavailable, codes.NotFound:
//		continue
//	}
//
// The decision is evaluated once per permanent code as if the gRPC calls
// of the attempt failed with it. Code that looks at the code and does not
// name a permanent one among those it retries is quiet, as is a decision
// handed to code the analyzer does not read.

func (c *checker) grpcEvaluator(site *retryscan.Site, code int64) *evaluator {
	info := c.pass.TypesInfo
	return &evaluator{
		info:    info,
		sc:      scenario{grpc: true, code: code},
		related: c.relatedVars(site.Body),
		fails: func(call *ast.CallExpr) (errClass, bool) {
			if retryscan.IsGRPCCall(calleeOf(info, call)) {
				return errGRPC, true
			}
			return 0, false
		},
	}
}

func (c *checker) permanentCode(site *retryscan.Site, d *retryscan.Decision) {
	call := c.grpcAttempt(site)
	if call == nil || len(c.codes) == 0 {
		return
	}
	looks := c.looksAtCode(site, d)
	for _, code := range c.codes {
		ev := c.grpcEvaluator(site, int64(code.Value))
		v := ev.verdict(d)
		if v.opaque {
			return
		}
		if v.round == nil {
			continue
		}
		if !looks {
			c.rep.Report(analysisDiag(call, CategoryPermanentCode, fmt.Sprintf(
				"%s retries every error of the gRPC call %s without looking at status.Code(err): %s comes back the same on every attempt, so it costs %s; retry only codes.Unavailable (and ResourceExhausted with backoff)",
				site.Name, c.callName(call), c.codeExamples(), c.cost(site))))
			return
		}
		if named := c.namesCode(ev, v.round, code); named != nil {
			c.rep.Report(analysisDiag(named, CategoryPermanentCode, fmt.Sprintf(
				"%s retries codes.%s, which does not change on retry: each such failure costs %s; drop it from the retried codes",
				site.Name, code.Name, c.cost(site))))
			return
		}
	}
}

// grpcAttempt returns the gRPC call the site retries: a loop's attempt
// call, or the first gRPC call of an operation.
func (c *checker) grpcAttempt(site *retryscan.Site) *ast.CallExpr {
	info := c.pass.TypesInfo
	if site.Kind == retryscan.KindLoop {
		if site.AttemptCall != nil && retryscan.IsGRPCCall(calleeOf(info, site.AttemptCall)) {
			return site.AttemptCall
		}
		return nil
	}
	lit, ok := site.Body.(*ast.FuncLit)
	if !ok {
		return nil
	}
	var found *ast.CallExpr
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if found == nil && retryscan.IsGRPCCall(calleeOf(info, n)) {
				found = n
			}
		}
		return found == nil
	})
	return found
}

// looksAtCode reports whether some condition of the decision tells one
// gRPC code from another.
func (c *checker) looksAtCode(site *retryscan.Site, d *retryscan.Decision) bool {
	var evs []*evaluator
	for _, code := range catalog.GRPCCodes() {
		if code.Value != 0 {
			evs = append(evs, c.grpcEvaluator(site, int64(code.Value)))
		}
	}
	for i := range d.Paths {
		p := &d.Paths[i]
		for _, cond := range p.Conds {
			var seen [3]bool
			for _, ev := range evs {
				t, _ := ev.cond(p, cond)
				seen[t] = true
			}
			if seen[yes] && seen[no] {
				return true
			}
		}
	}
	return false
}

// namesCode returns the constant codes.<code> in a condition that holds
// on the path.
func (c *checker) namesCode(ev *evaluator, p *retryscan.Path, code catalog.GRPCCode) ast.Expr {
	info := c.pass.TypesInfo
	for _, cond := range p.Conds {
		if t, _ := ev.cond(p, cond); t != yes || !cond.Holds {
			continue
		}
		var found ast.Expr
		for _, e := range cond.Any {
			ast.Inspect(e, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && found == nil {
					obj := info.ObjectOf(sel.Sel)
					if analysisutil.PkgPath(obj) == catalog.GRPCCodesPkg && obj.Name() == code.Name {
						found = sel
					}
				}
				return found == nil
			})
		}
		if found != nil {
			return found
		}
	}
	return nil
}

// codeExamples names two of the permanent codes for a message.
func (c *checker) codeExamples() string {
	switch len(c.codes) {
	case 0:
		return "a permanent code"
	case 1:
		return c.codes[0].Name
	}
	// NotFound and InvalidArgument read best when they are configured.
	var names []string
	for _, want := range []string{"NotFound", "InvalidArgument"} {
		for _, code := range c.codes {
			if code.Name == want {
				names = append(names, want)
			}
		}
	}
	for _, code := range c.codes {
		if len(names) < 2 && (len(names) == 0 || names[0] != code.Name) {
			names = append(names, code.Name)
		}
	}
	return names[0] + " or " + names[1]
}

// callName renders a call's function for a message: HealthClient.Check.
func (c *checker) callName(call *ast.CallExpr) string {
	fn := calleeOf(c.pass.TypesInfo, call)
	if fn == nil {
		return shortExpr(call.Fun)
	}
	if r := analysisutil.RecvName(fn); r != "" {
		return r + "." + fn.Name()
	}
	return fn.Name()
}
