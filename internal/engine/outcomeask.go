package engine

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A server can ask for a retry itself, beside its status. The
// Stainless-generated SDKs (openai-go, anthropic-sdk-go) retry any
// response that carries "x-should-retry: true", a 2xx too, and never one
// that carries "false"; Stripe's clients read Stripe-Should-Retry alike:
//
//	if res.Header.Get("x-should-retry") == "true" {
//		return true
//	}
//	if res.Header.Get("x-should-retry") == "false" {
//		return false
//	}
//	return res.StatusCode >= 500
//
// What such a header says depends on the response, so a read of it is
// unknown and related to the outcome; a bool field of a response named
// the same way (resp.Retryable, reply.ShouldRetry) is too. An outcome
// that is Quiet is a response that asks for nothing: the header is
// absent (""), the field false, and the code above decides on the status
// alone. A header or field about the wait or the count (Retry-After,
// retry-after-ms, X-Retry-Count, RetryDelay) asks for nothing: a poll of
// an async job reads Retry-After on a 202, and stays a poll.

// asked evaluates a call that reads what a response of the scenario asks
// in a header, res.Header.Get(name), and the string functions that look
// at such a value (strings.EqualFold, strings.ToLower, strconv.ParseBool).
func (w *walker) asked(fn *types.Func, args []ssa.Value, idx, upto int) (Val, bool) {
	switch {
	case (analysisutil.IsFunc(fn, "net/http", "Header", "Get") || analysisutil.IsFunc(fn, "net/textproto", "MIMEHeader", "Get")) && len(args) == 2:
		name, ok := constString(args[1])
		if !ok || !asksRetry(name) {
			return Val{}, false
		}
		res, ok := w.headerOf(args[0], upto)
		if !ok {
			return Val{}, false
		}
		if res.Quiet {
			return Val{Kind: Str}, true
		}
		return unknown(true), true
	case fn.Pkg() == nil || len(args) == 0:
		return Val{}, false
	case fn.Pkg().Path() == "strings" && len(args) == 1:
		x := w.eval(args[0], upto)
		if x.Kind != Str {
			return Val{}, false
		}
		switch fn.Name() {
		case "ToLower":
			return Val{Kind: Str, S: strings.ToLower(x.S)}, true
		case "ToUpper":
			return Val{Kind: Str, S: strings.ToUpper(x.S)}, true
		case "TrimSpace":
			return Val{Kind: Str, S: strings.TrimSpace(x.S)}, true
		}
	case analysisutil.IsFunc(fn, "strings", "", "EqualFold") && len(args) == 2:
		for i, a := range args {
			if x := w.eval(a, upto); x.Kind == Str {
				if s, ok := constString(args[1-i]); ok {
					return boolVal(triOf(strings.EqualFold(x.S, s)), false), true
				}
			}
		}
	case analysisutil.IsFunc(fn, "strconv", "", "ParseBool") && len(args) == 1:
		x := w.eval(args[0], upto)
		if x.Kind != Str {
			return Val{}, false
		}
		b, err := strconv.ParseBool(x.S)
		if idx == 1 {
			if err != nil {
				return Val{Kind: Err, Class: ErrPlain}, true
			}
			return Val{Kind: Nil}, true
		}
		return boolVal(triOf(b), false), true
	}
	return Val{}, false
}

// headerOf returns the response whose Header field h was loaded from,
// when the scenario decides it: res.Header, a parameter's p.Header.
func (w *walker) headerOf(h ssa.Value, upto int) (Val, bool) {
	ld, ok := h.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return Val{}, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return Val{}, false
	}
	res := w.eval(fa.X, upto)
	return res, res.Kind == NonNil && res.Status
}

// askField evaluates a bool field named like a retry wish of a response
// the scenario decides: resp.Retryable is false when the response is
// Quiet, and otherwise unknown.
func askField(base Val, f *types.Var) (Val, bool) {
	if base.Kind != NonNil || !base.Status || !isBool(f.Type()) || !asksRetry(f.Name()) {
		return Val{}, false
	}
	if base.Quiet {
		return boolVal(catalog.TriNo, false), true
	}
	return unknown(true), true
}

// strEqual folds the comparison of a Str value with a string constant.
func strEqual(v *ssa.BinOp, x, y Val) catalog.Tri {
	if x.Kind == Str && y.Kind == Str {
		return triOf(x.S == y.S)
	}
	if x.Kind == Str {
		if s, ok := constString(v.Y); ok {
			return triOf(x.S == s)
		}
	}
	if y.Kind == Str {
		if s, ok := constString(v.X); ok {
			return triOf(y.S == s)
		}
	}
	return catalog.TriUnknown
}

func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// asksRetry reports a header or field name in which a server asks for a
// retry or for none: x-should-retry, Stripe-Should-Retry, X-Retryable,
// ShouldRetry, NoRetry. A name with a word about the wait, the count or
// a policy is not one: Retry-After, retry-after-ms, X-Retry-Count,
// RetryDelay, MaxRetries.
func asksRetry(name string) bool {
	asks := false
	for _, word := range nameWords(name) {
		switch word {
		case "retry", "retryable", "retriable":
			asks = true
		case "after", "ms", "count", "attempt", "attempts", "delay", "wait", "backoff",
			"limit", "max", "interval", "in", "at", "seconds", "policy", "budget":
			return false
		}
	}
	return asks
}

// nameWords splits a header or Go name into lower-case words at dashes,
// underscores and capitals: "X-Should-Retry" and "XShouldRetry" are
// x, should, retry.
func nameWords(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '-' || r == '_' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}
