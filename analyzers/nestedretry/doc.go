// Package nestedretry defines an Analyzer that retries nested inside retries.
//
// # Analyzer nestedretry
//
// nestedretry: report retries nested inside retries
//
// (Documentation in progress.)
package nestedretry
