package nodeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// ReachFact is exported for a function whose context parameter reaches
// an outbound call with no deadline added on the way:
//
//	func Fetch(ctx context.Context, c grpc_health_v1.HealthClient) error {
//		_, err := c.Check(ctx, req) // Fetch gets reaches(param 0 via HealthClient.Check)
//		return err
//	}
//
// A caller passing a deadline-less context in that parameter is reported
// at its call.
type ReachFact struct {
	Param int
	// Via names the calls from the function down to the outbound call,
	// the outbound call last: ["get", "HealthClient.Check"].
	Via []string
	// Family is the outbound call's kind, as in messages ("a gRPC call").
	Family string
	// Stream: the outbound call opens a stream or a watch.
	Stream bool
}

func (*ReachFact) AFact() {}

func (f *ReachFact) String() string {
	return fmt.Sprintf("reaches(param %d via %s)", f.Param, strings.Join(f.Via, " -> "))
}

// summary is a ReachFact of a function of this package, with the call
// inside it that continues the chain, for Related entries.
type summary struct {
	fact *ReachFact
	pos  token.Pos   // the call in this function
	next *types.Func // the next function of the chain, when it is a call of one
}

func extend(name string, f *ReachFact) []string {
	return analysisutil.CapChain(append([]string{name}, f.Via...), nil)
}

// callText is the call's function expression as written ("client.Check"),
// or the display name when that is long.
func callText(call *ast.CallExpr, fn *types.Func, from *types.Package) string {
	if s := types.ExprString(call.Fun); len(s) <= 40 {
		return s
	}
	return analysisutil.FuncName(fn, from)
}
