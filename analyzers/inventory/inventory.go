package inventory

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/topology"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name: the prefix of its -inventory.emit flag.
const Name = "inventory"

// EmitFlag is the flag that turns the analyzer on.
const EmitFlag = "emit"

// Config holds the analyzer's options; each is also a flag.
type Config struct {
	// Emit sends the package's inventory; off, the analyzer does nothing.
	Emit bool
}

// DefaultConfig returns the defaults: off.
func DefaultConfig() Config { return Config{} }

// Analyzer is the inventory analyzer with default settings.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns an inventory analyzer whose flag is bound to its
// own copy of cfg.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:      Name,
		Doc:       analysisutil.MustExtractDoc(doc, Name),
		URL:       "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/inventory",
		Requires:  []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:       analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, c, at) }),
		FactTypes: []analysis.Fact{new(OutboundFact), new(GRPCMethodFact)},
	}
	a.Flags.BoolVar(&c.Emit, EmitFlag, c.Emit, "send each package's retry sites and calls as one diagnostic (set by retrylint report)")
	return a
}

// OutboundFact is exported for a function that makes an outbound call,
// directly or through the functions it calls.
type OutboundFact struct {
	// Family is the kind of call: "an HTTP call".
	Family string
	// Target is what the function calls, when it makes outbound calls
	// of one known target only: a generated gRPC stub, a client
	// function of another package.
	Target *topology.Target
}

func (*OutboundFact) AFact() {}

func (f *OutboundFact) String() string {
	if f.Target.Known() {
		return "outbound(" + f.Family + " " + f.Target.String() + ")"
	}
	return "outbound(" + f.Family + ")"
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	if !cfg.Emit || analysisutil.Std(pass)(pass.Pkg) {
		return nil, nil
	}
	r, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	b := newBuilder(pass, r, at)
	b.scan()
	b.propagate()
	if b.ifaceMethods(); len(b.ifaceOrder) > 0 {
		b.propagate() // calls through the package's own interfaces
	}
	b.targets()
	b.exportFacts()
	u := b.unit()
	if len(u.Funcs) == 0 && len(u.Sites) == 0 && len(u.Serves) == 0 {
		return nil, nil
	}
	msg, err := u.Encode()
	if err != nil {
		return nil, err
	}
	pass.Report(analysis.Diagnostic{Pos: b.anchor, Category: topology.Category, Message: msg})
	return nil, nil
}

// key is a function's key in the topology: its full name, which is the
// same in every package that names it.
func key(fn *types.Func) string { return fn.Origin().FullName() }

// label names a function with its package's name: "a.Do",
// "(*a.Client).Get".
func label(fn *types.Func) string {
	qual := func(p *types.Package) string { return p.Name() }
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		recv := types.TypeString(sig.Recv().Type(), qual)
		if _, ok := sig.Recv().Type().(*types.Pointer); ok {
			recv = "(" + recv + ")"
		}
		return recv + "." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func (b *builder) pos(p token.Pos) topology.Pos {
	x := b.pass.Fset.Position(p)
	return topology.Pos{File: x.Filename, Line: x.Line, Col: x.Column}
}

// inTest reports whether n is in a _test.go file.
func (b *builder) inTest(n ast.Node) bool {
	return analysisutil.InTestFile(b.pass.Fset, n.Pos())
}
