// Package retryclass defines an Analyzer that reports retries of
// failures that say "stop".
//
// # Analyzer retryclass
//
// retryclass: report retries of failures that will not change
//
// placeholder
package retryclass
