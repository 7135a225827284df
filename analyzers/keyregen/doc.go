// Package keyregen defines an Analyzer that idempotency keys generated inside the retried code.
//
// # Analyzer keyregen
//
// keyregen: report idempotency keys generated inside the retried code
//
// (Documentation in progress.)
package keyregen
