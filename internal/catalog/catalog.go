// Package catalog is what retrylint knows about the Go ecosystem, kept as
// data: retry libraries and their defaults, clients that retry inside,
// policy options, ID generators, idempotency-key sinks, outbound calls and
// non-idempotent operations.
//
// Every row names a symbol by package path, receiver type name and name,
// and is matched against a *types.Func, never against a printed type. The
// tables are read-only after package initialization; analyzers share them
// without coordination. Each row is tested against the real module version
// named in its comment (see the tests of the package that uses the row).
package catalog

import (
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Symbol names a package-level function (Recv == "") or a method of the
// named type Recv (pointer or not) in the package with import path Pkg.
// For struct fields, Recv is the struct type and Name the field.
type Symbol struct {
	Pkg, Recv, Name string
}

// String renders the symbol the way Go documentation does:
// "github.com/cenkalti/backoff/v4.Retry", "(github.com/x/y.Client).Do".
func (s Symbol) String() string {
	if s.Recv == "" {
		return s.Pkg + "." + s.Name
	}
	return "(" + s.Pkg + "." + s.Recv + ")." + s.Name
}

// SymbolOf returns the Symbol of a function or method.
func SymbolOf(fn *types.Func) Symbol {
	if fn == nil {
		return Symbol{}
	}
	return Symbol{Pkg: analysisutil.PkgPath(fn), Recv: analysisutil.RecvName(fn), Name: fn.Name()}
}

// index builds a lookup map from rows keyed by symbol; the first row for
// a symbol wins, and the catalog tests reject duplicates.
func index[T any](rows []T, key func(*T) Symbol) map[Symbol]*T {
	m := make(map[Symbol]*T, len(rows))
	for i := range rows {
		k := key(&rows[i])
		if _, dup := m[k]; !dup {
			m[k] = &rows[i]
		}
	}
	return m
}

// Tri is a three-valued answer for properties the analyzers cannot always
// see: a delay policy that is configured elsewhere is TriUnknown, and no
// analyzer reports on TriUnknown.
type Tri uint8

const (
	TriUnknown Tri = iota
	TriNo
	TriYes
)

func (t Tri) String() string {
	switch t {
	case TriNo:
		return "no"
	case TriYes:
		return "yes"
	}
	return "unknown"
}
