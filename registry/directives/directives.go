// Package directives is the retrylint directives checker wired to the
// default analyzers of the registry, for drivers that take one package
// per analyzer, such as Bazel nogo (see docs/nogo.md).
//
// The checker itself lives in analyzers/directives; it cannot import the
// analyzers whose //retrylint:ignore comments it checks (no analyzer
// imports another), so this package, above the registry, gives it its
// list.
package directives

import "github.com/retrylint/retrylint/registry"

// Analyzer checks //retrylint: comments against the default analyzers.
var Analyzer = registry.Directives()
