package retryscan

import "go/ast"

// AfterFailure reports whether the statement of syntax n, in the site's
// attempt body, runs only after an attempt failed and before the next
// one (engine.Region.AfterFailure): keyregen asks it of a key made under
// a condition, which is then the next attempt's key, not one made once
// and kept:
//
//	err := invoker.Run(func() error {
//		resp, e := client.CreateInstance(args)
//		if e != nil {
//			args.ClientToken = buildClientToken(...) // after a failure
//			return e
//		}
//
// The site's region and attempt calls answer; a function literal handed
// to a wrapper the recognizer has no region for (a hand-written loop
// runs it) is an operation whose error goes round. False for a site
// whose attempt is not in sight.
func (r *Result) AfterFailure(s *Site, n ast.Node) bool {
	if r.afterFailure == nil || s == nil || n == nil {
		return false
	}
	return r.afterFailure(s, n)
}

func (s *scanner) afterFailure(site *Site, n ast.Node) bool {
	if reg := site.Region(); reg != nil {
		return reg.AfterFailure(n, site.Attempt())
	}
	lit, ok := site.body.(*ast.FuncLit)
	if !ok || site.kind != KindWrapper {
		return false
	}
	fn := s.eng.Func(lit)
	if fn == nil {
		return false
	}
	return s.eng.OpRegion(fn, "").AfterFailure(n, nil)
}
