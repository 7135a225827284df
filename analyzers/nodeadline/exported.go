package nodeadline

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// A client kept in an exported field is not judged in general: an
// importer may set the field. Inside a retry's attempt it is judged by
// the package's own writes, since the package's constructor is what
// callers get unless they replace it, and every attempt then hangs:
//
//	type Svc struct{ HTTP *http.Client }
//	func NewSvc() *Svc { return &Svc{HTTP: &http.Client{}} }   // no Timeout
//	func (s *Svc) Sync() error {
//		return retry.Do(func() error {
//			resp, err := s.HTTP.Do(req) // reported: every attempt can wait forever
//
// The field must be one of the package's structs with every write of the
// package in sight (its address only loaded or stored), written at least
// once, and every write a client made without Timeout that nothing
// configures later (s.HTTP.Timeout = d, configure(s.HTTP), return s.HTTP
// all count). A write from a constructor's parameter keeps it quiet, as
// for unexported fields.

// noTimeoutAt is noTimeout for the client of an outbound call: inside a
// retry attempt, a client kept in an exported field is judged too.
func (c *checker) noTimeoutAt(fi *funcInfo, call *ast.CallExpr, v ssa.Value, fields ...string) ([]ast.Node, bool) {
	t := c.tracer(fi)
	nodes, ok := t.noTimeout(v, fields...)
	if ok || t.exported != nil || len(c.res.Enclosing(call.Pos())) == 0 {
		return nodes, ok
	}
	t.exported = map[*types.Var]bool{}
	defer func() { t.exported = nil }()
	return t.noTimeout(v, fields...)
}

// exportedField returns the exported field or package variable of the
// package a value is a load of, when its writes are judged: in a retry
// attempt (t.exported set).
func (t *tracer) exportedField(v ssa.Value) *types.Var {
	if t.exported == nil {
		return nil
	}
	u, ok := v.(*ssa.UnOp)
	if !ok {
		return nil
	}
	if f := engine.FieldOf(u); f != nil && f.Exported() && t.p.FieldWritesSeen(f) {
		return f
	}
	if g := t.exportedGlobal(u.X); g != nil && u.Op == token.MUL {
		return g.Object().(*types.Var)
	}
	return nil
}

// exportedGlobal returns the exported package variable of the package
// an address is, when its writes are judged and all seen.
func (t *tracer) exportedGlobal(addr ssa.Value) *ssa.Global {
	g, ok := addr.(*ssa.Global)
	if !ok || t.exported == nil || !g.Object().Exported() || !t.p.GlobalWritesSeen(g) {
		return nil
	}
	return g
}

// fieldWrites judges the package's writes to an exported field or
// package variable as noTimeout judges a value: every one made without
// the fields.
func (t *tracer) fieldWrites(f *types.Var, fields []string) ([]ast.Node, bool) {
	sts := t.p.FieldStores(f)
	if !f.IsField() {
		sts = t.p.GlobalStores(t.p.GlobalOf(f))
	}
	if len(sts) == 0 || t.exported[f] {
		return nil, false // never written here, or written from itself
	}
	t.exported[f] = true
	defer delete(t.exported, f)
	var made []ast.Node
	for _, st := range sts {
		if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		ns, ok := t.noTimeout(st.Val, fields...)
		if !ok {
			return nil, false
		}
		made = append(made, ns...)
	}
	return made, len(made) > 0
}

// storedInExported reports whether a store keeps a value in an exported
// field whose writes are judged, and whether code configures the value
// through any load of the field.
func (t *tracer) storedInExported(st *ssa.Store, fields []string, seen map[ssa.Value]bool) (found, set bool) {
	if t.exported == nil {
		return false, false
	}
	loads := []ssa.Value(nil)
	if f := engine.FieldOf(st.Addr); f != nil && f.Exported() && t.p.FieldWritesSeen(f) {
		loads = t.p.FieldLoads(f)
	} else if g := t.exportedGlobal(st.Addr); g != nil {
		loads = t.p.GlobalLoads(g)
	} else {
		return false, false
	}
	for _, l := range loads {
		if t.configuredSeen(engine.Source{Value: l}, fields, seen) {
			return true, true
		}
	}
	return true, false
}
