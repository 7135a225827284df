// Package unboundedbackoff defines an Analyzer that retry delays with no cap, no jitter, or no bound.
//
// # Analyzer unboundedbackoff
//
// unboundedbackoff: report retry delays with no cap, no jitter, or no bound
//
// (Documentation in progress.)
package unboundedbackoff
