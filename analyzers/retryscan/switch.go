package retryscan

import (
	"go/ast"
	"go/constant"
	"go/types"
	"path"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry loop that goes round only when a bool of its configuration is
// on, a bool its package never turns on itself (engine.Switch), retries
// only for the users who turn it on: Alibaba Cloud's SDK loops on every
// call and retries only when the client's Config.AutoRetry is true,
// false in the Config that sdk.NewConfig makes.
//
//	cfg := sdk.NewConfig().WithAutoRetry(true)           // on: a layer of the chain
//	client, err := sts.NewClientWithOptions(region, cfg, cred)
//
//	client, err := sts.NewClientWithAccessKey(region, ak, sk) // off, or out of sight: no layer
//
// The loop's hop keeps the switch (Hop.Switch) in every chain and fact
// it goes into, and counts as a layer (Hop.Retry) only in a package that
// turns the switch on itself: it sets the field true (cfg.AutoRetry =
// true, sdk.Config{AutoRetry: true}) or calls one of the switch's
// setters with true (cfg.WithAutoRetry(true)). A client whose
// configuration is built out of sight (a constructor of another package,
// a parameter) is read as one attempt: whether it retries is unknown, and
// an unknown layer is not counted.

// HopSwitch is the switch a retry layer's loop depends on: the bool
// field (Pkg, Type, Field) and the functions that set it from a
// parameter.
type HopSwitch struct {
	Pkg, Type, Field string
	Setters          []SwitchSetter
}

// SwitchSetter is a function that sets a switch to its argument Param
// (WithAutoRetry(on bool): 0).
type SwitchSetter struct {
	Fn    catalog.Symbol
	Param int
}

// String renders the switch for facts and messages: "sdk.Config.AutoRetry".
func (w *HopSwitch) String() string {
	return path.Base(w.Pkg) + "." + w.Type + "." + w.Field
}

// siteSwitch returns the switch a loop site's failed attempt goes round
// through, or nil; computed once per site.
func (s *scanner) siteSwitch(site *Site) *HopSwitch {
	if site.kind != KindLoop || len(site.attempt) == 0 {
		return nil
	}
	if sw, ok := s.switches[site]; ok {
		return sw
	}
	var sw *HopSwitch
	if r := site.Region(); r != nil {
		w := r.Walk(&engine.Scenario{Attempt: site.attempt, Outcome: engine.Failed(engine.ErrAny)}, site.attempt[0])
		if e := r.Switch(w); e != nil {
			sw = hopSwitch(e)
		}
	}
	s.switches[site] = sw
	return sw
}

func hopSwitch(e *engine.Switch) *HopSwitch {
	sw := &HopSwitch{Pkg: analysisutil.PkgPath(e.Owner), Type: e.Owner.Name(), Field: e.Field.Name()}
	for _, st := range e.Setters {
		sw.Setters = append(sw.Setters, SwitchSetter{
			Fn:    catalog.Symbol{Pkg: analysisutil.PkgPath(st.Func), Recv: analysisutil.RecvName(st.Func), Name: st.Func.Name()},
			Param: st.Param,
		})
	}
	return sw
}

// applySwitches returns the chain with each switched hop's layer counted
// as this package turns its switch on or not.
func (s *scanner) applySwitches(chain []Hop) []Hop {
	var out []Hop
	for i, h := range chain {
		if h.Switch == nil {
			continue
		}
		if on := s.switchOn(h.Switch); on != h.Retry {
			if out == nil {
				out = append([]Hop(nil), chain...)
			}
			out[i].Retry = on
		}
	}
	if out == nil {
		return chain
	}
	return out
}

// switchOn reports whether the package turns the switch on somewhere:
// it writes the constant true to the field, in an assignment or a
// composite literal, or hands true to one of its setters.
func (s *scanner) switchOn(sw *HopSwitch) bool {
	key := sw.Pkg + "." + sw.Type + "." + sw.Field
	if on, ok := s.switchesOn[key]; ok {
		return on
	}
	on := false
	for _, f := range s.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if on {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) &&
						s.isSwitchField(s.info.ObjectOf(sel.Sel), sw) && s.constTrue(n.Rhs[i]) {
						on = true
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && s.isSwitchField(s.info.ObjectOf(id), sw) && s.constTrue(n.Value) {
					on = true
				}
			case *ast.CallExpr:
				if fn := s.calleeOf(n); fn != nil {
					for _, st := range sw.Setters {
						if st.Param < len(n.Args) && analysisutil.IsFunc(fn, st.Fn.Pkg, st.Fn.Recv, st.Fn.Name) && s.constTrue(n.Args[st.Param]) {
							on = true
						}
					}
				}
			}
			return true
		})
	}
	s.switchesOn[key] = on
	return on
}

// isSwitchField reports whether obj is the switch's field.
func (s *scanner) isSwitchField(obj types.Object, sw *HopSwitch) bool {
	f, ok := obj.(*types.Var)
	if !ok || !f.IsField() || f.Name() != sw.Field || analysisutil.PkgPath(f) != sw.Pkg {
		return false
	}
	scope := f.Pkg().Scope().Lookup(sw.Type)
	if scope == nil {
		return false
	}
	st, ok := scope.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// constTrue reports whether e is the constant true.
func (s *scanner) constTrue(e ast.Expr) bool {
	tv, ok := s.info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// switched reports whether a chain holds a switched hop: kept in the
// package's chains and facts even when none of its layers counts here,
// so that an importer that turns the switch on counts it.
func switched(chain []Hop) bool {
	for _, h := range chain {
		if h.Switch != nil {
			return true
		}
	}
	return false
}

// kept reports whether a chain is worth keeping: it has a layer here, or
// a switched one an importer may turn on.
func kept(chain []Hop) bool { return Layers(chain) > 0 || switched(chain) }
