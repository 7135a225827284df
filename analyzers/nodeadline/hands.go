package nodeadline

import (
	"fmt"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// HandsFact is exported for a retry helper that calls its attempt with
// a context parameter of its own, unchanged or with no deadline added:
//
//	func Do(ctx context.Context, n int, attempt func(context.Context) error) error // hands(param 2 arg 0 <- param 0)
//
// Fn is the attempt's index among the SSA parameters (the receiver
// counted), Arg the attempt's context parameter, Ctx the helper's
// context parameter (the receiver not counted). An importer reads the
// context parameter of the literal it passes as the context it gives Ctx
// (handed.go).
type HandsFact struct {
	Fn, Arg, Ctx int
}

func (*HandsFact) AFact() {}

func (f *HandsFact) String() string {
	return fmt.Sprintf("hands(param %d arg %d <- param %d)", f.Fn, f.Arg, f.Ctx)
}

// hands returns the HandsFact of a function of another package.
func (c *checker) hands(fn *types.Func) *HandsFact {
	if f := new(HandsFact); fn.Pkg() != nil && c.imported(fn, f) {
		return f
	}
	return nil
}

// exportHands exports a HandsFact for each exported retry wrapper of the
// package (a function retryscan sees run a parameter in a retry) that
// hands its attempt a context parameter of its own.
func (c *checker) exportHands() {
	for _, fi := range c.funcs {
		if !fi.obj.Exported() {
			continue
		}
		if _, ok := c.res.Wrapper(fi.obj); !ok {
			continue
		}
		fn := c.p.Func(fi.decl)
		if fn == nil {
			continue
		}
		t := c.tracer(fi)
	params:
		for j, prm := range fn.Params {
			sig, ok := prm.Type().Underlying().(*types.Signature)
			if !ok {
				continue
			}
			for k := range sig.Params().Len() {
				if !catalog.IsContext(sig.Params().At(k).Type()) {
					continue
				}
				if st := t.passes(fn, j, k); st.kind == param {
					c.pass.ExportObjectFact(fi.obj, &HandsFact{Fn: j, Arg: k, Ctx: st.param})
					break params
				}
			}
		}
	}
}
