package inventory

import (
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/topology"
)

// siteRecord renders a site for the unit.
func (b *builder) siteRecord(s *retryscan.Site, fn *fnInfo) topology.UnitSite {
	site := topology.Site{
		ID:       siteKey(b, s),
		Pos:      b.pos(s.Pos()),
		Func:     label(fn.obj),
		Kind:     s.Kind().String(),
		Name:     s.Name(),
		Attempts: attempts(s.Bound()),
	}
	if site.Attempts <= 0 {
		site.Until = until(s.Bound())
		site.AttemptsWhy = b.attemptsWhy(s, label(fn.obj))
	}

	if s.Entry() != nil {
		site.Library = s.Entry().Pkg
	} else if s.Kind() == retryscan.KindRetrier && s.Callee() != nil && s.Callee().Pkg() != nil {
		site.Library = s.Callee().Pkg().Path()
	}
	d := s.Delay()
	if d.Initial > 0 {
		site.BaseDelay = secs(d.Initial)
	} else if w, ok := b.constantWait(d); ok {
		site.BaseDelay = secs(w)
	}
	if d.Kind != catalog.DelayUnknown {
		site.Delay = d.Kind.String()
	}
	site.Capped, site.Jitter = d.Capped.String(), d.Jittered.String()
	w := s.WorstCase()
	if w.Cap > 0 {
		site.MaxDelay = secs(w.Cap)
	}
	if w.TimeoutKnown() {
		site.AttemptTimeout = secs(w.AttemptTimeout)
	}
	if w.Known() {
		site.WorstCase = secs(w.Total())
	}
	site.LoadBudget = loadBudget(s.LoadBudget())
	if body := s.Body(); body != nil {
		start, end := b.pass.Fset.Position(body.Pos()), b.pass.Fset.Position(body.End())
		site.Body = &topology.Span{File: start.Filename, Line: start.Line, EndLine: end.Line}
	}
	us := topology.UnitSite{Site: site}
	if s.Kind() == retryscan.KindRetrier {
		// A function declared with //retrylint:retrier has no visible
		// retries: the call is the layer, and what the function calls
		// follows it. Otherwise the callee's own sites are the layers
		// when its package is in the report; when it is not, this call
		// stands for all of them.
		chain, _ := b.r.Retrier(s.Callee())
		if !declared(s.Callee(), chain) {
			us.Callee = key(s.Callee())
			var layers []int
			for _, h := range chain {
				if h.Retry {
					layers = append(layers, int(h.Attempts))
				}
			}
			us.Attempts = topology.Amplify(layers...)
			if len(layers) > 1 {
				us.Name += " (" + retryscan.Product(chain) + " inside)"
			}
			us.Until, us.AttemptsWhy = "", ""
			if us.Attempts <= 0 {
				us.AttemptsWhy = "a retry inside " + analysisutil.FuncName(s.Callee(), b.pass.Pkg) + " has attempts the code does not show (" + retryscan.Product(chain) + ")"
			}
		}
	}
	return us
}

// loadBudget renders the recognizer's answer on a site's load budget
// (retryscan's loadbudget.go decides it, retrybudget reads the same).
func loadBudget(lb catalog.LoadBudget) *topology.LoadBudget {
	out := &topology.LoadBudget{Kind: lb.Kind.String(), What: lb.What, Why: lb.Why}
	if lb.Kind == catalog.BudgetOn && lb.Share > 0 {
		share := lb.Share
		out.Share = &share
	}
	return out
}

// constantWait is the wait of a loop that waits the same constant
// duration between attempts (time.Sleep(time.Second), time.After(100 *
// time.Millisecond)): the recognizer gives Delay.Initial only for a wait
// that grows, and the report shows a constant wait as the base delay.
func (b *builder) constantWait(d retryscan.Delay) (time.Duration, bool) {
	if d.Kind != catalog.DelayConstant || len(d.Waits) == 0 {
		return 0, false
	}
	var w time.Duration
	for i, call := range d.Waits {
		if len(call.Args) != 1 {
			return 0, false
		}
		tv, ok := b.pass.TypesInfo.Types[call.Args[0]]
		if !ok || tv.Value == nil {
			return 0, false
		}
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact || v <= 0 || i > 0 && time.Duration(v) != w {
			return 0, false
		}
		w = time.Duration(v)
	}
	return w, true
}

// declared reports whether chain is fn's //retrylint:retrier directive:
// one layer named after fn itself.
func declared(fn *types.Func, chain []retryscan.Hop) bool {
	return len(chain) == 1 && chain[0].Retry && chain[0].Name == fn.Name() && fn.Pkg() != nil && chain[0].Pkg == fn.Pkg().Path()
}

// attempts is the count a layer multiplies by: a layer with no attempt
// limit that a context or an elapsed time ends makes a finite but
// unknown number of attempts.
func attempts(bd retryscan.Bound) int {
	if bd.Attempts == catalog.AttemptsUnbounded && (bd.Ctx || bd.Time) {
		return catalog.AttemptsUnknown
	}
	return bd.Attempts
}

func secs(d time.Duration) *float64 {
	s := d.Seconds()
	return &s
}

func siteKey(b *builder, s *retryscan.Site) string { return "s:" + posKey(b, s.Pos()) }

func posKey(b *builder, p token.Pos) string {
	x := b.pass.Fset.Position(p)
	return x.String()
}
