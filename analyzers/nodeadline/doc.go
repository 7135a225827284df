// Package nodeadline defines an Analyzer that outbound calls that can wait forever.
//
// # Analyzer nodeadline
//
// nodeadline: report outbound calls that can wait forever
//
// (Documentation in progress.)
package nodeadline
