package catalog

import (
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Answers that say the thing asked for is not there (yet): HTTP 404, the
// gRPC code NotFound (class.go), and the predicates and sentinel errors below. A
// loop that goes round only on one of them polls for something to
// appear; it is no retry (retryscan's absence.go).

// HTTPNotFound is the status of an absent resource (RFC 9110 §15.5.5).
const HTTPNotFound = 404

// absencePredicates report an error that says not found.
var absencePredicates = []Symbol{
	{"k8s.io/apimachinery/pkg/api/errors", "", "IsNotFound"},
	{"os", "", "IsNotExist"},
}

// absenceSentinels are errors that say not found, compared with == or
// errors.Is: variables, and constants of a named error type. go-redis's
// Nil, the reply to a GET of a key that is not there, is the constant
// proto.Nil (redis.go: const Nil = proto.Nil, a proto.RedisError); the
// engine names it redis.Nil where the code imports go-redis, and
// proto.Nil where it sees only the type's package.
var absenceSentinels = []Symbol{
	{"os", "", "ErrNotExist"},
	{"io/fs", "", "ErrNotExist"},
	{"database/sql", "", "ErrNoRows"},
	{redisV9, "", "Nil"},
	{redisV9 + "/internal/proto", "", "Nil"},
}

// IsAbsencePredicate reports a function whose true result says that the
// error it is given means not found.
func IsAbsencePredicate(fn *types.Func) bool {
	return fn != nil && slices.Contains(absencePredicates, SymbolOf(fn))
}

// IsAbsenceSentinel reports a package-level error variable or constant
// that means not found.
func IsAbsenceSentinel(obj types.Object) bool {
	return !analysisutil.IsNil(obj) && obj.Pkg() != nil && slices.Contains(absenceSentinels, Symbol{Pkg: obj.Pkg().Path(), Name: obj.Name()})
}
