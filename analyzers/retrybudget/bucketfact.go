package retrybudget

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// The AWS client of a server is often built in a package of its own,
// which serves nothing, and called from the one that does:
//
//	// package awsclient
//	func Config(ctx context.Context) (aws.Config, error) {
//		return config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
//			return retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = ratelimit.None })
//		}))
//	}
//
//	// package main: serves requests
//	cfg, err := awsclient.Config(ctx) // reported here
//
// An exported function of a package that does not serve requests, whose
// body turns the bucket off, or calls or hands on a function of its
// package or of another one that does (one level down, facts carrying it
// further), gets a BucketOffFact; a package that serves requests is told
// at each use.

// BucketOffFact is exported for a function that turns off an AWS retry
// token bucket (ratelimit.None, or a limiter that never refuses a token):
// Attempts is the retryer's constant MaxAttempts, 0 when not known;
// Limiter the limiter's type, qualified by its package's name
// ("kv.NopRateLimiter"), "" for ratelimit.None.
type BucketOffFact struct {
	Attempts int
	Limiter  string
}

func (*BucketOffFact) AFact() {}

func (f *BucketOffFact) String() string {
	if f.Limiter != "" {
		return fmt.Sprintf("bucketoff(%d, %s)", f.Attempts, f.Limiter)
	}
	return fmt.Sprintf("bucketoff(%d)", f.Attempts)
}

// bucketsOffAcross exports the facts of a package that does not serve
// requests, and reports, in one that does, the calls of functions that
// carry one.
func (c *checker) bucketsOffAcross() {
	off := map[*types.Func]*BucketOffFact{} // functions of the package that turn a bucket off
	for _, b := range c.res.BucketsOff() {
		if fd := c.funcDecl(b.Expr); fd != nil {
			if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok && off[fn] == nil {
				off[fn] = &BucketOffFact{Attempts: b.Attempts}
				if b.Limiter != nil {
					off[fn].Limiter = types.TypeString(b.Limiter.Type(), (*types.Package).Name)
				}
			}
		}
	}
	imported := false
	for _, f := range c.pass.AllObjectFacts() {
		if _, ok := f.Fact.(*BucketOffFact); ok {
			imported = true
			break
		}
	}
	if len(off) == 0 && !imported {
		return
	}
	serves := c.serves()
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				// A call, or a function handed on (retry.NewStandard(noBucket)).
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				ref, _ := c.pass.TypesInfo.Uses[id].(*types.Func)
				f := off[ref]
				if f == nil && ref != nil && ref.Pkg() != c.pass.Pkg {
					if imp := new(BucketOffFact); c.pass.ImportObjectFact(ref, imp) {
						f = imp
						if serves {
							c.reportAWSRef(id, ref, imp)
						}
					}
				}
				if f != nil && fn != nil && off[fn] == nil {
					off[fn] = f // carried one call up
				}
				return true
			})
		}
	}
	if serves {
		return // its own are reported where they are written
	}
	for fn, f := range off {
		if fn.Exported() {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// reportAWSRef reports, in a package that serves requests, a use of a
// function of another package that turns the token bucket off.
func (c *checker) reportAWSRef(id *ast.Ident, fn *types.Func, f *BucketOffFact) {
	how := "ratelimit.None"
	if f.Limiter != "" {
		how = f.Limiter + ", whose GetToken never refuses"
	}
	c.reportAWSAt(id, fmt.Sprintf("%s turns off the retry token bucket (%s)", analysisutil.FuncName(fn, c.pass.Pkg), how), f.Attempts)
}
