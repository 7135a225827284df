// Package analysisutil holds the small helpers every retrylint pass needs:
// reading an analyzer's documentation from its doc.go, naming the static
// callee of a call, and matching functions by package path and name.
//
// x/tools keeps the equivalents under internal/, so they are written here
// instead of imported.
package analysisutil
