package retryscan

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// waitFuncs are the calls that wait between attempts of a hand-rolled
// loop, by package-level function or (type, method).
var waitFuncs = []catalog.Symbol{
	{Pkg: "time", Name: "Sleep"},
	{Pkg: "time", Name: "After"},
	{Pkg: "time", Name: "NewTimer"},
	{Pkg: "time", Name: "Tick"},
	{Pkg: "time", Recv: "Timer", Name: "Reset"},
}

// IsWait reports whether a call waits: time.Sleep(d), time.After(d),
// time.NewTimer(d), time.Tick(d), t.Reset(d).
func (s *scanner) isWait(call *ast.CallExpr) bool {
	fn := analysisutil.Callee(s.info, call)
	if fn == nil {
		return false
	}
	sym := catalog.SymbolOf(fn)
	for _, w := range waitFuncs {
		if w == sym {
			return true
		}
	}
	return false
}

// loopDelay collects the waits of a hand-rolled loop. Whether the delay
// grows, is capped or is jittered is worked out by delayPolicy.
func (s *scanner) loopDelay(body *ast.BlockStmt) Delay {
	d := Delay{Kind: catalog.DelayNone}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if s.isWait(n) {
				d.Waits = append(d.Waits, n)
			}
		}
		return true
	})
	if len(d.Waits) > 0 {
		d.Kind = catalog.DelayUnknown
	}
	s.delayPolicy(&d, body)
	return d
}

// libraryDelay starts from the catalog row's default delay policy and
// refines it from the visible configuration.
func (s *scanner) libraryDelay(site *Site, config []ast.Node) Delay {
	d := Delay{}
	if site.Entry != nil {
		d.Kind, d.Capped, d.Jittered = site.Entry.Delay, site.Entry.Capped, site.Entry.Jittered
	}
	s.libraryPolicy(&d, site, config)
	return d
}

// delayPolicy refines a hand-rolled loop's delay: growth, cap, jitter.
// (Extended by the unboundedbackoff work; the default sees nothing.)
func (s *scanner) delayPolicy(d *Delay, body *ast.BlockStmt) {}

// libraryPolicy refines a library's delay from its options.
func (s *scanner) libraryPolicy(d *Delay, site *Site, config []ast.Node) {}
