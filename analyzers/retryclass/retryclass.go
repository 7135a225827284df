package retryclass

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Categories of findings, one per kind.
const (
	CategoryRetryAfterCancel  = "retry-after-cancel"
	CategoryPermanentStatus   = "permanent-status"
	CategoryPermanentCode     = "permanent-code"
	CategoryIgnoresRetryAfter = "ignores-retry-after"
	CategoryWaitIgnoresCancel = "wait-ignores-cancel"
)

// Config holds the analyzer's options; each is also a flag.
type Config struct {
	// TransientStatuses are the 4xx statuses a retry may change; every
	// other 4xx is permanent.
	TransientStatuses []int
	// PermanentCodes are the gRPC codes a retry cannot change, by Go name.
	PermanentCodes []string
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the defaults: 408, 425 and 429 are the transient
// 4xx; InvalidArgument, NotFound, AlreadyExists, PermissionDenied,
// FailedPrecondition, OutOfRange, Unimplemented and Unauthenticated the
// permanent gRPC codes; tests are not reported.
func DefaultConfig() Config {
	cfg := Config{TransientStatuses: catalog.DefaultTransientStatuses()}
	for _, c := range catalog.GRPCCodes() {
		if c.Permanent {
			cfg.PermanentCodes = append(cfg.PermanentCodes, c.Name)
		}
	}
	return cfg
}

// Analyzer is the retryclass analyzer with default settings.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns a retryclass analyzer whose flags are bound to its
// own copy of cfg, so that differently configured instances coexist.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := &Config{
		TransientStatuses: slices.Clone(cfg.TransientStatuses),
		PermanentCodes:    slices.Clone(cfg.PermanentCodes),
		Tests:             cfg.Tests,
	}
	a := &analysis.Analyzer{
		Name:       "retryclass",
		Doc:        analysisutil.MustExtractDoc(doc, "retryclass"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/retryclass",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
	}
	a.Flags.Var((*statusList)(&c.TransientStatuses), "transient-statuses", "4xx statuses a retry may change (comma-separated); every other 4xx is permanent")
	a.Flags.Var((*codeList)(&c.PermanentCodes), "permanent-codes", "gRPC codes a retry cannot change (comma-separated Go names, e.g. NotFound,InvalidArgument)")
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

// statusList is a flag holding HTTP statuses: "408,425,429".
type statusList []int

func (l *statusList) String() string {
	var s []string
	for _, n := range *l {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}

func (l *statusList) Set(v string) error {
	var out []int
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 400 || n > 499 {
			return fmt.Errorf("%q is not a 4xx status", f)
		}
		out = append(out, n)
	}
	*l = out
	return nil
}

// codeList is a flag holding gRPC codes by name: "NotFound,InvalidArgument".
type codeList []string

func (l *codeList) String() string { return strings.Join(*l, ",") }

func (l *codeList) Set(v string) error {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		c, ok := catalog.LookupGRPCCode(f)
		if !ok {
			return fmt.Errorf("%q is not a gRPC code (use names such as NotFound or NOT_FOUND)", f)
		}
		out = append(out, c.Name)
	}
	*l = out
	return nil
}

type checker struct {
	pass *analysis.Pass
	cfg  *Config
	rep  *report.Reporter
	res  *retryscan.Result
	// permanent4xx are the 4xx statuses the configuration calls
	// permanent; codes the gRPC codes, by value.
	permanent4xx []int
	codes        []catalog.GRPCCode
	eng          *engine.Program
	std          func(*types.Package) bool // analysisutil.Std
	// retryOff are the service configs whose dial turns retries off
	// (catalog.ServiceConfigsOff), worked out at the first one.
	retryOff map[*ast.CallExpr]bool
	// pushbackKept is keepsPushback's answer, worked out at the first
	// question.
	pushbackKept *bool
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	r, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	c := &checker{pass: pass, cfg: cfg, rep: report.New(pass), res: r, eng: engine.Of(pass), std: analysisutil.Std(pass)}
	for s := 400; s < 500; s++ {
		if !slices.Contains(cfg.TransientStatuses, s) {
			c.permanent4xx = append(c.permanent4xx, s)
		}
	}
	for _, name := range cfg.PermanentCodes {
		if code, ok := catalog.LookupGRPCCode(name); ok {
			c.codes = append(c.codes, code)
		}
	}
	for _, site := range r.Sites() {
		at.At(site.Pos())
		switch site.Kind() {
		case retryscan.KindLoop, retryscan.KindLibrary:
		case retryscan.KindWrapper:
			c.wrapperCancel(r, site) // the wrapper has no context, its caller does
			// A literal handed to a wrapper around a library retry is
			// that library's operation (retryscan's WrapperFact.Lib): its
			// region is judged as the library's would be, below.
		default:
			continue // a retrier's retry is judged where it is written
		}
		region := site.Region()
		if site.Func() == nil || site.Body() == nil || region == nil {
			continue
		}
		a := &attempt{c: c, site: site, region: region, walks: map[scenario]*engine.Walk{}}
		if site.Kind() != retryscan.KindWrapper {
			c.retryAfterCancel(a)
			if c.retryIf(a) || c.classifierOption(site) {
				continue
			}
		} else if site.ClassifierArg() >= 0 && c.retryIf(a) {
			continue // the classifier handed to the wrapper decides (classparam.go)
		}
		c.permanentStatus(a)
		c.ignoresRetryAfter(a)
		c.permanentCode(a)
	}
	c.configs()
	c.ctxlessWaits()
	return c.rep.Usage(), nil
}

// classifierOption reports whether a library call hands the decision to
// code the analyzer does not read: an option such as retry.RetryIf(f),
// written in the call or in a list spread into it, or options passed as
// a slice it cannot read (opts... from a parameter).
func (c *checker) classifierOption(site *retryscan.Site) bool {
	call, ok := site.Node().(*ast.CallExpr)
	if !ok || site.Kind() != retryscan.KindLibrary {
		return false
	}
	args, ok := c.optionArgs(call)
	if !ok {
		return true // options not seen may hold a RetryIf
	}
	found := false
	for i, a := range args {
		if a == site.OpExpr() || i == site.Entry().Op {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if h := catalog.LookupClassHook(analysisutil.AnyCallee(c.pass.TypesInfo, call)); h != nil && h.Hook == catalog.HookClassifier {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
