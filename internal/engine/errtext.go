package engine

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A classifier may decide by the error's text (topcheer/ggcode#306):
//
//	func retryable(err error) bool {
//		msg := strings.ToLower(err.Error())
//		if strings.Contains(msg, "status code: 401") || strings.Contains(msg, "status code: 404") {
//			return false
//		}
//		return true // a 400 goes round
//	}
//
// The text is known only where the package makes the error itself from
// constants and values the scenario decides: errors.New("bad request"),
// fmt.Errorf("status code: %d", resp.StatusCode) under a 400. There
// strings.Contains, HasPrefix, HasSuffix, EqualFold and == on
// err.Error() fold, so the classifier answers for that status. The text
// of any other error (a transport failure, a library's typed error, one
// made with %s of a body or a URL) is unknown, and so is every test of
// it: a classifier by text decides nothing where the error's words are
// not all in sight.

// errText returns the text of the error errors.New or fmt.Errorf makes
// of args, when every part of it is known: a constant format whose verbs
// (%d and %v of integers, %s, %v, %q and %w of strings and of errors
// whose text is known) take known values. An integer of a named type
// may print as its name (codes.NotFound): only a plain one is rendered.
func (w *walker) errText(fn *types.Func, args []ssa.Value, upto int) (string, bool) {
	if analysisutil.IsFunc(fn, "errors", "", "New") && len(args) == 1 {
		return w.strOf(args[0], upto)
	}
	if !analysisutil.IsFunc(fn, "fmt", "", "Errorf") || len(args) != 2 {
		return "", false
	}
	format, ok := constString(Strip(args[0]))
	verbs := formatVerbs(args)
	vals, vok := variadic(args[1])
	if !ok || verbs == nil || !vok || len(verbs) != len(vals) {
		return "", false
	}
	out := make([]any, len(vals))
	for i, a := range vals {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		x := w.eval(a, upto)
		_, basic := types.Unalias(a.Type()).(*types.Basic) // codes.Code prints its name, not its number
		switch {
		case x.Kind == Int && x.Exact && basic && (verbs[i] == 'd' || verbs[i] == 'v'):
			out[i] = x.N
		case x.Kind == Int:
			return "", false
		case strings.IndexByte("svqw", verbs[i]) < 0:
			return "", false
		case x.Kind == Err && x.HasText:
			out[i] = x.S
		default:
			s, ok := w.strOf(a, upto)
			if !ok {
				return "", false
			}
			out[i] = s
		}
	}
	return fmt.Sprintf(strings.ReplaceAll(format, "%w", "%v"), out...), true
}

// strOf returns the string v holds when it is known: a constant, or a
// Str value of the walk.
func (w *walker) strOf(v ssa.Value, upto int) (string, bool) {
	if s, ok := constString(Strip(v)); ok {
		return s, true
	}
	if x := w.eval(v, upto); x.Kind == Str {
		return x.S, true
	}
	return "", false
}

// withText gives an error value the text errText finds for its call.
func (w *walker) withText(v Val, fn *types.Func, args []ssa.Value, upto int) Val {
	v.S, v.HasText = "", false
	if v.Kind != Err {
		return v
	}
	if s, ok := w.errText(fn, args, upto); ok {
		v.S, v.HasText = s, true
	}
	return v
}

// textCall folds err.Error() of an error whose text is known, and the
// string tests of known strings: strings.Contains, HasPrefix, HasSuffix.
func (w *walker) textCall(fn *types.Func, args []ssa.Value, upto int) (Val, bool) {
	switch {
	case fn.Name() == "Error" && fn.Pkg() == nil && len(args) == 1:
		if x := w.eval(args[0], upto); x.Kind == Err && x.HasText {
			return Val{Kind: Str, S: x.S}, true
		}
	case fn.Pkg() != nil && fn.Pkg().Path() == "strings" && len(args) == 2:
		test := map[string]func(string, string) bool{"Contains": strings.Contains, "HasPrefix": strings.HasPrefix, "HasSuffix": strings.HasSuffix}[fn.Name()]
		if test == nil {
			return Val{}, false
		}
		s, ok := w.strOf(args[0], upto)
		sub, subOK := w.strOf(args[1], upto)
		if ok && subOK {
			return boolVal(triOf(test(s, sub)), false), true
		}
	}
	return Val{}, false
}
