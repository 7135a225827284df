package keyregen

import (
	_ "embed"
	"flag"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Config holds the analyzer's options; each is a flag.
type Config struct {
	// RequestID also reports request IDs (X-Request-ID and Request-Id
	// headers, fields and parameters named requestID) regenerated per
	// attempt. Off by default: most servers only log them.
	RequestID bool
	// KeyHeaders are further header names that the servers this code
	// talks to deduplicate by: the -keyheaders flag, which nonidempotent
	// has too (catalog.BindKeyHeaders), so that one setting serves both.
	KeyHeaders catalog.KeyHeaders
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the default options.
func DefaultConfig() Config { return Config{} }

// Analyzer is the keyregen analyzer with its default options.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns a keyregen analyzer whose flags are bound to its
// own copy of cfg.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := new(Config)
	*c = cfg
	var fs flag.FlagSet
	fs.BoolVar(&c.RequestID, "requestid", c.RequestID, "also report request IDs (X-Request-ID, Request-Id, fields named requestID) generated inside a retry")
	catalog.BindKeyHeaders(&fs, &c.KeyHeaders)
	fs.Var(&c.KeyHeaders, "headers", "deprecated: the old name of -keyregen.keyheaders")
	report.BindTests(&fs, &c.Tests)
	return &analysis.Analyzer{
		Name:       "keyregen",
		Doc:        analysisutil.MustExtractDoc(doc, "keyregen"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/keyregen",
		Flags:      fs,
		Requires:   []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:        analysisutil.Guard(c.run),
		ResultType: reflect.TypeFor[*report.Usage](),
		FactTypes:  []analysis.Fact{new(Fact)},
	}
}

// runner holds the state of one pass.
type runner struct {
	pass *analysis.Pass
	at   *analysisutil.Crumb
	cfg  *Config
	res  *retryscan.Result
	eng  *engine.Program // SSA, built when a region has a source
	// local are the summaries of this package's functions; sinkPos is
	// where each one's key reaches its sink, and paramPos where each
	// parameter it sends does, for Related entries.
	local    map[*types.Func]*Fact
	sinkPos  map[*types.Func]token.Pos
	paramPos map[paramKey]token.Pos
	// inputs are the request types each SDK package takes in a call
	// (sdkinput.go), computed on first use.
	inputs map[*types.Package]map[*types.TypeName]bool
	// vals are the functions the package uses as values (funcvalues.go),
	// computed on first use.
	vals *[]*types.Func
	// decos are the package's key decorators (decorators.go), computed
	// on first use.
	decos *map[*ast.FuncLit]*decorator
}

func (c *Config) run(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) {
	res, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	rep := report.New(pass)
	// The standard library makes no idempotency keys of its own: its
	// generators (crypto/rand, math/rand, rand.Text) are catalog rows, and
	// its own retries send none. go vet analyzes every standard package a
	// module imports for facts, and summaries would build SSA for net,
	// net/http, math/big and others only to describe unexported helpers.
	if analysisutil.Std(pass)(pass.Pkg) {
		return rep.Usage(), nil
	}
	r := &runner{
		pass:     pass,
		at:       at,
		cfg:      c,
		res:      res,
		eng:      engine.Of(pass),
		local:    map[*types.Func]*Fact{},
		sinkPos:  map[*types.Func]token.Pos{},
		paramPos: map[paramKey]token.Pos{},
	}
	r.summarize()
	at.Func(nil)
	for _, s := range r.res.Sites() {
		at.At(s.Pos())
		switch {
		case s.HasBody():
			r.checkBody(rep, s)
		case s.Op() != nil:
			r.checkOp(rep, s)
		}
	}
	return rep.Usage(), nil
}

// checkBody reports the keys generated in one attempt body that reach a
// sink in the same attempt. A generator inside a nested retry belongs to
// the innermost one, so that each finding is reported once.
func (r *runner) checkBody(rep *report.Reporter, s *retryscan.Site) {
	fn := s.Func()
	if lit, ok := s.Body().(*ast.FuncLit); ok {
		fn = lit
	}
	reg := r.scan(s.Body(), fn, nil, false, func(n ast.Node) bool { return r.res.AfterFailure(s, n) })
	for _, f := range reg.findings {
		enc := r.res.Enclosing(f.origin.pos)
		if len(enc) == 0 || enc[len(enc)-1] != s {
			continue
		}
		r.report(rep, s, f, r.fix(s, reg, f))
	}
}

// checkOp reports a named operation that generates a key on every call:
//
//	backoff.Retry(c.charge, b) // c.charge sets Idempotency-Key: uuid.NewString()
func (r *runner) checkOp(rep *report.Reporter, s *retryscan.Site) {
	f, pos := r.factOf(s.Op())
	if f == nil || f.Sink == "" {
		return
	}
	org := &origin{pos: s.OpExpr().Pos(), node: s.OpExpr(), gen: f.Gen, via: analysisutil.FuncName(s.Op(), r.pass.Pkg), fact: f}
	r.report(rep, s, finding{origin: org, sink: sink{pos: pos, desc: f.Sink, class: f.Class}}, nil)
}

func (r *runner) report(rep *report.Reporter, s *retryscan.Site, f finding, fix *analysis.SuggestedFix) {
	if f.sink.class == catalog.SinkRequestID && !r.cfg.RequestID {
		return
	}
	what, why, cat := "idempotency key", "each attempt sends a new key, so the server cannot deduplicate", "key"
	if f.sink.class == catalog.SinkRequestID {
		what, why, cat = "request id", "each attempt sends a new request id, so the server cannot tell the attempts apart from new requests", "request-id"
	}
	from := f.origin.gen
	if f.origin.via != "" {
		from += " (via " + f.origin.via + ")"
		cat += "-via-call"
	}
	posn := r.pass.Fset.Position(s.Pos())
	d := analysis.Diagnostic{
		Pos:      f.origin.pos,
		End:      f.origin.node.End(),
		Category: cat,
		Message: what + " from " + from + " is generated inside the retry (" + s.Name() + " at " +
			filepath.Base(posn.Filename) + ":" + strconv.Itoa(posn.Line) + "): " + why + "; generate it once before the retry",
	}
	if f.sink.pos.IsValid() {
		where := f.sink.desc
		if f.sink.in != "" {
			where += " in " + f.sink.in
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: f.sink.pos, Message: "the " + what + " goes to " + where + " here"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.Pos(), Message: s.Name() + " runs each attempt from here"})
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	rep.Report(d)
}

// calleeOf returns the function a call invokes, statically or through an
// interface method.
func (r *runner) calleeOf(call *ast.CallExpr) *types.Func {
	return analysisutil.AnyCallee(r.pass.TypesInfo, call)
}
