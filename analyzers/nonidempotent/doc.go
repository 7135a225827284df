// Package nonidempotent defines an Analyzer that retries around operations that must not run twice.
//
// # Analyzer nonidempotent
//
// nonidempotent: report retries around operations that must not run twice
//
// (Documentation in progress.)
package nonidempotent
