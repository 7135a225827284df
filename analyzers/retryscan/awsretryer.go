package retryscan

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/catalog"
)

// How many attempts an aws-sdk-go-v2 retryer value makes, for messages
// about the retryer itself rather than a call (retryclass's
// AddWithErrorCodes finding):
//
//	r := retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = 5 })
//	retry.AddWithErrorCodes(r, "AccessDeniedException")  // 5 attempts
//	retry.AddWithErrorCodes(retry.AddWithMaxAttempts(retry.NewStandard(), 5), "...") // 5
//	retry.AddWithErrorCodes(cfg.Retryer(), "...")       // unknown
//
// The value's configuration is read as a client's is (configNodes,
// evalBound): the standard retryer's DefaultMaxAttempts (3) applies when
// the value is built by retry.NewStandard or retry.NewAdaptiveMode where
// the code shows it; a retryer from elsewhere has an unknown count unless
// an option sets one.

// RetryerAttempts returns the attempt count of the aws-sdk-go-v2 retryer
// e evaluates to (see Bound.Attempts): N > 0, catalog.AttemptsUnknown or
// catalog.AttemptsUnbounded (retry.AddWithMaxAttempts(r, 0)).
func (r *Result) RetryerAttempts(e ast.Expr) int {
	if r.retryer == nil || e == nil {
		return catalog.AttemptsUnknown
	}
	return r.retryer(e)
}

// buildsStandardRetryer reports a configuration that builds a standard (or
// adaptive) retryer where the code shows it: its count starts from
// retry.DefaultMaxAttempts, 3, whatever the service's own retryer makes.
// DynamoDB builds one with 4 only when the client is given none:
//
//	dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
//		o.Retryer = retry.NewStandard() // 3 attempts, not DynamoDB's 4
//	})
func (s *scanner) buildsStandardRetryer(nodes []ast.Node) bool {
	for _, n := range nodes {
		for _, it := range s.itemsOf(n) {
			if it.kind == ItemCall && (it.sym == catalog.AWSNewStandard || it.sym == catalog.AWSNewAdaptiveMode) {
				return true
			}
		}
	}
	return false
}

func (s *scanner) retryerAttempts(e ast.Expr) int {
	fn := s.enclosingFunc(e)
	nodes := s.configNodes(fn, e)
	row := &catalog.Retry{Attempts: catalog.AttemptsUnknown, Ctx: -1}
	if s.buildsStandardRetryer(nodes) {
		row.Attempts = catalog.AWSDefaultTries // retry.DefaultMaxAttempts
	}
	b, _ := s.evalBound(row, &ast.CallExpr{}, nodes)
	if b.Evidence == nil && s.unseenConfig(fn, e) {
		return catalog.AttemptsUnknown // retry.NewStandard(opts...), opts a parameter
	}
	return b.Attempts
}
