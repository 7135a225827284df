// Package nogotest holds the tests that keep retrylint runnable under
// Bazel rules_go's nogo (see docs/nogo.md). nogo builds its own
// analysis.Pass and leaves ReadFile, Module, OtherFiles, IgnoredFiles and
// TypeErrors unset; an analyzer that reads them works under go vet and
// golangci-lint and fails, or silently misses findings, under nogo.
//
// The package has no code of its own; its tests are the point.
package nogotest
